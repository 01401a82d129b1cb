"""The arithmetic of a session: pairs travellers and matchpoint standings (Mitchell or Howell,
Neuberg, adjusted scores), teams board IMPs and the match result with Victory Points.
Pure functions over results; no I/O, no text.

Matchpoints are Law 78A's 2 per score beaten and 1 per tie, counted with a sort and binary
search (O(n log n) a board).  A board with fewer scores than the most-played board is
factored up by Neuberg's formula, ``MP' = (MP + 1) · N / n − 1`` on this 2/1 scale (``n``
scores compared, ``N`` the most-played count; the EBU and ACBL use the same formula on the
1/½ scale, ``(MP + ½) · N / n − ½``).  An artificial adjusted score (Law 12C1) takes no part
in the comparison: its pairs get A 50 %, A- 40 % (or the stated percentage) of the full top, A+
the larger of 60 % and the pair's own percentage on the boards it played, and the other scores
on the board are factored as if the board had been played fewer times."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Callable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from bot.base.inputs import plain_digits
from bot.club.model import ADJUSTED_IMPS, CLOSED_ROOM, OPEN_ROOM, Result, Session, adjusted_percent
from bot.scoring.vp import victory_points
from bot.scoring.contracts import imps

NS, EW = "NS", "EW"
# Law 12C1: 平均正分 is at least 60 %; a pair that did better on the session's other boards gets its
# own percentage there (the 1997 Laws' Law 88, which this corpus lacks; directors apply it so).
A_PLUS_LEAST = Fraction(60, 100)


def percent_text(part: Fraction | int, whole: Fraction | int) -> str:
    """``part`` as a percentage of ``whole`` with two decimals, halves rounded up (``58.33``)."""
    share = Fraction(100) * Fraction(part) / Fraction(whole)
    value = Decimal(share.numerator) / Decimal(share.denominator)
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def mp_text(points: Fraction | int) -> str:
    """Matchpoints as shown: whole numbers plain, factored ones with two decimals (``5.33``)."""
    points = Fraction(points)
    if points.denominator == 1:
        return str(points.numerator)
    value = Decimal(points.numerator) / Decimal(points.denominator)
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class TravellerLine:
    """One result on a pairs traveller with both sides' matchpoints out of ``top`` (None for a
    board not played at that table)."""

    result: Result
    mp_ns: Fraction | None
    mp_ew: Fraction | None
    top: int


@dataclass(frozen=True)
class Traveller:
    """One pairs board: its lines (best North-South score first, adjusted scores and boards not
    played after), the top, and how many scores were compared against how many expected."""

    board: int
    lines: tuple[TravellerLine, ...]
    top: int
    compared: int
    expected: int

    @property
    def factored(self) -> bool:
        """True when Neuberg's formula scaled the matchpoints up to the full top."""
        return 0 < self.compared < self.expected


def table_count(results: list[Result]) -> int:
    """How many tables count on a board: played and adjusted results, not boards not played."""
    return sum(1 for r in results if not r.is_not_played)


def pairs_traveller(results: list[Result], expected: int | None = None,
                    a_plus: Callable[[str, str], Fraction] | None = None) -> Traveller:
    """Matchpoint one board's results; ``expected`` is the most-played count in the session
    (Neuberg's N; defaults to this board's own count); ``a_plus(side, pair)`` is the share of the
    top an A+ gives that pair (defaults to 60 %)."""
    scored = [r for r in results if r.is_scored]
    board = results[0].board if results else 0
    expected = max(expected or 0, table_count(results))
    top = 2 * (expected - 1) if expected > 1 else 0
    n = len(scored)
    ordered = sorted(r.score_ns for r in scored)
    lines = []
    for r in scored:
        raw = 2 * bisect_left(ordered, r.score_ns) + (bisect_right(ordered, r.score_ns)
                                                       - bisect_left(ordered, r.score_ns) - 1)
        mp = Fraction(raw) if n == expected else Fraction(raw + 1) * expected / n - 1
        if top == 0:
            mp = Fraction(0)
        lines.append(TravellerLine(r, mp, top - mp, top))
    lines.sort(key=lambda line: (-line.result.score_ns, line.result.id))
    for r in results:
        if r.is_adjusted:
            shares = [a_plus(side, pair) if code == "A+" and a_plus else Fraction(adjusted_percent(code), 100)
                      for side, pair, code in ((NS, r.ns, r.adjusted_codes[0]), (EW, r.ew, r.adjusted_codes[1]))]
            lines.append(TravellerLine(r, shares[0] * top, shares[1] * top, top))
    lines += [TravellerLine(r, None, None, top) for r in results if r.is_not_played]
    return Traveller(board, tuple(lines), top, n, expected)


@dataclass(frozen=True)
class PairStanding:
    """A pair's total over the boards it played: matchpoints, the sum of the tops, and its rank.
    ``direction`` is NS or EW in a Mitchell, empty in a Howell."""

    rank: int
    tied: bool
    pair: str
    mp: Fraction
    top: int
    boards: int
    direction: str = ""

    @property
    def percent(self) -> str:
        """The pair's matchpoints as a percentage of the tops, two decimals (``-`` with no top)."""
        return percent_text(self.mp, self.top) if self.top else "-"


def label_key(label: str) -> tuple:
    """Sort key for pair labels: numbers in numeric order, then names."""
    return (0, int(label), "") if plain_digits(label) else (1, 0, label)


def _ranked(mp: dict, top: dict, boards: dict, direction: str) -> list[PairStanding]:
    share = {p: Fraction(mp[p]) / top[p] if top[p] else Fraction(-1) for p in boards}
    ordered = sorted(boards, key=lambda p: (-share[p], label_key(p)))
    counts = Counter(share.values())
    standings, rank = [], 0
    for i, p in enumerate(ordered):
        if i == 0 or share[p] != share[ordered[i - 1]]:
            rank = i + 1
        standings.append(PairStanding(rank=rank, tied=counts[share[p]] > 1, pair=p, mp=Fraction(mp[p]),
                                      top=top[p], boards=boards[p], direction=direction))
    return standings


@dataclass
class PairsReport:
    """Every board's traveller and the standings of a pairs session, computed once."""

    travellers: dict[int, Traveller]
    standings: dict[str, list[PairStanding]] = field(default_factory=dict)


def pairs_report(results: list[Result], mitchell: bool = False, plays: int = 0) -> PairsReport:
    """Travellers and standings: one ranking (``""``) for a Howell, two (``NS``, ``EW``) for a
    Mitchell, where NS and EW pairs are numbered apart.  Equal percentages share a rank.  ``plays``
    is how many times the movement plays each board (0: as many as the most-played board)."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    # ``plays``: how often the session's movement plays each board (its tables), when it was given:
    # the real top even while a board has only adjusted scores.
    expected = max((table_count(rs) for rs in by_board.values()), default=plays)
    expected = max(expected, plays)
    played = {b: pairs_traveller(rs, expected) for b, rs in sorted(by_board.items())}
    own = _played_shares(played, mitchell)
    a_plus = lambda side, pair: max(A_PLUS_LEAST, own.get((side if mitchell else "", pair), A_PLUS_LEAST))  # noqa: E731
    travellers = {b: pairs_traveller(rs, expected, a_plus) if any(r.is_adjusted for r in rs) else played[b]
                  for b, rs in sorted(by_board.items())}
    directions = (NS, EW) if mitchell else ("",)
    mp = {d: defaultdict(Fraction) for d in directions}
    top = {d: defaultdict(int) for d in directions}
    boards = {d: defaultdict(int) for d in directions}
    for traveller in travellers.values():
        for line in traveller.lines:
            if line.mp_ns is None:
                continue
            for side, pair, points in ((NS, line.result.ns, line.mp_ns), (EW, line.result.ew, line.mp_ew)):
                d = side if mitchell else ""
                mp[d][pair] += points
                top[d][pair] += line.top
                boards[d][pair] += 1
    return PairsReport(travellers, {d: _ranked(mp[d], top[d], boards[d], d) for d in directions})


def _played_shares(travellers: dict[int, Traveller], mitchell: bool) -> dict[tuple[str, str], Fraction]:
    """Each pair's matchpoints as a share of the tops on the boards it played (adjusted scores and
    boards not played left out): what an A+ gives when it is more than 60 %."""
    mp: dict[tuple[str, str], Fraction] = defaultdict(Fraction)
    top: dict[tuple[str, str], int] = defaultdict(int)
    for traveller in travellers.values():
        for line in traveller.lines:
            if not line.result.is_scored or not line.top:
                continue
            for side, pair, points in ((NS, line.result.ns, line.mp_ns), (EW, line.result.ew, line.mp_ew)):
                key = (side if mitchell else "", pair)
                mp[key] += points
                top[key] += line.top
    return {key: mp[key] / top[key] for key in mp if top[key]}


def pairs_standings(results: list[Result], mitchell: bool = False) -> list[PairStanding]:
    """Every pair ranked by matchpoint percentage (a Mitchell's two rankings one after the other)."""
    report = pairs_report(results, mitchell)
    return [s for ranking in report.standings.values() for s in ranking]


@dataclass(frozen=True)
class TeamsBoard:
    """One board of a teams match: the two rooms' results and the IMPs each team scores."""

    board: int
    open: Result | None
    closed: Result | None

    @property
    def adjusted(self) -> Result | None:
        """The room's adjusted score that decides the board, if any."""
        return next((r for r in (self.open, self.closed) if r is not None and r.is_adjusted), None)

    @property
    def not_played(self) -> bool:
        """True when the board was ruled not played: it counts for nothing."""
        return any(r is not None and r.is_not_played for r in (self.open, self.closed))

    @property
    def complete(self) -> bool:
        """True when the board counts: both rooms have a result, or an adjusted score decides it."""
        if self.not_played:
            return False
        return self.adjusted is not None or (self.open is not None and self.closed is not None)

    @property
    def scores(self) -> tuple[int, int] | None:
        """The IMPs of the home and the away team on this board (an adjusted score gives each
        team its own ±3, so the two need not mirror), or None until the board counts."""
        if not self.complete:
            return None
        adjusted = self.adjusted
        if adjusted is not None:
            ns, ew = (ADJUSTED_IMPS[code] for code in adjusted.adjusted_codes)
            return (ns, ew) if adjusted.room == OPEN_ROOM else (ew, ns)
        net = imps(self.open.score_ns - self.closed.score_ns)
        return net, -net

    @property
    def home_imps(self) -> int | None:
        """IMPs to the home team on a played board (North-South in the open room), else None."""
        if not self.complete or self.adjusted is not None:
            return None
        return self.scores[0]


def teams_boards(results: list[Result]) -> list[TeamsBoard]:
    """The match board by board, in board order."""
    rooms: dict[int, dict[str, Result]] = defaultdict(dict)
    for r in results:
        rooms[r.board][r.room] = r
    return [TeamsBoard(b, rooms[b].get(OPEN_ROOM), rooms[b].get(CLOSED_ROOM)) for b in sorted(rooms)]


@dataclass(frozen=True)
class MatchResult:
    """A teams match so far: IMPs won on played boards, adjusted IMPs, and the VPs on a scale of
    ``scale_boards`` boards (the scheduled count when the session has one)."""

    home: str
    away: str
    home_imps: int
    away_imps: int
    boards: int
    home_vp: float
    away_vp: float
    unfinished: tuple[int, ...]
    home_adjusted: int = 0
    away_adjusted: int = 0
    scale_boards: int = 0
    scheduled: bool = False

    @property
    def home_margin(self) -> int:
        """The home team's IMP margin, adjusted scores included."""
        return self.home_imps - self.away_imps + self.home_adjusted

    @property
    def away_margin(self) -> int:
        """The away team's IMP margin, adjusted scores included."""
        return self.away_imps - self.home_imps + self.away_adjusted


def _vp(margin: int, boards: int) -> float:
    return victory_points(max(margin, 0), max(-margin, 0), boards)[0]


def match_result(session: Session, results: list[Result]) -> MatchResult:
    """Total the IMPs of every board that counts and convert each team's margin to WBF 2013 VPs.

    With a scheduled board count (``8副``) the VP scale is the scheduled one, whatever has been
    played so far; without one it is the number of boards completed.  Boards with only one room
    recorded are listed in ``unfinished`` and count for nothing yet."""
    boards = teams_boards(results)
    done = [b for b in boards if b.complete]
    home = away = home_adj = away_adj = 0
    for b in done:
        h, a = b.scores
        if b.adjusted is not None:
            home_adj, away_adj = home_adj + h, away_adj + a
        elif h > 0:
            home += h
        else:
            away += a
    scheduled = bool(session.boards_given)
    scale = session.boards if scheduled else len(done)
    partial = MatchResult(session.home, session.away, home, away, len(done), 0.0, 0.0,
                          tuple(b.board for b in boards if not b.complete and not b.not_played),
                          home_adj, away_adj, scale, scheduled)
    if not done:
        return partial
    return MatchResult(**{**partial.__dict__, "home_vp": _vp(partial.home_margin, scale),
                          "away_vp": _vp(partial.away_margin, scale)})
