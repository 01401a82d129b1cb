"""Law 2: the dealer and vulnerability of a board, from ``corpus/tables/boards.yaml``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.base.errors import ScoringInputError
from bot.scoring.tables import board_cycle

SEATS = ("N", "E", "S", "W")
SEAT_ZH = {"N": "北", "E": "东", "S": "南", "W": "西"}
SEAT_EN = {"N": "North", "E": "East", "S": "South", "W": "West"}
VULNERABILITIES = (None, "NS", "EW", "Both")
VUL_ZH = {None: "双方无局", "NS": "南北有局", "EW": "东西有局", "Both": "双方有局"}
VUL_EN = {None: "neither side vulnerable", "NS": "North-South vulnerable",
          "EW": "East-West vulnerable", "Both": "both sides vulnerable"}


def side_of(seat: str) -> str:
    """The partnership of a seat: ``"NS"`` for N or S, ``"EW"`` for E or W (a side is its own)."""
    return "NS" if seat in ("N", "S", "NS") else "EW"


def seat_vulnerable(seat: str, vulnerability: str | None) -> bool:
    """True when ``seat`` (N/E/S/W) or a side (NS/EW) is vulnerable under ``vulnerability``."""
    side = seat if seat in ("NS", "EW") else side_of(seat)
    return vulnerability == "Both" or vulnerability == side


@dataclass(frozen=True)
class BoardInfo:
    """One board's Law 2 conditions: ``dealer`` N/E/S/W, ``vulnerability`` None/NS/EW/Both."""

    board: int
    dealer: str
    vulnerability: str | None

    def is_vulnerable(self, seat: str) -> bool:
        """True when ``seat`` (N/E/S/W, or a side NS/EW) is vulnerable on this board."""
        return seat_vulnerable(seat, self.vulnerability)


def board_info(n: int) -> BoardInfo:
    """Dealer and vulnerability of board ``n`` (≥ 1); the pattern repeats every 16 boards.

    Raises :class:`ScoringInputError` (a ValueError) for a number below 1."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ScoringInputError(
            f"牌号必须是 1 或更大的整数, 不是 {n}。例如: 7号牌",
            f"The board number must be a whole number of 1 or more, not {n}; e.g. board 7.",
        )
    cycle, rows = board_cycle()
    row = rows[(n - 1) % cycle]
    vul = None if row["vul"] in (None, "None") else row["vul"]
    return BoardInfo(board=n, dealer=row["dealer"], vulnerability=vul)
