"""The arithmetic of a session: pairs travellers and matchpoint standings, teams board IMPs and
the match result with Victory Points.  Pure functions over results; no I/O, no text."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from bot.club.model import CLOSED_ROOM, OPEN_ROOM, Result, Session
from bot.club.vp import victory_points
from bot.scoring.matchpoints import matchpoints
from bot.scoring.contracts import imps


def percent_text(part: Fraction | int, whole: Fraction | int) -> str:
    """``part`` as a percentage of ``whole`` with two decimals, halves rounded up (``58.33``)."""
    share = Fraction(100) * Fraction(part) / Fraction(whole)
    value = Decimal(share.numerator) / Decimal(share.denominator)
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class TravellerLine:
    """One result on a pairs traveller with its matchpoints (2 per score beaten, 1 per tie)."""

    result: Result
    mp_ns: int
    mp_ew: int
    top: int


def pairs_traveller(results: list[Result]) -> list[TravellerLine]:
    """Matchpoint every result of one board against the others, best North-South score first."""
    if not results:
        return []
    if len(results) == 1:
        return [TravellerLine(results[0], 0, 0, 0)]
    top = 2 * (len(results) - 1)
    points = [int(p) for p in matchpoints([r.score_ns for r in results])]
    lines = [TravellerLine(r, mp, top - mp, top) for r, mp in zip(results, points)]
    return sorted(lines, key=lambda line: (-line.result.score_ns, line.result.id))


@dataclass(frozen=True)
class PairStanding:
    """A pair's total over the boards it played: matchpoints, the sum of the tops, and its rank."""

    rank: int
    tied: bool
    pair: str
    mp: int
    top: int
    boards: int

    @property
    def percent(self) -> str:
        """The pair's matchpoints as a percentage of the tops, two decimals (``-`` with no top)."""
        return percent_text(self.mp, self.top) if self.top else "-"


def _label_key(label: str) -> tuple:
    return (0, int(label), "") if label.isdigit() else (1, 0, label)


def pairs_standings(results: list[Result]) -> list[PairStanding]:
    """Every pair ranked by matchpoint percentage; equal percentages share a rank."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    mp: dict[str, int] = defaultdict(int)
    top: dict[str, int] = defaultdict(int)
    boards: dict[str, int] = defaultdict(int)
    for board_results in by_board.values():
        for line in pairs_traveller(board_results):
            for pair, points in ((line.result.ns, line.mp_ns), (line.result.ew, line.mp_ew)):
                mp[pair] += points
                top[pair] += line.top
                boards[pair] += 1
    share = {p: Fraction(mp[p], top[p]) if top[p] else Fraction(-1) for p in boards}
    ordered = sorted(boards, key=lambda p: (-share[p], _label_key(p)))
    return [
        PairStanding(rank=1 + sum(1 for q in ordered if share[q] > share[p]),
                     tied=sum(1 for q in ordered if share[q] == share[p]) > 1,
                     pair=p, mp=mp[p], top=top[p], boards=boards[p])
        for p in ordered
    ]


@dataclass(frozen=True)
class TeamsBoard:
    """One board of a teams match: the two rooms' results and the IMPs to the home team."""

    board: int
    open: Result | None
    closed: Result | None

    @property
    def complete(self) -> bool:
        """True when both rooms have a result."""
        return self.open is not None and self.closed is not None

    @property
    def home_imps(self) -> int | None:
        """IMPs to the home team (North-South in the open room), or None until both rooms played."""
        if not self.complete:
            return None
        return imps(self.open.score_ns - self.closed.score_ns)


def teams_boards(results: list[Result]) -> list[TeamsBoard]:
    """The match board by board, in board order."""
    rooms: dict[int, dict[str, Result]] = defaultdict(dict)
    for r in results:
        rooms[r.board][r.room] = r
    return [TeamsBoard(b, rooms[b].get(OPEN_ROOM), rooms[b].get(CLOSED_ROOM)) for b in sorted(rooms)]


@dataclass(frozen=True)
class MatchResult:
    """A teams match so far: IMP totals and VPs over the boards both rooms have played."""

    home: str
    away: str
    home_imps: int
    away_imps: int
    boards: int
    home_vp: float
    away_vp: float
    unfinished: tuple[int, ...]


def match_result(session: Session, results: list[Result]) -> MatchResult:
    """Total the IMPs of every completed board and convert the margin to WBF 2013 VPs.

    Boards with only one room recorded are listed in ``unfinished`` and count for nothing yet."""
    boards = teams_boards(results)
    done = [b for b in boards if b.complete]
    home = sum(b.home_imps for b in done if b.home_imps > 0)
    away = sum(-b.home_imps for b in done if b.home_imps < 0)
    home_vp, away_vp = victory_points(home, away, len(done)) if done else (0.0, 0.0)
    return MatchResult(session.home, session.away, home, away, len(done), home_vp, away_vp,
                       tuple(b.board for b in boards if not b.complete))
