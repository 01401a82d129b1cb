"""Law 2: boards 1–48 against an independent formula."""

import pytest

from bot.scoring.boards import BoardInfo, board_info
from bot.base.errors import ScoringInputError

VUL_ORDER = [None, "NS", "EW", "Both"]


def expected(n):
    """Dealer rotates N E S W; vulnerability follows None NS EW Both shifted one step every four boards."""
    i = (n - 1) % 16
    return BoardInfo(board=n, dealer="NESW"[(n - 1) % 4], vulnerability=VUL_ORDER[(i + i // 4) % 4])


@pytest.mark.parametrize("n", range(1, 49))
def test_boards_1_to_48(n):
    assert board_info(n) == expected(n)


@pytest.mark.parametrize(
    "n, dealer, vulnerability",
    [(1, "N", None), (2, "E", "NS"), (7, "S", "Both"), (9, "N", "EW"), (16, "W", "EW"), (17, "N", None),
     (1000, "W", None)],
)
def test_known_boards(n, dealer, vulnerability):
    info = board_info(n)
    assert (info.dealer, info.vulnerability) == (dealer, vulnerability)


@pytest.mark.parametrize(
    "n, vulnerable_seats",
    [(1, ""), (2, "NS"), (3, "EW"), (4, "NESW")],
)
def test_is_vulnerable(n, vulnerable_seats):
    info = board_info(n)
    assert [seat for seat in "NESW" if info.is_vulnerable(seat)] == sorted(vulnerable_seats, key="NESW".index)
    assert info.is_vulnerable("NS") == ("N" in vulnerable_seats)
    assert info.is_vulnerable("EW") == ("E" in vulnerable_seats)


@pytest.mark.parametrize("n", [0, -3, True, 2.5, "7"])
def test_bad_board_numbers(n):
    with pytest.raises(ScoringInputError) as err:
        board_info(n)
    assert "7号牌" in err.value.message_zh and "board 7" in err.value.message_en
    assert isinstance(err.value, ValueError)
