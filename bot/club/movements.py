"""Who meets whom on which boards in each round: a Mitchell or a Howell schedule for a number of
tables and boards a round, as a scorer prints it for the tables.  Pure functions, no text.

**Mitchell** (``T`` tables): North-South pair ``t`` stays at table ``t``; East-West pairs move up one
table a round, the boards down one.  With an even number of tables East-West skip a table after
round ``T/2`` (the skip Mitchell), so no pair meets the same boards twice; a Mitchell has at most
``T`` rounds (``T − 1`` with the skip).

**Howell** (``2T`` pairs at ``T`` tables, ``2T − 1`` rounds at most): pair ``2T`` stays at table 1
and the others rotate (the round-robin's circle), so every pair meets every other once.  Each
round's tables play different sets and no pair plays a set twice where such a schedule exists (a
Room square: 4 tables or more); with 2 or 3 tables every table plays the round's set in turn (the
boards are shared between the tables), as small Howells are run."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

MAX_TABLES = 30
MAX_HOWELL_TABLES = 15  # 30 pairs, 29 rounds: more than any club plays as a Howell


@dataclass(frozen=True)
class Table:
    """One table in one round: the North-South and East-West pairs and the board set (1-based)."""

    table: int
    ns: int
    ew: int
    board_set: int


def mitchell_rounds(tables: int) -> int:
    """The most rounds a Mitchell of ``tables`` tables can play without a repeat."""
    return tables if tables % 2 else max(tables - 1, 1)


def mitchell(tables: int, rounds: int) -> list[list[Table]]:
    """The Mitchell schedule: for each round, each table's NS pair, EW pair and board set."""
    schedule = []
    for r in range(1, rounds + 1):
        skip = 1 if tables % 2 == 0 and r > tables // 2 else 0
        row = []
        for t in range(1, tables + 1):
            ew = (t - 1 - (r - 1) - skip) % tables + 1
            board_set = (t - 1 + r - 1) % tables + 1
            row.append(Table(t, t, ew, board_set))
        schedule.append(row)
    return schedule


def howell_rounds(tables: int) -> int:
    """The rounds of a complete Howell at ``tables`` tables: every pair meets every other once."""
    return 2 * tables - 1


def _circle(tables: int) -> list[list[tuple[int, int]]]:
    """The round-robin's pairings, round by round: pair ``2T`` stays, pairs 1…2T−1 rotate."""
    p = 2 * tables - 1
    rounds = []
    for r in range(p):
        matches = [(2 * tables, r % p + 1)]
        for k in range(1, tables):
            matches.append(((r + k) % p + 1, (r - k) % p + 1))
        rounds.append(matches)
    return rounds


# Five tables: Z_9 has no strong starter, so the sets were found once by a search over the circle's
# pairings (rows are rounds, columns tables); tests/club check it as they check every other size.
_FIVE_TABLES = ((1, 2, 3, 4, 5), (3, 4, 1, 6, 2), (9, 6, 8, 7, 5), (5, 7, 8, 3, 4), (2, 3, 8, 1, 5),
                (4, 1, 8, 6, 9), (6, 9, 3, 7, 5), (7, 9, 6, 4, 2), (8, 2, 7, 1, 9))


def _strong_starter(tables: int) -> list[int] | None:
    """Offsets ``d`` with ``d[0] = 0`` such that the 2T−1 values ``d[0]`` and ``d[k] ± k`` are all
    different mod 2T−1, and so are the ``d[k]``: then table ``k`` playing set ``r + d[k]`` in
    round ``r`` gives every pair every set once (a strong starter, by its midpoints)."""
    p = 2 * tables - 1
    d, covered, mids = [0] * tables, {0}, {0}

    def place(k: int) -> bool:
        if k == tables:
            return True
        for m in range(p):
            low, high = (m - k) % p, (m + k) % p
            if m in mids or low in covered or high in covered:
                continue
            covered.update((low, high))
            mids.add(m)
            d[k] = m
            if place(k + 1):
                return True
            covered.difference_update((low, high))
            mids.discard(m)
        return False

    return d if place(1) else None


@lru_cache(maxsize=32)
def _howell_sets(tables: int) -> tuple[tuple[int, ...], ...] | None:
    """Each round's board set at each table so that a round's tables play different sets and no pair
    plays a set twice (a Room square); None with 2 or 3 tables, where none exists."""
    if tables == 5:
        return _FIVE_TABLES
    d = _strong_starter(tables) if tables >= 4 else None
    if d is None:
        return None
    p = 2 * tables - 1
    return tuple(tuple((r + d[k]) % p + 1 for k in range(tables)) for r in range(p))


def howell(tables: int, rounds: int) -> tuple[list[list[Table]], bool]:
    """The Howell schedule for ``rounds`` rounds and whether the tables share each round's set
    (True with 2 or 3 tables, where no schedule with a set for each table exists)."""
    sets = _howell_sets(tables)
    schedule = []
    for r, matches in enumerate(_circle(tables)[:rounds]):
        row = [Table(t + 1, a, b, sets[r][t] if sets else r + 1) for t, (a, b) in enumerate(matches)]
        schedule.append(row)
    return schedule, sets is None


def boards_of(board_set: int, per_round: int) -> tuple[int, int]:
    """The first and last board of a set: set 2 of 3 a round is boards 4–6."""
    return (board_set - 1) * per_round + 1, board_set * per_round
