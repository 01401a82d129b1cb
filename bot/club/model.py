"""What a club session holds: the session itself and the results recorded in it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.scoring import matchpoints

PAIRS = "pairs"
TEAMS = "teams"
OPEN_ROOM = "open"
CLOSED_ROOM = "closed"
PASS = "PASS"
MITCHELL = "mitchell"
HOWELL = "howell"
NOT_PLAYED = "NP"
# Law 12C1 artificial adjusted scores by their club codes: the share of the top in pairs and the IMPs in
# teams, as the scorer's (bot.scoring.matchpoints) for average-plus, average and average-minus.
ADJUSTED_KINDS = {"A+": "plus", "A": "average", "A-": "minus"}
ADJUSTED_PERCENT = {code: matchpoints.ADJUSTED_PERCENT[kind] for code, kind in ADJUSTED_KINDS.items()}
ADJUSTED_IMPS = {code: matchpoints.ADJUSTED_IMPS[kind] for code, kind in ADJUSTED_KINDS.items()}


@dataclass(frozen=True)
class Session:
    """One club session in one chat: a pairs event or a teams match.

    ``boards`` is the highest board number in play; ``home``/``away`` name the two teams of
    a match (home sits North-South in the open room, East-West in the closed room); ``tables``
    and ``per_round`` are the tables and boards a round a pairs session was started with (0: not given)."""

    id: int
    chat_id: str
    kind: str
    name: str
    creator_id: str
    status: str
    boards: int
    home: str
    away: str
    created_at: str
    movement: str = ""
    boards_given: int = 0
    tables: int = 0
    per_round: int = 0

    @property
    def is_open(self) -> bool:
        """True while results can still be recorded."""
        return self.status == "open"

    @property
    def is_mitchell(self) -> bool:
        """True for a Mitchell pairs session: NS and EW pairs are numbered and ranked apart.

        Sessions recorded before movements existed have no movement and keep one field."""
        return self.kind == PAIRS and self.movement == MITCHELL


@dataclass(frozen=True)
class Result:
    """One table result on one board.

    Pairs: ``ns``/``ew`` are the two pairs and ``room`` is empty.  Teams: ``room`` is
    ``open`` or ``closed`` and ``ns``/``ew`` are the teams sitting there.  ``contract`` is
    the canonical text (``4S+1``, ``3NTX-2``, ``PASS``), an adjusted score ``A+/A-``, ``A/A``,
    ``60%/40%`` (North-South's first) or ``NP`` (not played); ``score_ns`` is North-South's
    score (negative when East-West scored, 0 for an adjusted score)."""

    board: int
    ns: str
    ew: str
    room: str
    contract: str
    declarer: str
    score_ns: int
    id: int = 0

    @property
    def score_ew(self) -> int:
        """East-West's score: the mirror of North-South's."""
        return -self.score_ns

    @property
    def is_not_played(self) -> bool:
        """True when the director ruled the board not played at this table."""
        return self.contract == NOT_PLAYED

    @property
    def is_adjusted(self) -> bool:
        """True for an artificial adjusted score (``A+/A-``, ``60%/40%`` …)."""
        return "/" in self.contract

    @property
    def is_scored(self) -> bool:
        """True for a played (or passed-out) board with a real score."""
        return not (self.is_adjusted or self.is_not_played)

    @property
    def adjusted_codes(self) -> tuple[str, str]:
        """North-South's and East-West's adjusted-score codes (``("A+", "A-")``, ``("60%", "40%")``)."""
        ns, _, ew = self.contract.partition("/")
        return ns, ew


def adjusted_percent(code: str) -> int:
    """The share of the top an adjusted-score code gives in pairs: ``A+`` 60, ``55%`` 55."""
    return ADJUSTED_PERCENT[code] if code in ADJUSTED_PERCENT else int(code.rstrip("%"))
