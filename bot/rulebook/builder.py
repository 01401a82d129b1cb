"""Build the canonical rulebook from the four sources: ``corpus/rulebook.json`` + ``rulebook.md``.

Deterministic: the same sources and corrections give byte-identical files.  Steps:
clean each source (:mod:`bot.rulebook.sources`), parse its structure (:mod:`bot.rulebook.parse`),
merge (one primary source per law, definitions from the forum copy, which is the cleanest),
expand the tables, extract cross-references, write JSON and a Markdown rendering.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from bot.rulebook.parse import LawDraft, join_body, parse_definitions, parse_laws
from bot.rulebook.sources import Source, load_corrections, load_sources
from bot.rulebook.render import law_text, table_text
from bot.rulebook.model import CORPUS_DIR, number_ranges, rulebook_from_json
from bot.base.textnorm import prose_punctuation

EDITION = "中国桥牌竞赛规则(1999)"
ALL_LAWS = range(1, 94)  # the 1997 Laws, on which the 1999 Chinese rules are based, have 93 laws
# Which source gives the text of a law when several have it; the others are compared in the report.
PRIMARY_ORDER = ("000", "002", "004")

_TABLE = re.compile(r"\{\{table:([\w-]+)\}\}")
_REF = re.compile(r"(第)?(\d+)条(?:([A-H])款(\d+)?(?:\(([a-z])\))?)?")
_SAME_LAW_REF = re.compile(r"本(条|款)([A-H])?款?(\d+)?(?:\(([a-z])\))?")
_NOTE = re.compile(r"\(注[:：]?")


@dataclass(frozen=True)
class BuildPaths:
    """Where the builder reads and writes."""

    corpus: Path = CORPUS_DIR

    @property
    def sources(self) -> Path:
        """The verbatim source texts."""
        return self.corpus / "sources"

    @property
    def corrections(self) -> Path:
        """The reviewed corrections file."""
        return self.corpus / "corrections.yaml"

    @property
    def json(self) -> Path:
        """The canonical rulebook (generated, committed)."""
        return self.corpus / "rulebook.json"

    @property
    def markdown(self) -> Path:
        """The rulebook rendered for people (generated, committed)."""
        return self.corpus / "rulebook.md"


def _law_lines(source: Source) -> list[str]:
    """The part of a source after its definitions: from the first chapter or law heading."""
    for i, line in enumerate(source.lines):
        if re.match(r"第[二三四五六七八九]章|第\d+条", line):
            return list(source.lines[i:])
    return []


def _definition_lines(source: Source) -> list[str]:
    """The forum copy's definitions block (between its ``定义`` heading and the first law)."""
    lines = list(source.lines)
    start = next(i for i, line in enumerate(lines) if line == "定义") + 1
    end = next(i for i, line in enumerate(lines) if re.match(r"第\d+条 ", line))
    return lines[start:end]


def _expand_tables(text: str) -> str:
    return _TABLE.sub(lambda m: table_text(m.group(1)), text)


def extract_notes(text: str) -> list[str]:
    """The notes (注) of a text: each ``(注: …)`` with balanced parentheses, without the wrapper."""
    notes = []
    for m in _NOTE.finditer(text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        body = text[m.end() : i - 1].strip()
        if body:
            notes.append(body)
    return notes


def extract_refs(text: str, law: int, clause_id: str = "") -> list[str]:
    """Cross-references in ``text`` as clause ids (``16A``, ``45C4b``), in order, unique."""
    refs: list[str] = []
    for m in _REF.finditer(text):
        refs.append(f"{m.group(2)}{m.group(3) or ''}{m.group(4) or ''}{m.group(5) or ''}")
    letter = re.match(r"\d+([A-H]?)", clause_id).group(1) if clause_id else ""
    for m in _SAME_LAW_REF.finditer(text):
        if m.group(1) == "款" and letter and m.group(3):
            refs.append(f"{law}{letter}{m.group(3)}")
        elif m.group(1) == "条" and m.group(2):
            refs.append(f"{law}{m.group(2)}{m.group(3) or ''}{m.group(4) or ''}")
    seen, out = set(), []
    for r in refs:
        if r not in seen and r != clause_id:
            seen.add(r)
            out.append(r)
    return out


def _clean(text: str) -> str:
    return prose_punctuation(_expand_tables(text))


def _law_json(draft: LawDraft, sources: list[str], structure: dict) -> dict:
    intro = _clean(join_body(draft.intro))
    clauses = []
    for c in draft.clauses:
        body = _clean(join_body(c.body))
        clauses.append({"id": c.id, "title": prose_punctuation(c.title), "text": body,
                        "refs": extract_refs(c.title + body, draft.number, c.id),
                        "notes": extract_notes(body)})
    appendix = ""
    marker = structure.get("appendix", {}).get(draft.number)
    if marker:
        # The worked examples of Law 75 follow its last clause in the source; keep them with the law.
        last = clauses[-1]
        cut = last["text"].index(marker)
        last["text"], appendix = last["text"][:cut].rstrip(), last["text"][cut:]
        last["refs"] = extract_refs(last["title"] + last["text"], draft.number, last["id"])
        last["notes"] = extract_notes(last["text"])
    incomplete = structure.get("incomplete", {})
    return {
        "number": draft.number,
        "title": prose_punctuation(draft.title),
        "chapter": draft.chapter or structure.get("chapters", {}).get(draft.number, ""),
        "part": draft.part,
        "section": draft.section,
        "intro": intro,
        "clauses": clauses,
        "appendix": appendix,
        "refs": extract_refs(intro + appendix, draft.number),
        "notes": extract_notes(intro),
        "sources": sources,
        "complete": draft.number not in incomplete,
        "incomplete_reason": incomplete.get(draft.number, ""),
    }


def _definitions(sources: dict[str, Source], structure: dict) -> list[dict]:
    drafts = parse_definitions(_definition_lines(sources["004"]), sources["004"].id)
    out = []
    for d in drafts:
        text = _clean(join_body(d.body))
        present = [s.id for s in sources.values() if any(re.search(rf"{d.term} ?\(", line) for line in s.lines)]
        out.append({"term": d.term, "en": d.en, "text": text, "refs": extract_refs(text, 0),
                    "sources": present})
    for extra in structure.get("definitions_added", []):
        out.append({"term": extra["term"], "en": extra["en"], "text": _clean(extra["text"]),
                    "refs": extract_refs(extra["text"], 0), "sources": [extra["source"]]})
    return out


def build(paths: BuildPaths = BuildPaths()) -> dict:
    """Build the rulebook document (the JSON structure) from sources and corrections."""
    corrections = load_corrections(paths.corrections)
    with open(paths.corrections, encoding="utf-8") as fh:
        structure = (yaml.safe_load(fh) or {}).get("structure", {})
    sources = load_sources(paths.sources, corrections)
    drafts: dict[str, dict[int, LawDraft]] = {}
    for key in PRIMARY_ORDER:  # 003 runs titles into text; it only confirms the others
        source = sources[key]
        drafts[key] = {law.number: law for law in parse_laws(_law_lines(source), source.id)}
    laws = []
    numbers = sorted({n for per_source in drafts.values() for n in per_source})
    for number in numbers:
        primary = next(key for key in PRIMARY_ORDER if number in drafts.get(key, {}))
        having = [sources[k].id for k in sorted(sources) if number in drafts.get(k, {})
                  or any(re.match(rf"第{number}条", line) for line in sources[k].lines)]
        laws.append(_law_json(drafts[primary][number], having, structure))
    chapters: list[dict] = []
    for law in laws:
        if law["chapter"] and (not chapters or chapters[-1]["name"] != law["chapter"]):
            chapters.append({"name": law["chapter"], "laws": []})
            # a chapter whose Chinese title no source prints: its English title, marked as such
            title_en = structure.get("chapter_titles_en", {}).get(law["chapter"])
            if title_en:
                chapters[-1]["title_en"] = title_en
        if chapters and law["chapter"] == chapters[-1]["name"]:
            chapters[-1]["laws"].append(law["number"])
    present = {law["number"] for law in laws}
    return {
        "edition": EDITION,
        "coverage": f"定义; 第{number_ranges(sorted(present))}条",
        "chapters": chapters,
        "definitions": _definitions(sources, structure),
        "laws": laws,
        "missing": [n for n in ALL_LAWS if n not in present],
    }


def to_json(document: dict) -> str:
    """The canonical JSON text of the rulebook (stable key order, readable Chinese)."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def to_markdown(document: dict) -> str:
    """A Markdown rendering of the rulebook for people to read and review in diffs."""
    book = rulebook_from_json(document)
    out = [f"# {document['edition']}", "", f"收录范围: {document['coverage']}。"
           f"本语料缺: 第{number_ranges(document['missing'])}条。", "",
           "<!-- Generated by `bridgebot build` from corpus/sources and corpus/corrections.yaml. -->",
           "", "## 第一章 定义", ""]
    for d in book.definitions:
        out += [f"### {d.term}" + (f" ({d.en})" if d.en else ""), "", d.text, ""]
    chapter = None
    for number in book.numbers:
        law = book.law(number)
        if law.chapter and law.chapter != chapter:
            chapter = law.chapter
            out += [f"## {chapter}", ""]
        body = law_text(law).split("\n", 1)
        out += [f"### {body[0]}", "", "```text", body[1] if len(body) > 1 else "", "```", ""]
    return "\n".join(out)


def write(paths: BuildPaths = BuildPaths()) -> dict:
    """Build and write ``rulebook.json`` and ``rulebook.md``; return the document."""
    document = build(paths)
    paths.json.write_text(to_json(document), encoding="utf-8")
    paths.markdown.write_text(to_markdown(document), encoding="utf-8")
    return document
