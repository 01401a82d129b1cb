"""A pattern anchored at its end, searched only as far back as it reaches: the same answer as a search
from the beginning."""

from __future__ import annotations

import random
import re

from bot.search.lookback import ends_before

_NEGATION = re.compile(r"(?:没有|没|未|并未|从未)\s*$|\b(?:didn't|did not|failed to)\s+$")


def test_the_same_as_a_search_from_the_beginning():
    rng = random.Random(7)
    pieces = ["没有", "没", "未", "并未", " ", "  ", "\n", "didn't", "did", "not", "failed", "to", "a", "明手", "x"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        for end in range(len(text) + 1):
            assert ends_before(_NEGATION, text, end, 9) == bool(_NEGATION.search(text, 0, end)), (text, end)


def test_a_word_edge_before_the_stretch_still_counts():
    pattern = re.compile(r"\bcan\s+$")
    text = "x" * 40 + "scan "
    assert not ends_before(pattern, text, len(text), 3)
    assert ends_before(pattern, "x" * 40 + " can ", 45, 3)
