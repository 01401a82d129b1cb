"""A whole pairs session (3 tables × 6 boards, a Mitchell) replayed through handle_command, checked
against figures worked out by hand below."""

import pytest

from club_helpers import Chat, rows

# Mitchell movement: NS pairs 1, 2, 3 stay, EW pairs 4, 5, 6 move; two boards a round.
# Scores by hand from Law 77; vulnerability from Law 2 (board 1 none, 2 NS, 3 EW, 4 both,
# 5 NS, 6 EW).  NS MP: 2 per NS score beaten, 1 per tie; top 2·(3−1) = 4; EW MP = 4 − NS MP.
SESSION = [
    # board 1, none vul: 420, 450, 420 → 450 beats both (4); each 420 ties once (1)
    "/r 1 NS1-EW4 4S= N",        # +420 NS
    "/r 1 NS2-EW5 4S+1 N",       # +450 NS
    "/r 1 3-6 4S= N",            # +420 NS
    # board 2, NS vul: 3NT= vul is 100 + 500 = 600; 3NT+1 630 → 630 (4), 600 twice (1 each)
    "/r 2 1-4 3NT= S",
    "/r 2 2-5 3NT= N",
    "/r 2 3-6 3NT+1 S",
    # board 3, EW vul: 4H= E vul 120 + 500 = EW 620; 4HX-1 vul = NS 200; 3H+1 W = 90 + 30 + 50 = EW 170
    # NS: −620 (0), +200 (4), −170 (2)
    "/r 3 1-5 4H= E",
    "/r 3 2-6 4HX-1 E",
    "/r 3 3-4 3H+1 W",
    # board 4, both vul: 6NT= 190 + 500 + 750 = 1440; 3NT+3 100 + 90 + 500 = 690; 6NT-1 vul −100
    "/r 4 1-5 6NT= N",
    "/r 4 2-6 3NT+3 N",
    "/r 4 3-4 6NT-1 S",
    # board 5, NS vul: 2S-1 vul −100 (0); passed out 0 (2); 1NT+1 40 + 30 + 50 = 120 (4)
    "/r 5 1-6 2S-1 N",
    "/r 5 2-4 pass",
    "/r 5 3-5 1NT+1 S",
    # board 6, EW vul: 5DX= E 200 + 500 + 50 = EW 750 (NS 0); 5D= W 100 + 500 = EW 600 (NS 2);
    # 5DX-2 E vul 200 + 300 = NS 500 (NS 4)
    "/r 6 1-6 5DX= E",
    "/r 6 2-4 5D= W",
    "/r 6 3-5 5DX-2 E",
]

# Travellers, best NS score first: NS, EW, contract, declarer, +NS, +EW, MP NS, MP EW, % NS, % EW.
TRAVELLERS = {
    1: [("2", "5", "4S+1", "N", "450", "-", "4", "0", "100.00", "0.00"),
        ("1", "4", "4S=", "N", "420", "-", "1", "3", "25.00", "75.00"),
        ("3", "6", "4S=", "N", "420", "-", "1", "3", "25.00", "75.00")],
    2: [("3", "6", "3NT+1", "S", "630", "-", "4", "0", "100.00", "0.00"),
        ("1", "4", "3NT=", "S", "600", "-", "1", "3", "25.00", "75.00"),
        ("2", "5", "3NT=", "N", "600", "-", "1", "3", "25.00", "75.00")],
    3: [("2", "6", "4HX-1", "E", "200", "-", "4", "0", "100.00", "0.00"),
        ("3", "4", "3H+1", "W", "-", "170", "2", "2", "50.00", "50.00"),
        ("1", "5", "4H=", "E", "-", "620", "0", "4", "0.00", "100.00")],
    4: [("1", "5", "6NT=", "N", "1440", "-", "4", "0", "100.00", "0.00"),
        ("2", "6", "3NT+3", "N", "690", "-", "2", "2", "50.00", "50.00"),
        ("3", "4", "6NT-1", "S", "-", "100", "0", "4", "0.00", "100.00")],
    5: [("3", "5", "1NT+1", "S", "120", "-", "4", "0", "100.00", "0.00"),
        ("2", "4", "PASS", "-", "0", "0", "2", "2", "50.00", "50.00"),
        ("1", "6", "2S-1", "N", "-", "100", "0", "4", "0.00", "100.00")],
    6: [("3", "5", "5DX-2", "E", "500", "-", "4", "0", "100.00", "0.00"),
        ("2", "4", "5D=", "W", "-", "600", "2", "2", "50.00", "50.00"),
        ("1", "6", "5DX=", "E", "-", "750", "0", "4", "0.00", "100.00")],
}



def shown(row: tuple) -> tuple:
    """The columns a phone traveller shows: North-South's signed score, MP and % (East-West's
    are the mirror: top − MP, 100 − %)."""
    ns, ew, contract, by, plus_ns, plus_ew, mp_ns, _, pct_ns, _ = row
    return ns, ew, contract, by, plus_ns if plus_ns != "-" else f"-{plus_ew}", mp_ns, pct_ns


# Pair totals over 6 boards, top 6 × 4 = 24 (board by board from the travellers above):
#   pair 1: 1+1+0+4+0+0 = 6  → 25.00 %     pair 4: 3+3+2+4+2+2 = 16 → 66.67 %
#   pair 2: 4+1+4+2+2+2 = 15 → 62.50 %     pair 5: 0+3+4+0+0+0 = 7  → 29.17 %
#   pair 3: 1+4+2+0+4+4 = 15 → 62.50 %     pair 6: 3+0+0+2+4+4 = 13 → 54.17 %
# (6 + 15 + 15 + 16 + 7 + 13 = 72 = 6 boards × 3 tables × 4.)  A Mitchell ranks each direction
# apart: NS pairs 2 and 3 share first place; EW pair 4 wins.
STANDINGS_NS = [
    ("1=", "2", "15", "24", "62.50", "6"),
    ("1=", "3", "15", "24", "62.50", "6"),
    ("3", "1", "6", "24", "25.00", "6"),
]
STANDINGS_EW = [
    ("1", "4", "16", "24", "66.67", "6"),
    ("2", "6", "13", "24", "54.17", "6"),
    ("3", "5", "7", "24", "29.17", "6"),
]


def rankings(text: str, first_cell: str) -> list[list[tuple[str, ...]]]:
    """Every ranking table in a standings reply (a Mitchell has two)."""
    blocks = text.split("\n\n")
    return [rows(block, first_cell) for block in blocks if any(line.split()[:1] == [first_cell]
                                                              for line in block.splitlines() if line.strip())]


@pytest.fixture
def chat(store):
    return Chat(store)


@pytest.fixture
def played(chat):
    assert chat.text("/session new pairs 周三双人赛 6副").startswith("已开始 “周三双人赛” (牌号 1–6)")
    for line in SESSION:
        assert chat.text(line).startswith("已记录: "), line
    return chat


@pytest.mark.parametrize("board", sorted(TRAVELLERS))
def test_every_traveller_matches_the_hand_figures(played, board):
    text = played.text(f"/traveller {board}")
    assert rows(text, "南北") == [shown(row) for row in TRAVELLERS[board]]
    assert "共 3 桌, 满分 4 MP。" in text


def test_traveller_heading_gives_dealer_and_vulnerability(played):
    assert played.text("/traveller 3").splitlines()[0] == "第3副 · 南发牌 · 东西有局"
    assert played.text("/traveller 3", lang="en").splitlines()[0] == "Board 3 · dealer S · EW vul"


def test_standings_rank_pairs_by_percentage_with_ties(played):
    text = played.text("/standings")
    assert text.splitlines()[0] == "周三双人赛 — 成绩排名 · 南北"
    assert "周三双人赛 — 成绩排名 · 东西" in text.splitlines()
    assert rankings(text, "名次") == [STANDINGS_NS, STANDINGS_EW]


def test_standings_in_english(played):
    assert rankings(played.text("/standings", lang="en"), "Rank") == [STANDINGS_NS, STANDINGS_EW]


def test_a_recorded_result_is_echoed_with_its_score(chat):
    chat.text("/session new pairs")
    assert chat.text("/r 4 1-5 6NT= N") == "已记录: 4号牌 1-5 6NT= N: 南北 +1440 (第 4 副共 1 个成绩)"
    assert chat.text("/r 3 1-5 4H= E", lang="en") == "Recorded: board 3 1-5 4H= E: EW +620 (1 result(s) on board 3)"


def test_recording_the_same_board_and_pairs_again_replaces_it_with_a_note(played):
    reply = played.text("/r 1 2-5 4S= N")
    assert reply == "已更正: 1号牌 2-5 4S+1 N: 南北 +450 → 4S= N: 南北 +420。撤销: /undo"
    # Now all three tables scored 420: every pair gets 2 of 4.
    assert [row[5:7] for row in rows(played.text("/traveller 1"), "南北")] == [("2", "50.00")] * 3


def test_the_same_result_again_changes_nothing(played):
    assert played.text("/r 1 2-5 4S+1 N") == "这个成绩已经记过了, 没有改动: 1号牌 2-5 4S+1 N: 南北 +450"
    assert rows(played.text("/traveller 1"), "南北") == [shown(row) for row in TRAVELLERS[1]]


def test_undo_takes_back_a_correction_and_restores_the_earlier_result(played):
    played.text("/r 1 2-5 4S= N")
    assert played.text("/undo") == ("已撤销: 1号牌 2-5 4S= N: 南北 +420\n"
                                    "恢复原来的成绩: 1号牌 2-5 4S+1 N: 南北 +450")
    assert rows(played.text("/traveller 1"), "南北") == [shown(row) for row in TRAVELLERS[1]]


def test_undo_twice_removes_the_last_two_records(played):
    assert played.text("/undo") == "已撤销: 6号牌 3-5 5DX-2 E: 南北 +500"
    assert played.text("/undo") == "已撤销: 6号牌 2-4 5D= W: 东西 +600"
    # One score left where the other boards have three: Neuberg gives (0 + 1) · 3/1 − 1 = 2 of 4.
    assert rows(played.text("/traveller 6"), "南北") == [("1", "6", "5DX=", "E", "-750", "2", "50.00")]


def test_session_show_summarises_the_session(played):
    assert played.text("/session show") == ("比赛 “周三双人赛” (双人赛, 米切尔), 进行中; 牌号 1–6。\n"
                                            "共 18 个成绩; 有成绩的牌: 1, 2, 3, 4, 5, 6。")


def test_ending_keeps_results_and_shows_the_final_standings(played):
    reply = played.text("/session end")
    assert reply.startswith("“周三双人赛” 已结束, 成绩都保留着")
    assert rankings(reply, "名次") == [STANDINGS_NS, STANDINGS_EW]
    assert rankings(played.text("/standings"), "名次") == [STANDINGS_NS, STANDINGS_EW]
    assert played.text("/r 1 1-4 4S+1 N").startswith("这个群现在没有进行中的比赛")
