"""Input a club member can get wrong — digit look-alikes, adjusted scores in the wrong place,
oversized CSV cells — gets a clear message and changes nothing; exported CSV cannot run as a
spreadsheet formula; reports are computed once per change of the session."""

import pytest

from bot.club import standings
from club_helpers import Chat, rows


@pytest.fixture
def club(store):
    chat = Chat(store)
    chat.text("/session new pairs howell 周三 8副")
    chat.text("/r 1 1-2 4S= N")
    return chat


def snapshot(chat: Chat) -> bytes:
    return chat.send("/export").document[1]


@pytest.mark.parametrize("line, expected", [
    ("/r 1 ²-3 4S= N", "“²” 不是普通数字: 牌号、对号和数量只能用 0–9。例如 /r 5 NS1-EW3 4S+1 N"),
    ("/r ¹ 3-4 4S= N", "“¹” 不是普通数字"),
    ("/r 1 3-4 4S+① N", "“①” 不是普通数字"),
    ("/r 1 3-٤ 4S= N", "“٤” 不是普通数字"),
    ("/traveller ²", "“²” 不是普通数字: 牌号、对号和数量只能用 0–9。例如 /traveller 5"),
    ("/pair ²3 张三", "“²” 不是普通数字"),
    ("/r 1 3-4 A+", "调整分要写出双方的, 南北在前: A+ A-、A A、A- A+ 或 60% 40%。"),
    ("/r 1 3-4 120% 0%", "百分比最多 100%, 不是 120%。"),
])
def test_bad_entries_are_refused_and_change_nothing(club, line, expected):
    before = snapshot(club)
    assert club.text(line).startswith(expected)
    assert snapshot(club) == before
    assert club.text("/standings").count("\n") > 1   # the session still reports


def test_full_width_digits_are_ordinary_digits(club):
    assert club.text("/r １ ３-４ ４S= N").startswith("已记录: 1号牌 3-4 4S= N")


def test_a_session_count_with_a_superscript_is_refused(store):
    chat = Chat(store)
    assert chat.text("/session new pairs 周三 ¹⁸副").startswith("“¹ ⁸” 不是普通数字")
    assert chat.text("/session show").startswith("这个群现在没有进行中的比赛")


def test_an_adjusted_score_in_a_teams_match_in_pairs_form(store):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎 8副")
    chat.text("/r 1 open 4S= N")
    before = snapshot(chat)
    assert chat.text("/r 5 1-3 A+ A-") == (
        "这是队式赛, 第二个词写 open (开室) 或 closed (闭室), 不写对号 “1-3”。"
        "格式: /r 牌号 open|closed 定约结果 庄家, 例如 /r 5 open 4S+1 N 或 /r 5 closed 3NT= S")
    assert chat.text("/r 5 open 60% 40%").startswith("队式赛的调整分用 A+ A- (±3 IMP), 不用百分比。")
    assert snapshot(chat) == before


@pytest.mark.parametrize("content, expected", [
    ("board,ns,ew,contract,declarer\n1,²,4,4S=,N\n", "第 2 行有错, 没有导入任何成绩: “²” 不是普通数字"),
    ("board,ns,ew,contract,declarer\n1,3,4,4S=,N," + "x" * 150 + "\n", "文件里有一格超过 100 个字符, 没有导入任何成绩。"),
    ("board,ns,ew,contract,declarer\n1,3,4,4S=,\"" + "x" * 200_000 + "\"\n", "文件里有一格超过 100 个字符"),
])
def test_bad_csv_cells_import_nothing(club, content, expected):
    before = snapshot(club)
    reply = club.text("/import", attachment=content.encode())
    assert reply.startswith(expected) or reply.startswith("文件太大")
    assert snapshot(club) == before


def test_a_huge_cell_within_the_size_limit_gets_the_cell_message(club):
    data = ("board,ns,ew,contract,declarer\n1,3,4,4S=,\"" + "x" * 140_000 + "\"\n").encode()
    assert len(data) < 512 * 1024
    assert club.text("/import", attachment=data).startswith("文件里有一格超过 100 个字符, 没有导入任何成绩。")


def test_exported_csv_cannot_run_as_a_formula(store):
    chat = Chat(store)
    chat.text("/session new teams =HYPERLINK(\"x\") vs @SUM(1)")
    chat.text("/r 1 open 4S-1 N")
    chat.text("/team @SUM(1) -2+3 =1")
    text = chat.send("/export").document[1].decode("utf-8-sig")
    line = text.splitlines()[1]
    assert line == "1,open,\"'=HYPERLINK(\"\"x\"\")\",'@SUM(1),4S-1,N,-50,50,,"
    # Numbers stay numbers: -50 is not neutralised.


def test_reports_are_computed_once_per_change(club, monkeypatch):
    calls = []
    real = standings.pairs_report
    monkeypatch.setattr(standings, "pairs_report", lambda *a, **k: calls.append(1) or real(*a, **k))
    club.text("/standings")
    club.text("/standings")
    club.text("/traveller 1")
    assert len(calls) == 1
    club.text("/r 1 3-4 4S+1 N")
    assert rows(club.text("/traveller 1"), "南北")[0][:5] == ("3", "4", "4S+1", "N", "450")
    club.text("/standings")
    assert len(calls) == 2
    club.text("/pair 3 张三 李四")   # a name changes the session's version too
    assert "张三 李四" in club.text("/standings")
    assert len(calls) == 3


def test_a_new_session_after_a_delete_never_gets_the_old_reports(store):
    chat = Chat(store)
    chat.text("/session new pairs howell 旧")
    chat.text("/r 1 1-2 4S= N")
    assert "4S=" in chat.text("/traveller 1")   # memoised at the session's first version
    chat.text("/session delete 确认")
    chat.text("/session new pairs howell 新")   # SQLite may give it the deleted session's id
    chat.text("/r 1 1-2 3NT= N")
    text = chat.text("/traveller 1")
    assert "3NT=" in text and "4S=" not in text
