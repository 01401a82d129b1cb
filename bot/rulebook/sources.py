"""Read the four source texts and undo each one's mechanical damage.

Each source has its own kind of noise (see ``corpus/README.md``).  This module removes
what a rule can remove (full-width forms, pinyin annotations, forum posts, indentation),
then applies the reviewed editorial corrections of ``corpus/corrections.yaml`` — every
change a person made is listed there, never hidden in code — and finally converts
traditional characters to simplified with OpenCC.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from bot.base.textnorm import to_halfwidth, to_simplified

# Pinyin annotation after a character: 關(guān). Plain one-letter (a)/(b) are item markers.
_PINYIN = re.compile(r"(?<=[\u4e00-\u9fff])\(([a-zü\u00e0-\u01dc]+)\)")
_TONE_MARKS = re.compile(r"[\u00e0-\u01dcü]")


@dataclass(frozen=True)
class Source:
    """One source text after cleaning: its id (file stem), a short label, and its lines."""

    id: str
    label: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Correction:
    """One reviewed editorial change: in ``source``, ``find`` becomes ``replace``, for ``reason``."""

    source: str
    find: str
    replace: str
    reason: str
    count: int = 1


class CorrectionError(ValueError):
    """A correction does not match its source the expected number of times."""


def load_corrections(path: Path) -> list[Correction]:
    """Read ``corrections.yaml`` (a list of {source, find, replace, reason[, count]})."""
    with open(path, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh) or {}
    return [
        Correction(
            source=str(item["source"]),
            find=item["find"],
            replace=item["replace"],
            reason=item["reason"],
            count=int(item.get("count", 1)),
        )
        for item in raw.get("corrections", [])
    ]


def strip_pinyin(text: str) -> str:
    """Remove pinyin annotations such as ``關(guān)`` → ``關``; keep ``(a)`` item markers."""

    def drop(match: re.Match) -> str:
        syllable = match.group(1)
        return "" if len(syllable) > 1 or _TONE_MARKS.search(syllable) else match.group(0)

    return _PINYIN.sub(drop, text)


def apply_corrections(source_id: str, text: str, corrections: list[Correction]) -> str:
    """Apply the corrections meant for ``source_id`` (matched by id prefix, e.g. ``000``).

    Raises CorrectionError when a correction's ``find`` text does not occur exactly ``count``
    times, so a stale entry can never silently do nothing."""
    for c in corrections:
        if not source_id.startswith(c.source):
            continue
        found = text.count(c.find)
        if found != c.count:
            raise CorrectionError(
                f"correction for {c.source} expects {c.count}× {c.find!r}, found {found}×"
            )
        text = text.replace(c.find, c.replace)
    return text


def _clean_lines(text: str) -> tuple[str, ...]:
    lines = (re.sub(r"[ \t]+", " ", line).strip() for line in text.splitlines())
    return tuple(line for line in lines if line)


def _forum_rule_text(text: str) -> str:
    """Keep only the rule text of the forum thread: the blocks that follow a post header and
    start with the definitions (``>>中国桥牌竞赛规则``) or a law heading (``第N条``)."""
    kept = []
    for block in re.split(r"^downtown\s*$", text, flags=re.M):
        body = block.strip()
        if body.startswith(">>") or re.match(r"第\d+条", body):
            kept.append(body)
    return "\n".join(kept)


def prepare(path: Path, corrections: list[Correction]) -> Source:
    """Read one source file and return its cleaned lines (simplified, half-width)."""
    source_id = path.stem
    text = path.read_text(encoding="utf-8")
    text = to_halfwidth(text)
    if source_id.startswith("002"):
        text = strip_pinyin(text)
    if source_id.startswith("004"):
        text = _forum_rule_text(text)
    text = apply_corrections(source_id, text, corrections)
    text = to_simplified(text)
    label = {"000": "simplified, full", "002": "traditional, pinyin", "003": "simplified, split",
             "004": "forum thread"}.get(source_id[:3], source_id)
    return Source(id=source_id, label=label, lines=_clean_lines(text))


def load_sources(directory: Path, corrections: list[Correction]) -> dict[str, Source]:
    """All ``*.txt`` sources of ``directory`` keyed by their three-digit prefix (``000``…)."""
    return {p.stem[:3]: prepare(p, corrections) for p in sorted(directory.glob("*.txt"))}
