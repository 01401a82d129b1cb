"""A teams match (2 tables × 8 boards) replayed through handle_command, checked against IMPs and
VPs worked out by hand below."""

import pytest

from club_helpers import Chat, fits_phone, flat, rows

# 狮子 (home) sit NS in the open room and EW in the closed room.  IMPs to 狮子 =
# Law 78B IMPs of (open NS score − closed NS score).  Scores by hand from Law 77.
MATCH = [
    # board 1, none vul: 4S= 420 both rooms → 0
    ("/r 1 open 4S= N", "/r 1 closed 4S= N"),
    # board 2, NS vul: 3NT= 600 vs 3NT-1 −100 → 700 → 12 to 狮子
    ("/r 2 open 3NT= S", "/r 2 closed 3NT-1 S"),
    # board 3, EW vul: 4H= E, NS −620 vs 4H-1 E, NS +100 → −720 → 12 to 老虎
    ("/r 3 open 4H= E", "/r 3 closed 4H-1 E"),
    # board 4, both vul: 6NT= 1440 vs 3NT+3 690 → 750 → 13 to 狮子
    ("/r 4 open 6NT= N", "/r 4 closed 3NT+3 N"),
    # board 5, NS vul: 2S= 110 vs 3S-1 −100 → 210 → 5 to 狮子
    ("/r 5 open 2S= N", "/r 5 closed 3S-1 N"),
    # board 6, EW vul: 5DX= E, NS −750 vs 5D= W, NS −600 → −150 → 4 to 老虎
    ("/r 6 open 5DX= E", "/r 6 closed 5D= W"),
    # board 7, both vul: 1NT= 90 vs passed out 0 → 90 → 3 to 狮子
    ("/r 7 open 1NT= N", "/r 7 closed pass"),
    # board 8, none vul: 4HX-3 S, NS −500 vs 4S= E, NS −420 → −80 → 2 to 老虎
    ("/r 8 open 4HX-3 S", "/r 8 closed 4S= E"),
]
# Board by board: (board, 狮子 IMPs, 老虎 IMPs) — "-" where a side won nothing.
BOARD_IMPS = [("1", "-", "-"), ("2", "12", "-"), ("3", "-", "12"), ("4", "13", "-"),
              ("5", "5", "-"), ("6", "-", "4"), ("7", "3", "-"), ("8", "-", "2")]
# 狮子 12 + 13 + 5 + 3 = 33, 老虎 12 + 4 + 2 = 18: margin 15 in 8 boards.  The WBF 2013
# continuous scale for 8 boards (as published, e.g. by the Danish federation) gives 15 IMPs
# 15.23 VP, so 15.23 : 4.77.
TOTALS = [("合计", "33", "18"), ("VP", "15.23", "4.77")]

# Each board's two rooms: room, contract, declarer, +NS, +EW; then the verdict line.
TRAVELLERS = {
    1: ([("开室", "4S=", "N", "420", "-"), ("闭室", "4S=", "N", "420", "-")], "平局: 0 IMP。"),
    2: ([("开室", "3NT=", "S", "600", "-"), ("闭室", "3NT-1", "S", "-", "100")], "狮子 +12 IMP"),
    3: ([("开室", "4H=", "E", "-", "620"), ("闭室", "4H-1", "E", "100", "-")], "老虎 +12 IMP"),
    4: ([("开室", "6NT=", "N", "1440", "-"), ("闭室", "3NT+3", "N", "690", "-")], "狮子 +13 IMP"),
    5: ([("开室", "2S=", "N", "110", "-"), ("闭室", "3S-1", "N", "-", "100")], "狮子 +5 IMP"),
    6: ([("开室", "5DX=", "E", "-", "750"), ("闭室", "5D=", "W", "-", "600")], "老虎 +4 IMP"),
    7: ([("开室", "1NT=", "N", "90", "-"), ("闭室", "PASS", "-", "0", "0")], "狮子 +3 IMP"),
    8: ([("开室", "4HX-3", "S", "-", "500"), ("闭室", "4S=", "E", "-", "420")], "老虎 +2 IMP"),
}


@pytest.fixture
def chat(store):
    return Chat(store)


@pytest.fixture
def played(chat):
    reply = chat.text("/session new teams 狮子 vs 老虎 8副")
    assert reply.startswith("已开始 “狮子 vs 老虎” (牌号 1–8)。狮子 开室坐南北, 闭室坐东西。")
    for open_line, closed_line in MATCH:
        assert chat.text(open_line).startswith("已记录: "), open_line
        assert chat.text(closed_line).startswith("已记录: "), closed_line
    return chat


@pytest.mark.parametrize("board", sorted(TRAVELLERS))
def test_every_board_gives_the_hand_computed_imps(played, board):
    text = played.text(f"/traveller {board}")
    expected_rows, verdict = TRAVELLERS[board]
    assert rows(text, "房间") == expected_rows
    assert text.splitlines()[-1] == verdict


def test_match_result_totals_imps_and_converts_to_vps(played):
    text = played.text("/standings")
    table = rows(text, "牌号")
    assert table == BOARD_IMPS + TOTALS
    assert flat(text).endswith(flat("狮子 领先 15 IMP, VP 15.23:4.77 (WBF 2013 连续VP表; 按计划的 8 副计 VP, 已完成 8 副)。"))
    assert fits_phone(text) == []


def test_match_result_in_english(played):
    text = played.text("/standings", lang="en")
    assert rows(text, "Board")[-2:] == [("Total", "33", "18"), ("VP", "15.23", "4.77")]
    assert flat(text).endswith(flat("狮子 leads by 15 IMPs: VP 15.23:4.77 (WBF 2013 scale; VPs on the scheduled "
                                    "8-board scale, after 8)."))


def test_a_board_with_one_room_only_is_not_counted_yet(chat):
    chat.text("/session new teams 狮子 vs 老虎 8副")
    chat.text("/r 2 open 3NT= S")
    chat.text("/r 2 closed 3NT-1 S")
    chat.text("/r 3 open 4H= E")
    text = chat.text("/standings")
    # Only board 2 counts, on the scheduled 8-board scale: blitz B = 15·√8 = 42.43, 3·12/B = 0.8485,
    # τ^0.8485 = 0.6648, VP = 10 + 10·(1 − 0.6648)/(1 − τ³ = 0.7639) = 14.39.
    assert rows(text, "牌号") == [("2", "12", "-"), ("3", "…", "…"), ("合计", "12", "0"), ("VP", "14.39", "5.61")]
    assert flat(text).endswith(flat("尚未计入 (只有一个房间的结果): 3 号牌。"))
    assert chat.text("/traveller 3").splitlines()[-1] == "等待闭室的结果。"


def test_a_drawn_match_is_ten_all(chat):
    chat.text("/session new teams 狮子 vs 老虎")
    chat.text("/r 1 open 4S= N")      # none vul: 420
    chat.text("/r 1 closed 4S+1 N")   # 450: 420 − 450 = −30 → 1 IMP to 老虎
    chat.text("/r 2 open 1NT+1 N")    # NS vul: 40 + 30 + 50 = 120
    chat.text("/r 2 closed 1NT= N")   # 90: 120 − 90 = 30 → 1 IMP to 狮子
    text = chat.text("/standings")
    assert rows(text, "牌号") == [("1", "-", "1"), ("2", "1", "-"), ("合计", "1", "1"), ("VP", "10.00", "10.00")]
    assert flat(text).endswith(flat("狮子 与 老虎 打平, VP 10.00:10.00 (WBF 2013 连续VP表; 按已完成的 2 副计 VP)。"))


def test_recording_a_room_again_replaces_it(played):
    assert played.text("/r 2 closed 3NT= S") == ("已更正: 2号牌 闭室 3NT-1 S: 东西 +100 → 3NT= S: 南北 +600。"
                                                 "撤销: /undo")
    assert played.text("/traveller 2").splitlines()[-1] == "平局: 0 IMP。"
    # 狮子 lose the 12 IMPs of board 2: 21 : 18, margin 3 → 11.27 VP (8 boards, published table).
    assert rows(played.text("/standings"), "牌号")[-2:] == [("合计", "21", "18"), ("VP", "11.27", "8.73")]


def test_pairs_notation_in_a_teams_match_is_explained(played):
    assert played.text("/r 2 1-3 4S= N").startswith("这是队式赛, 第二个词写 open (开室) 或 closed (闭室), 不写对号 “1-3”。")


@pytest.mark.parametrize("creation", ["/session new teams Lions vs Tigers 8 boards",
                                      "/session new teams Lions vs Tigers 8boards",
                                      "/session new teams Lions vs Tigers 8 副"])
def test_the_board_count_may_be_written_apart(store, creation):
    chat = Chat(store)
    assert chat.text(creation, lang="en").startswith("Started “Lions vs Tigers” (boards 1–8).")
    assert chat.text("/session new teams X vs Y", lang="en").startswith("This chat already has an open session")


@pytest.mark.parametrize("line, team", [("/team A 张三 李四", "A队"), ("/team b队 王五", "B队"), ("/team 客队 赵六", "B队"),
                                        ("/team home 钱七", "A队")])
def test_a_team_is_named_by_its_name_its_start_or_home_and_away(store, line, team):
    chat = Chat(store)
    chat.text("/session new teams A队 vs B队")
    name = line.split(maxsplit=2)[2]
    assert chat.text(line) == f"{team}: {name}"
    chat.text("/r 1 open 4S= N")
    chat.text("/r 1 closed 4S= N")
    assert f"{team}: {name}" in chat.text("/standings").splitlines()


def test_an_unknown_team_is_refused(store):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎")
    assert chat.text("/team 熊猫 张三") == "第一个词是队名 (狮子 或 老虎)。例如 /team 狮子 张三 李四 王五 赵六"
