"""Law 78A matchpoints for one board's scores, Butler and cross-IMPs, and Law 12C1 adjusted scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.base.errors import ScoringInputError
from bot.scoring.contracts import imps

ADJUSTED_PERCENT = {"minus": 40, "average": 50, "plus": 60}
# Law 12C1 gives percentages only; ±3 IMPs is the convention of the later Laws (2007 Law 12C2).
ADJUSTED_IMPS = {"minus": -3, "average": 0, "plus": 3}
BUTLER_TRIM_FROM = 5  # with this many scores or more, the highest and lowest are left out of the datum


def _check(scores: Sequence[int]) -> None:
    if len(scores) < 2:
        raise ScoringInputError(
            "至少要两个成绩才能比较。例如: 420 450 420 -50",
            "At least two scores are needed to compare; e.g. 420 450 420 -50.",
        )


def top(count: int, scale: int = 2) -> float:
    """The top on a board played ``count`` times: ``2·(count−1)`` on the 2/1 scale, ``count−1`` on 1/½."""
    return (count - 1) * scale


def matchpoints(scores: Sequence[int], scale: int = 2) -> list[float]:
    """Law 78A matchpoints of each score, in input order: ``scale`` per score beaten, half of it per tie.

    ``scale`` 2 gives the 2-per-beaten/1-per-tie units; 1 gives 1/½.  Needs two scores or more."""
    _check(scores)
    return [
        sum(scale if mine > other else scale / 2 if mine == other else 0 for other in scores) - scale / 2
        for mine in scores
    ]


def percentages(scores: Sequence[int]) -> list[float]:
    """Each score's matchpoints as a percentage of the top, in input order."""
    points = matchpoints(scores)
    return [100 * p / top(len(scores)) for p in points]


def butler_datum(scores: Sequence[int]) -> int:
    """The Butler datum: the mean score, leaving out the highest and lowest when there are
    at least five, rounded to the nearest 10 (halves away from zero)."""
    _check(scores)
    ordered = sorted(scores)
    if len(ordered) >= BUTLER_TRIM_FROM:
        ordered = ordered[1:-1]
    mean = sum(ordered) / len(ordered)
    tens = int(abs(mean) / 10 + 0.5)
    return tens * 10 if mean >= 0 else -tens * 10


def butler(scores: Sequence[int]) -> tuple[int, list[int]]:
    """``(datum, IMPs of each score against the datum)`` in input order."""
    datum = butler_datum(scores)
    return datum, [imps(s - datum) for s in scores]


def cross_imps(scores: Sequence[int]) -> list[int]:
    """Each score's IMPs against every other score, summed, in input order."""
    _check(scores)
    return [sum(imps(mine - other) for other in scores) for mine in scores]


@dataclass(frozen=True)
class Adjusted:
    """A Law 12C1 artificial adjusted score: average minus, average or average plus."""

    kind: str
    percent: int
    imps: int

    def matchpoints(self, board_top: float) -> float:
        """The matchpoints this adjusted score is worth on a board whose top is ``board_top``."""
        return board_top * self.percent / 100


def adjusted(kind: str) -> Adjusted:
    """The adjusted score ``kind`` ("minus", "average" or "plus"): 40/50/60 % and −3/0/+3 IMPs."""
    if kind not in ADJUSTED_PERCENT:
        raise ScoringInputError(
            f"不认识的调整分 {kind}: 用 平均负分、平均分 或 平均正分",
            f"Unknown adjusted score {kind}: use average minus, average or average plus.",
        )
    return Adjusted(kind, ADJUSTED_PERCENT[kind], ADJUSTED_IMPS[kind])
