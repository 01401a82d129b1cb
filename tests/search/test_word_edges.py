"""The patterns that check an English word's edge after its first letter (n(?<!\\wn)ot, so the regex engine
tries only the places holding a branch's first character) match exactly where the same patterns with a
plain ``\\b`` before the word do."""

from __future__ import annotations

import random
import re

import pytest

from bot.search.absent_families import _OUT_OF_TURN
from bot.search.actors import _ASKER_ACTS
from bot.search.definition_frames import _DEFINITION_ANCHOR
from bot.search.missing import _AUCTION_TOLD, _PLAY_TOLD

_EDGE_AFTER_FIRST = re.compile(r"(\w)\(\?<!\\w\1\)")
PIECES = ["not his turn", "wasn't my turn", "out of turn", "before my turn", "wrong hand", "during the auction",
          "in the bidding", "while bidding", "mid-auction", "midplay", "mid-play", "before the auction ended",
          "auction wasn't over", "still bidding", "during the play", "in the play", "while defending", "叫牌的时候",
          "竞叫中途", "打牌时", "防守的阶段", "叫牌中", "越序", "本该", "definitions", "defined", "undefined",
          "the rulebook says", "how do the rules put it", "official wording", "can i", "could i", "am i allowed", "我还能",
          "定义", "a", "x", "他", " ", "_", "1", "'", "é", "s", "d", "w", "i"]


@pytest.mark.parametrize("pattern", [_OUT_OF_TURN, _AUCTION_TOLD, _PLAY_TOLD, _DEFINITION_ANCHOR, _ASKER_ACTS])
def test_the_same_matches_as_a_word_edge_before_the_word(pattern):
    plain = re.compile(_EDGE_AFTER_FIRST.sub(r"\\b\1", pattern.pattern))
    assert plain.pattern != pattern.pattern and "(?<!" not in plain.pattern
    rng = random.Random(11)
    for _ in range(20000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 6)))
        fast, slow = pattern.search(text), plain.search(text)
        assert (fast and (fast.span(), fast.group(0))) == (slow and (slow.span(), slow.group(0))), text
