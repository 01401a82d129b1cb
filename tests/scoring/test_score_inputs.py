"""Reading IMP, matchpoint, VP, board and adjusted-score requests as people type them."""

import pytest

from bot.base.errors import ScoringInputError
from bot.scoring.inputs import (adjusted_request, board_number, imp_numbers, looks_like_adjusted, mp_method, mp_scores,
                                 vp_request)


@pytest.mark.parametrize(
    "text, expected",
    [("620 -100", [620, -100]), ("620 对 -100 多少IMP", [620, -100]), ("620 vs −100", [620, -100]),
     ("imp 520", [520]), ("差 -520", [-520]), ("+90 -50", [90, -50]),
     ("we were +620 and they were +170 at the other table, imps?", [620, 170]), ("IMPs for 1430 vs 680", [1430, 680])],
)
def test_imp_numbers(text, expected):
    assert imp_numbers(text) == expected


@pytest.mark.parametrize(
    "text, scores, ours",
    [
        ("420 450 420 -50", [420, 450, 420, -50], None),
        ("这副牌我们 420, 别桌 450、420、-50, 比赛分多少", [420, 450, 420, -50], 0),
        ("别桌 450 420, 我们 -50", [450, 420, -50], 2),
        ("第7副: 我们 420, 别桌 450", [420, 450], 0),
        ("board 7 we 420 others 450 430", [420, 450, 430], 0),
        ("we scored 420, the other tables got 450 420 -50, matchpoints?", [420, 450, 420, -50], 0),
        # a count of tables or boards told beside the scores is none of them
        ("双人赛4桌，我们这副是+620，别的桌是+650,+600,-100", [620, 650, 600, -100], 0),
        ("4 tables, we were 420, others 450 420 -50", [420, 450, 420, -50], 0),
    ],
)
def test_mp_scores_and_ours(text, scores, ours):
    assert mp_scores(text) == (scores, ours)


@pytest.mark.parametrize(
    "text, method",
    [("420 450 butler", "butler"), ("420 450 巴特勒", "butler"), ("420 450 交叉IMP", "cross"),
     ("420 450 Cross-IMP", "cross"), ("420 450", "mp")],
)
def test_mp_method(text, method):
    assert mp_method(text) == method


@pytest.mark.parametrize(
    "text, n", [("7号牌谁发牌", 7), ("board 23", 23), ("第 5 副", 5), ("12", 12), ("bd 16 dealer", 16)]
)
def test_board_number(text, n):
    assert board_number(text) == n


@pytest.mark.parametrize("text", ["0", "board -3", "-3号牌", "第0副", "99999", "谁发牌", "7 8"])
def test_bad_board_numbers(text):
    with pytest.raises(ScoringInputError):
        board_number(text)


@pytest.mark.parametrize(
    "text, kinds, top",
    [
        ("平均正分是多少", ["plus"], None),
        ("平均负分 顶分 12", ["minus"], 12),
        ("average plus top 24", ["plus"], 24),
        ("A+", ["plus"], None),
        ("调整分", ["minus", "average", "plus"], None),
    ],
)
def test_adjusted_request(text, kinds, top):
    assert adjusted_request(text) == (kinds, top)


@pytest.mark.parametrize(
    "text, expected",
    [("平均正分是多少", True), ("A- 是什么", True), ("avg+", True), ("明手能不能提醒庄家", False),
     ("data-driven", False), ("第50条", False)],
)
def test_looks_like_adjusted(text, expected):
    assert looks_like_adjusted(text) is expected


def test_a_typo_in_an_imp_request_is_reported_not_dropped():
    with pytest.raises(ScoringInputError, match="“o”"):
        imp_numbers("620 vs 17O imp")


@pytest.mark.parametrize(
    "text, expected",
    [("我们队赢了25 imp，8副，VP多少", (25, 0, 8)), ("输了12 imp 8副 vp", (0, 12, 8)), ("30 21 8 boards vp?", (30, 21, 8)),
     ("30比21，16副，VP", (30, 21, 16)), ("we lost by 7 imps over 24 boards, vps?", (0, 7, 24)), ("-7 imps 12副", (0, 7, 12))],
)
def test_vp_request(text, expected):
    assert vp_request(text) == expected


@pytest.mark.parametrize("text, message", [("赢了25 imp，VP多少", "副数"), ("25 30 40 8副 vp", "找到 3 个数"),
                                           ("25 imp 0副", "1 到 100"), ("25 imp 8副 vpz", "vpz")])
def test_a_vp_request_that_cannot_be_read_says_what_is_missing(text, message):
    with pytest.raises(ScoringInputError, match=message):
        vp_request(text)
