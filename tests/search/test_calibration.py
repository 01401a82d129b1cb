"""The likely threshold: the lowest probability whose quotes are right often enough."""

from __future__ import annotations

import pytest

from bot.search.calibration import NEVER, likely_threshold, precision_at


def test_the_threshold_is_the_lowest_probability_keeping_the_aim():
    pairs = [(0.9, True)] * 10 + [(0.7, True)] * 8 + [(0.7, False)] * 2 + [(0.5, False)] * 5
    # at 0.7: 18 of 20 right (0.90); at 0.5: 18 of 25 (0.72)
    assert likely_threshold(pairs, aim=0.85) == 0.7
    assert precision_at(pairs, 0.7) == (20, 0.9)


def test_too_few_quotes_or_too_few_right_means_never():
    assert likely_threshold([(0.8, True)] * 5, aim=0.85, at_least=10) == NEVER
    assert likely_threshold([(0.8, False)] * 20, aim=0.85) == NEVER


@pytest.mark.parametrize("aim", [0.6, 0.85, 0.95])
def test_the_quotes_above_the_threshold_meet_the_aim(aim):
    import random

    rng = random.Random(7)
    pairs = [(p, rng.random() < p) for p in (rng.random() for _ in range(400))]
    threshold = likely_threshold(pairs, aim)
    n, precision = precision_at(pairs, threshold)
    assert threshold == NEVER or (n >= 10 and precision >= aim)
