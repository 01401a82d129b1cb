"""Phone-sized excerpts of the rulebook: a clause with the sentences that govern it.

A sub-clause read alone misleads (70C1 「未提及将牌 声称者未说明该将牌，且」 is one of three
conditions under 70C's stem), so an excerpt shows the law title, the title and stem of every parent,
the clause with everything nested under it, and — when the clause is one of a set of conditions or
alternatives — its siblings by title.  The law text itself is never rewritten: the excerpt only
chooses which of the rulebook's own lines to show; the rest is one tap away (全文).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.rulebook.model import Clause, Law, is_descendant, split_clause_id
from bot.rulebook.render import clause_marker, clause_text, law_heading

# What fits a phone screen without scrolling much; the clause asked for is never cut to fit it
# (only the siblings around it are), so an excerpt may be longer when the clause itself is.
BUDGET = 600
INDENT = "  "
ELLIPSIS = "……"
COMPACT_TEXT = 30  # characters of an untitled clause shown in its one-line form
# A stem ending in a colon introduces a list; a clause ending in 且/或 is one condition of several.
_LIST_STEM = re.compile(r"[：:]$")
_CONDITION = re.compile(r"(?:且|或|或者|并且|以及|，|；|;|,)$")


@dataclass(frozen=True)
class Excerpt:
    """An excerpt: ``text`` (its first line the heading) and whether it shows all of its subject."""

    text: str
    complete: bool


def compact_line(clause: Clause, depth: int = 0) -> str:
    """The clause in one line: marker and title, or (untitled) the start of its text."""
    label = clause.title or (clause.text if len(clause.text) <= COMPACT_TEXT else clause.text[:COMPACT_TEXT] + ELLIPSIS)
    return INDENT * depth + f"{clause_marker(clause)} {label}".rstrip()


def _ancestors(law: Law, clause_id: str) -> list[Clause]:
    parts = split_clause_id(clause_id)
    found = []
    for n in range(2, len(parts)):
        parent = law.clause("".join(str(p) for p in parts[:n]))
        if parent is not None:
            found.append(parent)
    return found


def _siblings(law: Law, clause: Clause) -> list[Clause]:
    parts = split_clause_id(clause.id)
    parent = "".join(str(p) for p in parts[:-1])
    return [c for c in law.clauses if c.depth == clause.depth and
            (is_descendant(c.id, parent) if len(parts) > 2 else True)]


def is_one_of_a_set(law: Law, clause: Clause) -> bool:
    """True when ``clause`` is one of a list of conditions or alternatives: its parent's stem ends
    in a colon, or it or a sibling ends in 且/或/a comma."""
    parents = _ancestors(law, clause.id)
    stem = parents[-1].text if parents else law.intro
    if stem and _LIST_STEM.search(stem.strip()):
        return True
    return any(_CONDITION.search(c.text.strip()) for c in _siblings(law, clause) if c.text)


def clause_excerpt(law: Law, clause_id: str, budget: int = BUDGET) -> Excerpt:
    """Clause ``clause_id`` of ``law`` with its governing sentences and, for one of a set of
    conditions, its siblings by title, kept within ``budget`` characters where the clause allows.

    Raises KeyError for a clause the law does not have."""
    clause = law.clause(clause_id)
    if clause is None:
        raise KeyError(clause_id)
    lines = [f"{clause.label} {law.title}"]
    lines += [clause_text(parent) for parent in _ancestors(law, clause_id)]
    own = [clause_text(c) for c in law.subtree(clause_id)]
    siblings = _siblings(law, clause) if is_one_of_a_set(law, clause) else [clause]
    used = sum(len(line) + 1 for line in lines + own)
    shown, complete = [], True
    for sibling in siblings:
        if sibling.id == clause.id:
            shown.extend(own)
            continue
        line = compact_line(sibling, clause.depth - 1)
        if used + len(line) + 1 > budget:
            complete = False
            continue
        shown.append(line)
        used += len(line) + 1
    return Excerpt("\n".join(lines + shown), complete)


def intro_sections(intro: str) -> list[list[str]]:
    """An introduction in the sections its own lines head (「墩分：」, 「奖分：」: a short line ending in a colon),
    each a list of lines, its heading first; the lines before the first heading are a section of their own."""
    sections: list[list[str]] = [[]]
    for line in intro.split("\n"):
        if _SECTION_HEADING.match(line) and sections[-1]:
            sections.append([])
        sections[-1].append(line)
    return [section for section in sections if section]


# a short line ending in a colon heads a section of a table law's text (Law 77's 「墩分：」)
_SECTION_HEADING = re.compile(r"^[^\s：:]{1,10}[：:]$")


def _intro_for(intro: str, words: tuple[str, ...], budget: int) -> tuple[str, bool]:
    """A long introduction made of sections (Law 77's tables) cut to the sections holding the most of the
    ``words`` the question matched, the others by their heading alone; else the whole introduction.
    Whether the introduction is all shown."""
    sections = intro_sections(intro)
    if len(intro) <= budget or len(sections) < 2 or not words:
        return intro, True
    # the sections holding the most of the words (「有局加倍宕三墩」: 加倍 is in every table, 宕 only in 宕墩罚分)
    held = [sum(1 for w in set(words) if w and w in "\n".join(section)) for section in sections]
    wanted = [n == max(held) for n in held]
    if not max(held) or all(wanted):
        return intro, True
    lines = [line for section, keep in zip(sections, wanted) for line in (section if keep else section[:1])]
    return "\n".join(lines), False


def law_excerpt(law: Law, focus: tuple[str, ...] = (), budget: int = BUDGET, words: tuple[str, ...] = ()) -> Excerpt:
    """The law's heading and introduction, the clauses in ``focus`` in full (with the stems
    above them) and its other top-level clauses by title, within ``budget`` characters (titles
    dropped first).  A long introduction made of sections shows those holding the question's
    ``words`` (「小满贯奖分多少」 → Law 77's 奖分 table), the others by heading.  ``complete`` is
    False when anything of the law is left out."""
    intro, whole_intro = _intro_for(law.intro, words, budget) if law.intro else ("", True)
    lines = [law_heading(law)] + ([intro] if intro else [])
    focus = tuple(f for f in focus if f)  # "" (the introduction) is always shown
    compact: list[tuple[int, str]] = []
    for i, clause in enumerate(law.clauses):
        inside = any(clause.id == f or is_descendant(clause.id, f) for f in focus)
        above = any(is_descendant(f, clause.id) for f in focus)
        if inside or above:
            lines.append(clause_text(clause))
        elif clause.depth == 1:
            compact.append((len(lines), compact_line(clause, 0)))
            lines.append("")
    used = sum(len(line) + 1 for line in lines)
    complete = not law.appendix and whole_intro
    for at, line in compact:
        complete = False
        if used + len(line) + 1 <= budget:
            lines[at] = line
            used += len(line) + 1
    return Excerpt("\n".join(line for line in lines if line), complete)


def defining_clauses(law: Law, term: str, gap: int = 4) -> tuple[str, ...]:
    """Ids of the clauses of ``law`` whose text says what ``term`` is (「…即成为轻罚张」,
    「…均为罚张」, 「称为…」), with at most ``gap`` characters between the saying and the term, or
    titled as its definition (「声称的定义」); ``""`` stands for the law's introduction."""
    pattern = re.compile(r"(?:即成为|均成为|均为|即为|称为|叫做|是指|系指|即是)[^，。；：、]{0,%d}" % gap + re.escape(term))
    found = [""] if law.intro and pattern.search(law.intro) else []
    # a clause titled as the term's definition (68A 「声称的定义」) says what it is, however far the word
    found += [c.id for c in law.clauses if (c.text and pattern.search(c.text)) or c.title == f"{term}的定义"]
    return tuple(found)
