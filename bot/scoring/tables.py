"""The scoring tables of Laws 2, 77 and 78B, read once from ``corpus/tables/*.yaml``."""

from __future__ import annotations

import functools

import yaml

from bot.rulebook.model import CORPUS_DIR

TABLES_DIR = CORPUS_DIR / "tables"


def _read(name: str) -> dict:
    with open(TABLES_DIR / name, encoding="utf-8") as f:
        return yaml.safe_load(f)


@functools.cache
def law77() -> dict:
    """The Law 77 scoring table (``law77.yaml``) as a dict."""
    return _read("law77.yaml")


@functools.cache
def imp_scale() -> tuple[tuple[int, int | None, int], ...]:
    """The Law 78B scale as ``(min, max, imps)`` rows, ascending; the last ``max`` is None."""
    return tuple((row["min"], row["max"], row["imps"]) for row in _read("imps.yaml")["scale"])


@functools.cache
def board_cycle() -> tuple[int, tuple[dict, ...]]:
    """Law 2 as ``(cycle length, rows)``; each row has ``board``, ``dealer`` and ``vul``."""
    data = _read("boards.yaml")
    return data["cycle"], tuple(data["boards"])
