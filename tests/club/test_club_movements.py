"""Mitchell and Howell sessions, Neuberg factoring and adjusted scores, replayed through
handle_command and checked against figures worked out by hand below."""

import pytest

from club_helpers import Chat, fits_phone, flat, rows


def rankings(text: str, first_cell: str) -> list[list[tuple[str, ...]]]:
    """Every ranking table in a standings reply, names lines left out (a Mitchell has two)."""
    return [rows(block, first_cell) for block in text.split("\n\n")
            if any(line.split()[:1] == [first_cell] for line in block.splitlines())]


# ----- a 6-table Mitchell ---------------------------------------------------------------------
# NS pairs 1–6 stay, EW pairs 1–6 move up one table a round; NS and EW share the numbers.
# Board 1 (none vul): 420, 450, 420, 430, −50, −100 (5SX-1 NV).  Sorted −100 −50 420 420 430 450,
# top 2·(6−1) = 10: 450 → 10, 430 → 8, each 420 → 2·2 + 1 = 5, −50 → 2, −100 → 0.
# Board 2 (NS vul): 110, 140, −100, −110 (2S= by E), 110, 0.  Sorted −110 −100 0 110 110 140:
# 140 → 10, each 110 → 2·3 + 1 = 7, 0 → 4, −100 → 2, −110 → 0.
MITCHELL = [
    "/r 1 NS1-EW1 4S= N", "/r 1 NS2-EW2 4S+1 N", "/r 1 3-3 4S= N", "/r 1 4-4 3NT+1 N", "/r 1 5-5 4S-1 N",
    "/r 1 6-6 5SX-1 N",
    "/r 2 1-2 2H= S", "/r 2 2-3 2H+1 S", "/r 2 3-4 3H-1 S", "/r 2 4-5 2S= E", "/r 2 5-6 2H= S", "/r 2 6-1 pass",
]
# NS: 1: 5+7 = 12, 2: 10+10 = 20, 3: 5+2 = 7, 4: 8+0 = 8, 5: 2+7 = 9, 6: 0+4 = 4   (sum 60)
# EW (10 − NS): 1: 5+6 = 11, 2: 0+3 = 3, 3: 5+0 = 5, 4: 2+8 = 10, 5: 8+10 = 18, 6: 10+3 = 13   (sum 60)
MITCHELL_NS = [("1", "2", "20", "20", "100.00", "2"), ("2", "1", "12", "20", "60.00", "2"),
               ("3", "5", "9", "20", "45.00", "2"), ("4", "4", "8", "20", "40.00", "2"),
               ("5", "3", "7", "20", "35.00", "2"), ("6", "6", "4", "20", "20.00", "2")]
MITCHELL_EW = [("1", "5", "18", "20", "90.00", "2"), ("2", "6", "13", "20", "65.00", "2"),
               ("3", "1", "11", "20", "55.00", "2"), ("4", "4", "10", "20", "50.00", "2"),
               ("5", "3", "5", "20", "25.00", "2"), ("6", "2", "3", "20", "15.00", "2")]


@pytest.fixture
def mitchell(store):
    chat = Chat(store)
    assert chat.text("/session new pairs mitchell 周五 4副").startswith("已开始 “周五” (牌号 1–4)。米切尔")
    for line in MITCHELL:
        assert chat.text(line).startswith("已记录: "), line
    return chat


def test_a_mitchell_ranks_each_direction_apart(mitchell):
    text = mitchell.text("/standings")
    assert "周五 — 成绩排名 · 南北" in text and "周五 — 成绩排名 · 东西" in text
    assert rankings(text, "名次") == [MITCHELL_NS, MITCHELL_EW]
    assert rankings(mitchell.text("/standings", lang="en"), "Rank") == [MITCHELL_NS, MITCHELL_EW]


def test_a_mitchell_traveller_matchpoints_the_board(mitchell):
    assert rows(mitchell.text("/traveller 1"), "南北") == [
        ("2", "2", "4S+1", "N", "450", "10", "100.00"), ("4", "4", "3NT+1", "N", "430", "8", "80.00"),
        ("1", "1", "4S=", "N", "420", "5", "50.00"), ("3", "3", "4S=", "N", "420", "5", "50.00"),
        ("5", "5", "4S-1", "N", "-50", "2", "20.00"), ("6", "6", "5SX-1", "N", "-100", "0", "0.00")]


def test_in_a_mitchell_ns2_ew1_after_ns1_ew2_is_a_normal_result(store):
    chat = Chat(store)
    chat.text("/session new pairs 周五")
    assert chat.text("/r 1 NS1-EW2 4S= N").startswith("已记录")
    assert chat.text("/r 1 NS2-EW1 4S+1 N").startswith("已记录")
    # …but one NS pair twice on a board is still refused, naming its direction.
    assert chat.text("/r 1 NS1-EW3 4S= N").startswith("第 NS1 对在第 1 副已经有成绩")
    assert chat.text("/r 1 EW3-NS4 4S= N").startswith("南北对写在前面: NS4-EW3 应写成 NS…-EW…")


# ----- Neuberg -----------------------------------------------------------------------------
# Board 3 (EW vul) played only 4 times where the others were played 6 times: 400, 430, −50, 400.
# Among themselves (top 6): 430 → 6, each 400 → 2 + 1 = 3, −50 → 0.  Neuberg to N = 6 tables on
# the 2/1 scale, MP' = (MP + 1)·6/4 − 1: 430 → 9.5, 400 → 5, −50 → 0.5, of a top of 10.
NEUBERG_BOARD = ["/r 3 1-3 3NT= N", "/r 3 2-4 3NT+1 N", "/r 3 3-5 3NT-1 N", "/r 3 4-6 3NT= N"]


def test_a_board_played_fewer_times_is_factored_up(mitchell):
    for line in NEUBERG_BOARD:
        mitchell.text(line)
    text = mitchell.text("/traveller 3")
    assert rows(text, "南北") == [("2", "4", "3NT+1", "N", "430", "9.50", "95.00"),
                                  ("1", "3", "3NT=", "N", "400", "5", "50.00"),
                                  ("4", "6", "3NT=", "N", "400", "5", "50.00"),
                                  ("3", "5", "3NT-1", "N", "-50", "0.50", "5.00")]
    assert "Neuberg折算:只有4个成绩可比,按6桌折算。" in flat(text)
    assert "Neuberg" not in mitchell.text("/traveller 1")
    # NS after three boards (tops 10 + 10 + 10 = 30 for the four pairs that played board 3):
    # 2: 20 + 9.5 = 29.5 → 98.33 %; 1: 12 + 5 = 17 → 56.67 %; 4: 8 + 5 = 13 → 43.33 %;
    # 3: 7 + 0.5 = 7.5 → 25.00 %; 5 and 6 did not play it: 9/20 = 45.00 %, 4/20 = 20.00 %.
    # (Unfactored, pair 2 would have 20 + 6 of 20 + 6: 100 %.)
    assert rankings(mitchell.text("/standings"), "名次")[0] == [
        ("1", "2", "29.50", "30", "98.33", "3"), ("2", "1", "17", "30", "56.67", "3"),
        ("3", "5", "9", "20", "45.00", "2"), ("4", "4", "13", "30", "43.33", "3"),
        ("5", "3", "7.50", "30", "25.00", "3"), ("6", "6", "4", "20", "20.00", "2")]


# ----- Howell with adjusted scores ---------------------------------------------------------------
# Eight pairs, one field.  Each board has 4 tables, so the top is 6 and N = 4.
# Board 1 (none vul): 1-2 420, 3-4 450, 5-6 A+ A- (60 %/40 % of 6 = 3.6/2.4), 7-8 60% 40% (3.6/2.4).
#   The two scores compared: 450 → 2, 420 → 0; Neuberg (MP + 1)·4/2 − 1: 450 → 5, 420 → 1.
# Board 2 (NS vul): 1-3 600, 2-4 −100, 5-7 A A (3/3), 6-8 600.
#   Three scores: each 600 → 2 + 1 = 3, −100 → 0; Neuberg (MP + 1)·4/3 − 1: 600 → 13/3, −100 → 1/3.
HOWELL = ["/r 1 1-2 4S= N", "/r 1 3-4 4S+1 N", "/r 1 5-6 A+ A-", "/r 1 7-8 60% 40%",
          "/r 2 1-3 3NT= N", "/r 2 2-4 3NT-1 N", "/r 2 5-7 平均", "/r 2 6-8 3NT= N"]
# Totals of 12:  1: 1 + 13/3 = 16/3 → 44.44 %     2: 5 + 1/3 = 16/3 → 44.44 %
#                3: 5 + 5/3 = 20/3 → 55.56 %      4: 1 + 17/3 = 20/3 → 55.56 %
#                5: 3.6 + 3 = 6.6 → 55.00 %       6: 2.4 + 13/3 = 6.733 → 56.11 %
#                7: 3.6 + 3 = 6.6 → 55.00 %       8: 2.4 + 5/3 = 4.067 → 33.89 %   (sum 48 = 2 · 4 · 6)
HOWELL_STANDINGS = [("1", "6", "6.73", "12", "56.11", "2"), ("2=", "3", "6.67", "12", "55.56", "2"),
                    ("2=", "4", "6.67", "12", "55.56", "2"), ("4=", "5", "6.60", "12", "55.00", "2"),
                    ("4=", "7", "6.60", "12", "55.00", "2"), ("6=", "1", "5.33", "12", "44.44", "2"),
                    ("6=", "2", "5.33", "12", "44.44", "2"), ("8", "8", "4.07", "12", "33.89", "2")]


@pytest.fixture
def howell(store):
    chat = Chat(store)
    assert "豪厄尔: 所有对一个编号、一个排名" in chat.text("/session new pairs howell 周日 8副")
    for line in HOWELL:
        assert chat.text(line).startswith("已记录: "), line
    return chat


def test_a_howell_with_adjusted_scores_has_one_ranking(howell):
    text = howell.text("/standings")
    assert "南北" not in text.splitlines()[0]
    assert rankings(text, "名次") == [HOWELL_STANDINGS]


def test_adjusted_scores_show_on_the_traveller(howell):
    assert rows(howell.text("/traveller 1"), "南北") == [
        ("3", "4", "4S+1", "N", "450", "5", "83.33"), ("1", "2", "4S=", "N", "420", "1", "16.67"),
        ("5", "6", "A+/A-", "-", "-", "3.60", "60.00"), ("7", "8", "60%/40%", "-", "-", "3.60", "60.00")]
    assert rows(howell.text("/traveller 2"), "南北")[-1] == ("5", "7", "A/A", "-", "-", "3", "50.00")


@pytest.mark.parametrize("words, shown", [
    ("A+ A-", "A+/A-"), ("avg+ avg-", "A+/A-"), ("平均正分 平均负分", "A+/A-"), ("A- A+", "A-/A+"),
    ("A A", "A/A"), ("avg", "A/A"), ("平均", "A/A"), ("60% 40%", "60%/40%"), ("55% 45%", "55%/45%"),
    ("A+/A-", "A+/A-"),
])
def test_every_way_of_writing_an_adjusted_score(store, words, shown):
    chat = Chat(store)
    chat.text("/session new pairs howell")
    assert chat.text(f"/r 3 1-2 {words}").startswith("已记录: 3号牌 1-2 调整分 南北 " + shown.split("/")[0])
    assert rows(chat.text("/traveller 3"), "南北")[0][2] == shown


def test_not_played_excludes_the_board_for_that_pair(howell):
    assert howell.text("/r 1 7-8 未打").startswith("已更正: 1号牌 7-8 调整分 南北 60%, 东西 40% → 未打")
    # Board 1 now has three tables: 450 → 2 + ... of top 4, and pairs 7 and 8 have one board only.
    table = rankings(howell.text("/standings"), "名次")[0]
    assert {row[1]: row[5] for row in table}["7"] == "1"
    assert {row[1]: row[5] for row in table}["8"] == "1"
    assert rows(howell.text("/traveller 1"), "南北")[-1] == ("7", "8", "NP", "-", "-", "-", "-")


def test_a_pair_given_nothing_else_no_longer_wins_on_one_board(store):
    # Pair 9 played board 1 only and topped it: 450 beats 420 and −50, 4 of 4, "100 %".
    chat = Chat(store)
    chat.text("/session new pairs howell")
    for line in ["/r 1 1-2 4S= N", "/r 1 3-4 4S-1 N", "/r 1 9-5 4S+1 N", "/r 2 1-3 2S= N", "/r 2 2-4 2S+1 N",
                 "/r 2 5-6 2S+1 N"]:
        chat.text(line)
    assert rankings(chat.text("/standings"), "名次")[0][0][1:5] == ("9", "4", "4", "100.00")
    # The director gives pair 9 average minus on board 2 (its opponents 7 average plus).  Board 2
    # now has 4 tables, so N = 4 and the top is 6: pair 9 gets 40 % of 6 = 2.4 there.  Board 1
    # has 3 tables of 4: 450's 4 becomes (4 + 1)·4/3 − 1 = 17/3.  Pair 9: 17/3 + 2.4 = 8.067 of
    # 12 → 67.22 %, still first (pairs 2 and 4: 22/3 of 12 = 61.11 %), but no longer 100 %.
    chat.text("/r 2 9-7 A- A+")
    ranking = rankings(chat.text("/standings"), "名次")[0]
    assert ranking[0][1:5] == ("9", "8.07", "12", "67.22")
    assert {row[1]: row[4] for row in ranking}["2"] == "61.11"


# ----- teams: VPs on the scheduled boards ----------------------------------------------------
# 狮子 (home) sits NS in the open room.  Boards 2, 3, 6, 7: 4S= N in both rooms, flat.
# Board 1 (none vul): 2S+1 N 140 vs 2S= N 110 → 30 → 1 IMP; board 4 (both vul): 6NT= 1440 vs
# 3NT+3 690 → 750 → 13 IMPs; board 5 (NS vul): 2S= 110 vs 1NT= 90 → 20 → 1 IMP.  15 IMPs after 7.
SEVEN_BOARDS = [("/r 1 open 2S+1 N", "/r 1 closed 2S= N"), ("/r 4 open 6NT= N", "/r 4 closed 3NT+3 N"),
                ("/r 5 open 2S= N", "/r 5 closed 1NT= N")] + [
               (f"/r {b} open 4S= N", f"/r {b} closed 4S= N") for b in (2, 3, 6, 7)]


def _vp(margin: float, boards: int) -> float:
    """The WBF 2013 formula by hand: 10 + 10·(1 − τ^(3M/B))/(1 − τ³), B = 15·√boards."""
    tau = (5 ** 0.5 - 1) / 2
    return round(10 + 10 * (1 - tau ** (3 * margin / (15 * boards ** 0.5))) / (1 - tau ** 3), 2)


@pytest.mark.parametrize("creation, vp, basis", [
    ("/session new teams 狮子 vs 老虎 8副", _vp(15, 8), "按计划的8副计VP,已完成7副"),   # 15.23
    ("/session new teams 狮子 vs 老虎", _vp(15, 7), "按已完成的7副计VP"),               # 15.50
])
def test_teams_vps_use_the_scheduled_boards_when_the_session_has_a_count(store, creation, vp, basis):
    assert (_vp(15, 8), _vp(15, 7)) == (15.23, 15.50)
    chat = Chat(store)
    chat.text(creation)
    for open_line, closed_line in SEVEN_BOARDS:
        chat.text(open_line)
        chat.text(closed_line)
    text = chat.text("/standings")
    assert rows(text, "牌号")[-1] == ("VP", f"{vp:.2f}", f"{20 - vp:.2f}")
    assert f"狮子领先15IMP,VP{vp:.2f}:{20 - vp:.2f}" in flat(text) and basis in flat(text)


def test_a_teams_adjusted_score_is_three_imps(store):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎 8副")
    for open_line, closed_line in SEVEN_BOARDS:
        chat.text(open_line)
        chat.text(closed_line)
    assert chat.text("/r 8 open A+ A-").startswith("已记录: 8号牌 开室 调整分 南北 A+, 东西 A-")
    text = chat.text("/standings")
    table = rows(text, "牌号")
    assert ("8A", "+3", "-3") in table
    # 狮子 15 IMPs + 3 adjusted = 18 against 老虎 −18: 8-board scale.
    assert ("调整", "+3", "-3") in table
    assert table[-1] == ("VP", f"{_vp(18, 8):.2f}", f"{20 - _vp(18, 8):.2f}")
    assert "±3IMP" in flat(text)
    assert fits_phone(text) == []


def test_a_teams_board_not_played_counts_for_nothing(store):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎")
    chat.text("/r 1 open 4S= N")      # none vul: 420
    chat.text("/r 1 closed 4S+1 N")   # 450: 1 IMP to 老虎
    chat.text("/r 2 open 3NT= N")
    chat.text("/r 2 closed 未打")
    text = chat.text("/standings")
    # 老虎 +1 IMP on the one board completed (1-board scale: 3·1/15 = 0.2, τ^0.2 = 0.9082,
    # 10 + 10·0.0918/0.7639 = 11.20).
    assert _vp(1, 1) == 11.20
    assert rows(text, "牌号") == [("1", "-", "1"), ("2", "未打", "未打"), ("合计", "0", "1"), ("VP", "8.80", "11.20")]
    assert "按已完成的1副计VP" in flat(text)
    assert "尚未计入" not in text
