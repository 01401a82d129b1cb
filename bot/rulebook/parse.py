"""Turn the cleaned lines of a source into structure: chapters, laws, clauses, definitions.

Headings in the sources run into the text around them (``…请其切牌。 B.发牌``), so a line is
split at every clause marker that starts a line or follows a space or a full stop.  The
short phrase after a marker is the clause title; a marker followed by a full sentence has
no title (``74B`` lists sentences).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_CN_NUM = "一二三四五六七八九十"
_HEADING = re.compile(rf"^(第[{_CN_NUM}]+(章|部分|节))\s*(.*)$")
_LAW_NO_COLON = re.compile(r"^第(\d+)条 +")
_MARKER = re.compile(
    r"(?P<law>第(?P<lawno>\d+)条[:：]\s*)"
    r"|(?:(?P<l1>[A-H])\.|\((?P<l2>[A-H])\))"
    r"|(?P<n>\d{1,2})\.(?!\d)"
    r"|\((?P<s>[a-z])\)"
)
_TITLE_PUNCT = re.compile(r"[。，,；;：:！？]")
_SENTENCE_END = "。:：;；)）」”}"
# A worked-example heading (例一:解释错误) is a line of its own, though it ends without a full stop.
_HEADING_LINE = re.compile(rf"^例[{_CN_NUM}]+[:：]")
_CJK_SPACE = re.compile(r"(?<=[^\x00-\x7f]) +(?=[^\x00-\x7f]|[\w(])|(?<=[\w)]) +(?=[^\x00-\x7f])")
_DEF_HEADING = re.compile(r"^([\u4e00-\u9fff]+)\s*\(([A-Za-z][A-Za-z \-—]*)\)[。.]?$")


@dataclass
class ClauseDraft:
    """A clause as parsed: id, title and body paragraphs."""

    id: str
    title: str
    body: list[str] = field(default_factory=list)


@dataclass
class LawDraft:
    """A law as parsed from one source."""

    number: int
    title: str
    chapter: str
    part: str
    section: str
    source: str
    intro: list[str] = field(default_factory=list)
    clauses: list[ClauseDraft] = field(default_factory=list)


@dataclass
class DefinitionDraft:
    """A definition as parsed from one source."""

    term: str
    en: str
    source: str
    body: list[str] = field(default_factory=list)


class StructureError(ValueError):
    """The source text cannot be given a consistent structure (e.g. a clause id twice)."""


def is_title(text: str) -> bool:
    """A clause title: a short phrase without sentence punctuation."""
    return 0 < len(text) <= 24 and not _TITLE_PUNCT.search(text)


def split_title(text: str) -> tuple[str, str]:
    """Split the text after a marker into (title, body); either may be empty."""
    text = text.strip()
    if not text:
        return "", ""
    if is_title(text):
        return text, ""
    head, sep, rest = text.partition(" ")
    if sep and is_title(head):
        return head, rest.strip()
    return "", text


def tidy(text: str) -> str:
    """Drop the spaces the sources leave between Chinese characters."""
    return _CJK_SPACE.sub("", text.strip())


def join_body(paragraphs: list[str]) -> str:
    """Join body lines: a line that does not end a sentence continues on the next one."""
    out = ""
    for p in (tidy(p) for p in paragraphs):
        if not p:
            continue
        if out and out[-1] not in _SENTENCE_END and not _HEADING_LINE.match(out.rsplit("\n", 1)[-1]):
            out += p
        else:
            out += ("\n" if out else "") + p
    return out


def _segments(line: str) -> list[tuple[re.Match | None, str]]:
    """Split a line at markers that start it or follow a space or a full stop."""
    cuts = [m for m in _MARKER.finditer(line) if m.start() == 0 or line[m.start() - 1] in " 。"]
    if not cuts:
        return [(None, line)]
    out: list[tuple[re.Match | None, str]] = []
    if cuts[0].start() > 0:
        out.append((None, line[: cuts[0].start()]))
    for i, m in enumerate(cuts):
        end = cuts[i + 1].start() if i + 1 < len(cuts) else len(line)
        out.append((m, line[m.end() : end]))
    return out


def parse_laws(lines: list[str] | tuple[str, ...], source: str) -> list[LawDraft]:
    """Parse the law part of a source (from its first chapter or law heading onwards)."""
    laws: list[LawDraft] = []
    chapter = part = section = ""
    law: LawDraft | None = None
    target: list[str] | None = None
    letter = number = ""
    seen: set[str] = set()

    def open_clause(clause_id: str, rest: str) -> list[str]:
        if clause_id in seen:
            raise StructureError(f"{source}: clause {clause_id} appears twice")
        seen.add(clause_id)
        title, body = split_title(rest)
        clause = ClauseDraft(clause_id, tidy(title), [body] if body else [])
        law.clauses.append(clause)
        return clause.body

    for line in lines:
        heading = _HEADING.match(line)
        if heading:
            kind, name = heading.group(2), f"{heading.group(1)} {tidy(heading.group(3))}".strip()
            if kind == "章":
                chapter, part, section = name, "", ""
            elif kind == "部分":
                part, section = name, ""
            else:
                section = name
            continue
        plain_law = _LAW_NO_COLON.match(line)
        if plain_law:
            # "第1条 牌——…" (no colon) is a law heading only at the start of a line.
            line = f"第{plain_law.group(1)}条:" + line[plain_law.end():]
        for marker, rest in _segments(line):
            if marker is None:
                if target is not None:
                    target.append(rest)
                continue
            if marker.group("law"):
                title, body = split_title(rest)
                law = LawDraft(int(marker.group("lawno")), tidy(title), chapter, part, section, source)
                if not law.title:
                    raise StructureError(f"{source}: law {law.number} has no title")
                laws.append(law)
                target = law.intro
                if body:
                    target.append(body)
                letter = number = ""
                continue
            if law is None:
                continue
            if marker.group("l1") or marker.group("l2"):
                letter, number = marker.group("l1") or marker.group("l2"), ""
                target = open_clause(f"{law.number}{letter}", rest)
            elif marker.group("n") and letter:
                number = marker.group("n")
                target = open_clause(f"{law.number}{letter}{number}", rest)
            elif marker.group("s") and number:
                target = open_clause(f"{law.number}{letter}{number}{marker.group('s')}", rest)
            elif target is not None:
                target.append(marker.group(0) + rest)
    return laws


def parse_definitions(lines: list[str] | tuple[str, ...], source: str) -> list[DefinitionDraft]:
    """Parse definitions laid out as a ``term(EN)`` line followed by its text lines."""
    out: list[DefinitionDraft] = []
    for line in lines:
        m = _DEF_HEADING.match(line)
        if m:
            out.append(DefinitionDraft(m.group(1), tidy(m.group(2)), source))
        elif out:
            out[-1].body.append(line)
    return out
