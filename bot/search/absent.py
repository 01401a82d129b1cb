"""Topics of laws the corpus lacks, so an answer can say plainly that the law for a question is not here.

Reads ``corpus/missing_laws.yaml`` (topics worded after the 1997 Laws' titles, with cue patterns).
Only topics whose laws are all absent from the rulebook count, so adding a law to the corpus
silences its topic by itself.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from bot.rulebook.model import CORPUS_DIR, Rulebook, number_ranges

MISSING_LAWS_PATH = CORPUS_DIR / "missing_laws.yaml"


@dataclass(frozen=True)
class MissingTopic:
    """A topic of laws not in the corpus: their numbers, and the topic in Chinese and English."""

    laws: tuple[int, ...]
    zh: str
    en: str
    cues: tuple[re.Pattern, ...]

    def note(self, lang: str = "zh") -> str:
        """One line telling the user the law for this topic is not in the corpus."""
        laws = number_ranges(list(self.laws))
        if lang == "en":
            law_word = "Law" if len(self.laws) == 1 else "Laws"
            return f"Note: the law on {self.en} ({law_word} {laws}) is not in this corpus."
        return f"提示：{self.zh}在第{laws}条，本语料未收录。"


@functools.lru_cache(maxsize=4)
def load_topics(path: Path = MISSING_LAWS_PATH) -> tuple[MissingTopic, ...]:
    """All topics of the file (cached)."""
    with open(path, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh)["topics"]
    return tuple(MissingTopic(tuple(t["laws"]), t["zh"], t["en"], tuple(re.compile(c) for c in t["cues"]))
                 for t in raw)


def topics_not_in_corpus(normalized: str, rulebook: Rulebook,
                         topics: tuple[MissingTopic, ...] | None = None) -> list[MissingTopic]:
    """The topics a normalised question is about whose laws the rulebook lacks, in file order."""
    topics = load_topics() if topics is None else topics
    return [t for t in topics
            if not any(rulebook.law(n) for n in t.laws) and any(c.search(normalized) for c in t.cues)]
