"""The canonical rulebook: laws, clauses and definitions, loaded from ``corpus/rulebook.json``.

The JSON file is produced by :mod:`bot.rulebook.builder` from the four source texts and is
committed; this module only reads it.  Clause ids are ``50``, ``50D``, ``50D2``,
``50D2a`` (第50条 D款 2 (a)).
"""

from __future__ import annotations

import functools
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

CORPUS_DIR = Path(os.environ.get("BRIDGEBOT_CORPUS", Path(__file__).resolve().parents[2] / "corpus"))
RULEBOOK_PATH = CORPUS_DIR / "rulebook.json"

_CLAUSE_ID = re.compile(r"^(\d+)([A-Z]?)(\d*)([a-z]?)$")


@dataclass(frozen=True)
class Clause:
    """One clause of a law: 款 (letter), 项 (number) or sub-item (letter in parentheses)."""

    id: str
    law: int
    title: str
    text: str
    refs: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def depth(self) -> int:
        """1 for 款 (``50D``), 2 for 项 (``50D2``), 3 for sub-items (``50D2a``)."""
        return len(split_clause_id(self.id)) - 1

    @property
    def label(self) -> str:
        """The Chinese label of the clause, e.g. ``第50条D款2(a)``."""
        return clause_label(self.id)


@dataclass(frozen=True)
class Law:
    """One law (第N条) with its ordered clauses."""

    number: int
    title: str
    chapter: str
    part: str
    section: str
    intro: str
    clauses: tuple[Clause, ...]
    appendix: str = ""
    sources: tuple[str, ...] = ()
    complete: bool = True
    refs: tuple[str, ...] = ()

    def clause(self, clause_id: str) -> Clause | None:
        """The clause with this id, or None."""
        for clause in self.clauses:
            if clause.id == clause_id:
                return clause
        return None

    def subtree(self, clause_id: str) -> list[Clause]:
        """The clause and every clause nested under it, in order."""
        return [c for c in self.clauses if c.id == clause_id or is_descendant(c.id, clause_id)]


@dataclass(frozen=True)
class Definition:
    """One entry of 第一章 定义."""

    term: str
    en: str
    text: str
    refs: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()


@dataclass
class Rulebook:
    """The whole canonical rulebook."""

    edition: str
    laws: dict[int, Law]
    definitions: list[Definition]
    missing: list[int]
    chapters: list[dict] = field(default_factory=list)

    def law(self, number: int) -> Law | None:
        """The law with this number, or None when the corpus lacks it."""
        return self.laws.get(number)

    def definition(self, term: str) -> Definition | None:
        """A definition by Chinese term or English name (case-insensitive), or None."""
        wanted = term.strip().lower()
        for d in self.definitions:
            if d.term == term.strip() or d.en.lower() == wanted:
                return d
        return None

    @property
    def numbers(self) -> list[int]:
        """The law numbers present, ascending."""
        return sorted(self.laws)

    def citing(self, number: int) -> list[tuple[str, str]]:
        """The clauses (or whole laws) whose text refers to law ``number``, in the rulebook's order, as
        (clause id, its own title): 43B2b and 67B1b send a revoke to Law 64."""
        found = []
        for law in sorted(self.laws.values(), key=lambda law: law.number):
            if law.number != number and any(_cites(r, number) for r in law.refs):
                found.append((str(law.number), law.title))
            found += [(c.id, c.title or law.title) for c in law.clauses
                      if law.number != number and any(_cites(r, number) for r in c.refs)]
        return found


def _cites(ref: str, number: int) -> bool:
    """The reference ``ref`` (a clause id) is to law ``number``."""
    try:
        return split_clause_id(ref)[0] == number
    except ValueError:
        return False


def split_clause_id(clause_id: str) -> tuple:
    """``"50D2a"`` → ``(50, "D", "2", "a")``; shorter ids give shorter tuples.

    Raises ValueError for a string that is not a clause id."""
    m = _CLAUSE_ID.match(clause_id)
    if not m or (m.group(3) and not m.group(2)) or (m.group(4) and not m.group(3)):
        raise ValueError(f"not a clause id: {clause_id!r}")
    parts = [int(m.group(1))] + [p for p in m.groups()[1:] if p]
    return tuple(parts)


def is_descendant(child: str, parent: str) -> bool:
    """True when clause ``child`` is nested under ``parent`` (not equal to it)."""
    c, p = split_clause_id(child), split_clause_id(parent)
    return len(c) > len(p) and c[: len(p)] == p


def clause_label(clause_id: str) -> str:
    """Chinese label for a clause id: ``50D2a`` → ``第50条D款2(a)``."""
    parts = split_clause_id(clause_id)
    label = f"第{parts[0]}条"
    if len(parts) > 1:
        label += f"{parts[1]}款"
    if len(parts) > 2:
        label += parts[2]
    if len(parts) > 3:
        label += f"({parts[3]})"
    return label


def number_ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 5, 7, 8]`` → ``"1–3、5、7–8"``."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return "、".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _law_from_json(raw: dict) -> Law:
    clauses = tuple(
        Clause(
            id=c["id"],
            law=raw["number"],
            title=c.get("title", ""),
            text=c.get("text", ""),
            refs=tuple(c.get("refs", ())),
            notes=tuple(c.get("notes", ())),
        )
        for c in raw.get("clauses", ())
    )
    return Law(
        number=raw["number"],
        title=raw["title"],
        chapter=raw.get("chapter", ""),
        part=raw.get("part", ""),
        section=raw.get("section", ""),
        intro=raw.get("intro", ""),
        clauses=clauses,
        appendix=raw.get("appendix", ""),
        sources=tuple(raw.get("sources", ())),
        complete=raw.get("complete", True),
        refs=tuple(raw.get("refs", ())),
    )


def rulebook_from_json(data: dict) -> Rulebook:
    """Build a :class:`Rulebook` from the parsed JSON document."""
    laws = {raw["number"]: _law_from_json(raw) for raw in data["laws"]}
    definitions = [
        Definition(
            term=d["term"],
            en=d.get("en", ""),
            text=d["text"],
            refs=tuple(d.get("refs", ())),
            sources=tuple(d.get("sources", ())),
        )
        for d in data["definitions"]
    ]
    return Rulebook(
        edition=data.get("edition", ""),
        laws=laws,
        definitions=definitions,
        missing=list(data.get("missing", ())),
        chapters=list(data.get("chapters", ())),
    )


@functools.lru_cache(maxsize=4)
def load(path: Path | str = RULEBOOK_PATH) -> Rulebook:
    """Load (once per path) the canonical rulebook."""
    with open(path, encoding="utf-8") as fh:
        return rulebook_from_json(json.load(fh))
