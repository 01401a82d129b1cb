"""Law 78A matchpoints, Butler and cross-IMPs, and Law 12C1 adjusted scores."""

import pytest

from bot.base.errors import ScoringInputError
from bot.scoring.matchpoints import adjusted, butler, butler_datum, cross_imps, matchpoints, percentages, top


@pytest.mark.parametrize(
    "scores, points_2, points_1, percent",
    [
        ([420, 450, 420, -50], [3, 6, 3, 0], [1.5, 3, 1.5, 0], [50, 100, 50, 0]),
        ([100, -100], [2, 0], [1, 0], [100, 0]),
        ([620, 620, 620], [2, 2, 2], [1, 1, 1], [50, 50, 50]),
        ([-200, 110, 140, 140, 170], [0, 2, 5, 5, 8], [0, 1, 2.5, 2.5, 4], [0, 25, 62.5, 62.5, 100]),
    ],
)
def test_matchpoints_both_scales_and_percentages(scores, points_2, points_1, percent):
    assert matchpoints(scores) == points_2
    assert matchpoints(scores, scale=1) == points_1
    assert percentages(scores) == percent


@pytest.mark.parametrize("scores", [[420, 450, 420, -50], [1, 2, 3, 4, 5, 6, 7], [0, 0], [50, -50, 50, 100, 100, 100]])
def test_matchpoints_share_out_every_comparison(scores):
    # Each pair of scores hands out exactly one top's worth between them: 2 units per comparison.
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    assert top(n) == 2 * (n - 1) and top(n, 1) == n - 1


@pytest.mark.parametrize(
    "scores, datum, values",
    [
        ([420, 450, 420, -50], 310, [3, 4, 3, -8]),
        ([620, 170, 650, 650, -100], 480, [4, -7, 5, 5, -11]),  # 5 scores: top and bottom left out
        ([415, 0], 210, [5, -5]),  # 207.5 rounds to 210
        ([-415, 0], -210, [-5, 5]),
    ],
)
def test_butler(scores, datum, values):
    assert butler_datum(scores) == datum
    assert butler(scores) == (datum, values)


def test_cross_imps():
    # 450 beats 420 twice (+1 each) and -50 (+11); 420 ties, loses 1 to 450 and beats -50 by 10.
    assert cross_imps([420, 450, 420, -50]) == [9, 13, 9, -31]


@pytest.mark.parametrize("kind, percent, imps, mp_on_12", [("minus", 40, -3, 4.8), ("average", 50, 0, 6),
                                                             ("plus", 60, 3, 7.2)])
def test_adjusted_scores(kind, percent, imps, mp_on_12):
    a = adjusted(kind)
    assert (a.percent, a.imps) == (percent, imps)
    assert a.matchpoints(12) == pytest.approx(mp_on_12)


@pytest.mark.parametrize("call", [lambda: matchpoints([420]), lambda: matchpoints([]), lambda: butler([1]),
                                  lambda: cross_imps([1]), lambda: adjusted("huge")])
def test_bad_input(call):
    with pytest.raises(ScoringInputError):
        call()
