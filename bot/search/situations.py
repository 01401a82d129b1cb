"""The situation index: table situations in players' words, per clause and per defined term.

Reviewed data in ``corpus/situations/*.yaml`` (every file but ``absent_*``), each with
``clauses: {"50B": [phrases]}``, ``terms: {"明手": [phrases]}`` and ``skipped: {"78D": reason}``.
The phrases are written by reading the clause itself, the way players tell the situation in a
chat; the index gives them a column of their own (see :mod:`bot.search.index`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from bot.base.textnorm import normalize_query
from bot.rulebook.model import CORPUS_DIR

SITUATIONS_DIR = CORPUS_DIR / "situations"


@dataclass(frozen=True)
class Situations:
    """Situation phrases by clause id (``"50B"``, or ``"66"`` for a law without clauses) and by
    defined term, normalised; and the clauses consciously left without phrases, with the reason."""

    clauses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    terms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)

    def fingerprint_data(self) -> list:
        """A JSON-able form of the phrases, for the index fingerprint."""
        return [sorted(self.clauses.items()), sorted(self.terms.items())]


class SituationsFileError(ValueError):
    """A situations file is malformed; the message names the file and the entry."""


def situation_files(directory: Path = SITUATIONS_DIR) -> list[Path]:
    """The situation files of ``directory`` (absent-law files excluded), in name order."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob("*.yaml") if not p.name.startswith("absent"))


@functools.lru_cache(maxsize=4)
def load_situations(directory: Path = SITUATIONS_DIR) -> Situations:
    """Read and merge every situation file of ``directory`` (cached); phrases normalised, duplicates dropped."""
    import yaml

    clauses: dict[str, list[str]] = {}
    terms: dict[str, list[str]] = {}
    skipped: dict[str, str] = {}
    for path in situation_files(directory):
        with open(path, encoding="utf-8") as fh:
            raw = yaml.safe_load(fh) or {}
        if not isinstance(raw, dict):
            raise SituationsFileError(f"{path.name}: expected a mapping with clauses/terms/skipped")
        for section, target in (("clauses", clauses), ("terms", terms)):
            for key, phrases in (raw.get(section) or {}).items():
                if not isinstance(phrases, list):
                    raise SituationsFileError(f"{path.name}: {section}.{key} must be a list of phrases")
                bucket = target.setdefault(_key(key, section), [])
                for phrase in phrases:
                    text = normalize_query(str(phrase)).strip()
                    if text and text not in bucket:
                        bucket.append(text)
        for key, reason in (raw.get("skipped") or {}).items():
            skipped[_key(key, "clauses")] = str(reason)
    return Situations({k: tuple(v) for k, v in clauses.items() if v}, {k: tuple(v) for k, v in terms.items() if v},
                      skipped)


def _key(key: object, section: str) -> str:
    text = str(key).strip()
    # Clause ids are upper-case letters after the number (50D2a keeps its small a); terms as written.
    return normalize_query(text) if section == "terms" else text
