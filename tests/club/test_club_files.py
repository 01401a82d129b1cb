"""Exporting a session as CSV or PBN and importing a CSV of results scored elsewhere."""

import pytest

from club_helpers import Chat, rows

# A Howell (pair 1 meets pairs 3 and 4).
# Board 5 (NS vul, dealer N): 4S+1 N 650, 4S= N 620, 3NTX-2 S −500 → NS MP 4, 2, 0 of 4.
# Board 6 (EW vul, dealer E): passed out and 2H= S (NS not vul) 110 → NS MP 0 and 2 of 2; played
# twice where board 5 was played three times, so Neuberg: (0 + 1)·3/2 − 1 = 0.5 and
# (2 + 1)·3/2 − 1 = 3.5 of 4 (East-West: 4 − 0.5 = 3.5 and 0.5).
RESULTS = ["/r 5 1-3 4S+1 N", "/r 5 2-4 4S= N", "/r 5 5-6 3NTX-2 S", "/r 6 1-4 pass", "/r 6 2-3 2H= S"]
CSV = ("\ufeffboard,ns,ew,contract,declarer,score_ns,score_ew,mp_ns,mp_ew,names_ns,names_ew\r\n"
       "5,1,3,4S+1,N,650,-650,4,0,,\r\n"
       "5,2,4,4S=,N,620,-620,2,2,,\r\n"
       "5,5,6,3NTX-2,S,-500,500,0,4,,\r\n"
       "6,1,4,PASS,,0,0,0.50,3.50,,\r\n"
       "6,2,3,2H=,S,110,-110,3.50,0.50,,\r\n")


@pytest.fixture
def club(store):
    chat = Chat(store, chat_id=-1)
    chat.text("/session new pairs howell 周三 8副")
    for line in RESULTS:
        assert chat.text(line).startswith("已记录")
    return chat


def test_export_sends_the_session_as_csv(club):
    reply = club.send("/export")
    assert reply.text == "“周三” 的 5 个成绩: session-1.csv"
    assert reply.document == ("session-1.csv", CSV.encode("utf-8"))


def test_teams_export_lists_both_rooms_with_the_imps(store):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎")
    chat.text("/r 2 open 3NT= S")     # NS vul: 600
    chat.text("/r 2 closed 3NT-1 S")  # −100: 700 → 12 IMPs to 狮子
    chat.text("/r 3 open 4H= E")      # only one room so far
    assert chat.send("/export").document[1].decode("utf-8") == (
        "\ufeffboard,room,ns,ew,contract,declarer,score_ns,score_ew,imps_home,imps_away\r\n"
        "2,open,狮子,老虎,3NT=,S,600,-600,12,-12\r\n"
        "2,closed,老虎,狮子,3NT-1,S,-100,100,12,-12\r\n"
        "3,open,狮子,老虎,4H=,E,-620,620,,\r\n")


def test_an_exported_session_imports_into_another_chat_unchanged(club, store):
    other = Chat(store, chat_id=-2)
    other.text("/session new pairs howell 复盘 8副")
    assert other.text("/import", attachment=club.send("/export").document[1]) == (
        "已导入 5 个成绩到 “复盘”。撤销整个导入: /undo")
    assert rows(other.text("/standings"), "名次") == rows(club.text("/standings"), "名次")
    assert other.send("/export").document[1] == CSV.encode("utf-8")


def test_undo_takes_back_a_whole_import(store):
    chat = Chat(store)
    chat.text("/session new pairs")
    chat.text("/r 1 1-2 1NT= N")
    chat.text("/import", attachment=b"board,ns,ew,contract,declarer\n2,1,2,2S=,N\n3,1,2,3S=,N\n")
    assert chat.text("/undo") == "已撤销上次导入的 2 个成绩。"
    assert chat.text("/session show").endswith("共 1 个成绩; 有成绩的牌: 1。")


def test_import_reads_a_spreadsheet_saved_in_gb18030(store):
    chat = Chat(store)
    chat.text("/session new pairs")
    data = "board,ns,ew,contract,declarer\n1,张王,李赵,4S=,北\n".encode("gb18030")
    assert chat.text("/import", attachment=data) == "已导入 1 个成绩到 “双人赛”。撤销整个导入: /undo"
    assert rows(chat.text("/traveller 1"), "南北") == [("张王", "李赵", "4S=", "N", "420", "-", "-")]


def test_import_into_a_teams_match(store):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎")
    data = b"board,room,contract,declarer\n2,open,3NT=,S\n2,closed,3NT-1,S\n"
    assert chat.text("/import", attachment=data).startswith("已导入 2 个成绩")
    assert chat.text("/traveller 2").splitlines()[-1] == "狮子 +12 IMP"


BAD_FILES = [
    ("board,ns,ew,contract,declarer\n" + "1,1,2,4S=,N\n" * 10_000,
     "文件有 10000 行成绩, 最多 2000 行; 没有导入任何成绩。"),
    ("board,ns,ew,contract,declarer\n" + "1,1,2,4S=,N," + "x" * 600_000 + "\n",
     "文件太大 (585 KB, 最多 512 KB), 没有导入任何成绩。"),
    ("board,ns,ew,contract,declarer\n1,1,2,4S=,N\n2,1,2,4Q=,N\n",
     "第 3 行有错, 没有导入任何成绩: 不认识的花色 Q: 用 C D H S NT 或 ♣♦♥♠。"),
    ("board,ns,ew,contract,declarer\n1,1,2,4S=,N\n99,1,2,4S=,N\n",
     "第 3 行有错, 没有导入任何成绩: 本场比赛没有第 99 副牌 (牌号 1–8)。"),
    ("board,ns,ew,contract,declarer\n1,1,2,4S=,N\n1,1,2,4S+1,N\n",
     "第 3 行有错, 没有导入任何成绩: 第 1 副的这一桌已经有成绩"),
    ("board,ns,ew,contract,declarer\n5,1,7,4S=,N\n",
     "第 2 行有错, 没有导入任何成绩: 第 1 对在第 5 副已经有成绩: 1-3 4S+1 N。"),
    ("board,pair,contract\n1,1-2,4S=\n",
     "第一行缺少列: ns, ew, declarer。第一行: board,ns,ew,contract,declarer; 之后每行一个成绩, 如 5,1,3,4S+1,N"),
    ("board,ns,ew,contract,declarer\n", "文件里没有成绩。"),
]


@pytest.mark.parametrize("content, expected", BAD_FILES, ids=range(len(BAD_FILES)))
def test_a_bad_file_imports_nothing(club, content, expected):
    before = club.send("/export").document
    assert club.text("/import", attachment=content.encode("utf-8")).startswith(expected)
    assert club.send("/export").document == before


def test_a_bad_file_message_in_english(club):
    data = ("board,ns,ew,contract,declarer\n" + "1,1,2,4S=,N\n" * 10_000).encode()
    assert club.text("/import", attachment=data, lang="en") == (
        "The file has 10000 result lines, at most 2000; nothing was imported.")


def test_adjusted_scores_and_names_survive_an_export_and_import(store):
    first = Chat(store, chat_id=-31)
    first.text("/session new pairs 周一 4副")      # a Mitchell
    for line in ["/r 1 1-1 4S= N", "/r 1 2-2 A+ A-", "/r 1 3-3 60% 40%", "/r 1 4-4 未打", "/r 2 1-2 3NT= S"]:
        assert first.text(line).startswith("已记录")
    exported = first.send("/export").document[1]
    second = Chat(store, chat_id=-32)
    second.text("/session new pairs 周二 4副")
    assert second.text("/import", attachment=exported).startswith("已导入 5 个成绩")
    assert second.text("/traveller 1") == first.text("/traveller 1")
    assert second.text("/standings").replace("周二", "周一") == first.text("/standings")
