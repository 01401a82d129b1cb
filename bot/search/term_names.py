"""Other names players use for the terms of chapter 1 (``corpus/term_names.yaml``): 倒墩 for 宕墩,
mp for 比赛分.  Read only for definition questions — many names are too short or too common
(墩, x) to bridge a told situation."""

from __future__ import annotations

import functools
from pathlib import Path

from bot.rulebook.model import CORPUS_DIR

TERM_NAMES_PATH = CORPUS_DIR / "term_names.yaml"


@functools.lru_cache(maxsize=2)
def load_term_names(path: Path = TERM_NAMES_PATH) -> dict[str, tuple[str, ...]]:
    """``{defined term: (other names …)}``; empty when the file is absent."""
    if not path.exists():
        return {}
    import yaml

    with open(path, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh) or {}
    return {str(term): tuple(str(n) for n in names or ()) for term, names in (raw.get("names") or {}).items()}
