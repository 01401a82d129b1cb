"""What a club session holds: the session itself and the results recorded in it."""

from __future__ import annotations

from dataclasses import dataclass

PAIRS = "pairs"
TEAMS = "teams"
OPEN_ROOM = "open"
CLOSED_ROOM = "closed"
PASS = "PASS"


@dataclass(frozen=True)
class Session:
    """One club session in one chat: a pairs event or a teams match.

    ``boards`` is the highest board number in play; ``home``/``away`` name the two teams of
    a match (home sits North-South in the open room, East-West in the closed room)."""

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

    @property
    def is_open(self) -> bool:
        """True while results can still be recorded."""
        return self.status == "open"


@dataclass(frozen=True)
class Result:
    """One table result on one board.

    Pairs: ``ns``/``ew`` are the two pairs and ``room`` is empty.  Teams: ``room`` is
    ``open`` or ``closed`` and ``ns``/``ew`` are the teams sitting there.  ``contract`` is
    the canonical text (``4S+1``, ``3NTX-2``, ``PASS``); ``score_ns`` is North-South's score
    (negative when East-West scored)."""

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
