"""Defined terms typed in toneless pinyin (「shizhi叫牌指什么」, "jukuang 是指有局无局吗"): written back as the
terms before the question is understood."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from bot.search.lexicon import Lexicon

# words of letters, which may spell a term in pinyin (jukuang, ming shou)
_LETTERS = re.compile(r"[A-Za-z]+")
_HAN_END = re.compile(r"[\u4e00-\u9fff]$")
_HAN_START = re.compile(r"[\u4e00-\u9fff]")


class PinyinTerms:
    """The defined names of two characters or more by their toneless pinyin (from the ``lexicon``)."""

    def __init__(self, names: Iterable[str], lexicon: Lexicon):
        """Spell the defined ``names`` (:attr:`bot.search.definitions.Definitions.names`) in pinyin."""
        self.names = names
        self.lexicon = lexicon

    def written_as_terms(self, question: str) -> str:
        """``question`` with a defined term typed in toneless pinyin written as the term (「shizhi叫牌指什么」,
        "jukuang 是指有局无局吗", 「“lun dao”这个术语」): two syllables or more, joined or apart."""
        words = list(_LETTERS.finditer(question))
        if not words:
            return question
        table, starts = self._pinyin_terms
        heads = self._pinyin_heads
        lowered = [w.group(0).lower() for w in words]
        out, done, i = [], 0, 0
        while i < len(words):
            if lowered[i] not in heads:   # no term's pinyin starts so ("the", "is")
                i += 1
                continue
            # the longest run of up to four words, one space apart, that spells a term or a term's start
            for j in range(min(len(words), i + 4), i, -1):
                run = words[i:j]
                if any(question[a.end():b.start()] != " " for a, b in zip(run, run[1:])):
                    continue
                sound = "".join(lowered[i:j])
                # the whole term, or its start with the rest in characters (「shizhi叫牌」 → 实质叫牌; the rest
                # is cut out only for such a start: the copy of a long message's tail per English word adds up)
                term = table.get(sound)
                if not term and sound in starts:
                    rest = question[run[-1].end():].lstrip()
                    term = next((start for start, name in starts[sound] if rest.startswith(name[len(start):])), None)
                if term:
                    # the spaces that kept the letters apart from characters go with them (「cang pai 和没跟牌」:
                    # a space between characters would end a clause)
                    before = question[done:run[0].start()]
                    before = before.rstrip() if _HAN_END.search(before.rstrip()) else before
                    past_spaces = len(question) - len(question[run[-1].end():].lstrip())
                    out += [before, term]
                    done = past_spaces if _HAN_START.match(question, past_spaces) else run[-1].end()
                    i = j
                    break
            else:
                i += 1
        return "".join(out) + question[done:]

    @functools.cached_property
    def _pinyin_terms(self) -> tuple[dict[str, str], dict[str, list[tuple[str, str]]]]:
        """Each defined name of two characters or more by its toneless pinyin, and its starts of two
        characters or more (with the name) by theirs."""
        table: dict[str, str] = {}
        starts: dict[str, list[tuple[str, str]]] = {}
        for name in self.names:
            if len(name) > 1 and all("\u4e00" <= ch <= "\u9fff" for ch in name):
                sounds = self.lexicon.pinyin_of(name)
                spelt = ["".join(sounds.get(ch, "?") for ch in name[:n]) for n in range(2, len(name) + 1)]
                table.setdefault(spelt[-1], name)
                for n, sound in enumerate(spelt[:-1], 2):
                    starts.setdefault(sound, []).append((name[:n], name))
        return table, starts

    @functools.cached_property
    def _pinyin_heads(self) -> frozenset[str]:
        """Every start of the pinyin of a defined name: what a first word typed in pinyin may be."""
        table, starts = self._pinyin_terms
        return frozenset(sound[:n] for sound in [*table, *starts] for n in range(1, len(sound) + 1))
