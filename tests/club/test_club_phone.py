"""Club replies on a phone: every line of travellers and standings within 40 columns, examples
that fit the session, wording that fits the chat, delete only after a confirmation, and the
console's /import FILE and /hands FILE."""

import io

import pytest

from bot.chat.console import ConsoleChat, file_message
from bot.chat.core import ChatMessage, Core
from bot.club import handle_command
from chat_fakes import make_core
from club_helpers import Chat, fits_phone

LONG = "长" * 40   # the longest allowed name, all double-width


@pytest.fixture
def crowded(store):
    """A session made to stress the width: long names, factored MPs, adjusted scores, 12 tables."""
    chat = Chat(store)
    chat.text(f"/session new pairs mitchell {'周' * 60} 36副")
    for n in range(1, 13):
        chat.text(f"/pair NS{n} {LONG}")
        chat.text(f"/pair EW{n} Smith Jones Brown")
        chat.text(f"/r 36 {n}-{n} 3NTX-{min(n, 9)} N")
        chat.text(f"/r 35 {n}-{(n % 12) + 1} 7NTXX= S")
    chat.text("/r 34 1-1 60% 40%")
    chat.text("/r 34 2-2 未打")
    chat.text("/r 34 3-3 6NTX= S")
    chat.text("/r 34 ABCDEFGHIJKLMNOPQRST-4 1C= N")
    return chat


@pytest.mark.parametrize("line", ["/standings", "/traveller 36", "/traveller 35", "/traveller 34",
                                  "/session end"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_line_of_pairs_reports_fits_40_columns(crowded, line, lang):
    text = crowded.text(line, lang=lang)
    assert text.count("\n") > 3
    assert fits_phone(text) == []


def test_every_line_of_a_teams_match_fits_40_columns(store):
    chat = Chat(store)
    chat.text(f"/session new teams {'狮' * 25} vs {'虎' * 25} 12副")
    chat.text(f"/team {'狮' * 25} {LONG}")
    for board in range(1, 13):
        chat.text(f"/r {board} open 7NTXX= S")
        chat.text(f"/r {board} closed {'A+ A-' if board == 3 else '3NTX-9 N'}")
    for line in ("/standings", "/traveller 1", "/traveller 3"):
        for lang in ("zh", "en"):
            assert fits_phone(chat.text(line, lang=lang)) == [], (line, lang)


def test_names_show_under_the_standings_and_on_the_traveller(store):
    chat = Chat(store)
    chat.text("/session new pairs 周三")
    assert chat.text("/pair NS3 张三 李四") == "第 NS3 对: 张三 李四"
    assert chat.text("/pair ns3 张三 王五") == "第 NS3 对: 张三 王五 (原来是 张三 李四)"
    chat.text("/r 1 3-1 4S= N")
    standings = chat.text("/standings").splitlines()
    assert standings[standings.index(next(line for line in standings if line.startswith("1    3"))) + 1] == (
        "     张三 王五")
    assert chat.text("/traveller 1").splitlines()[-1] == "南北3 张三 王五"


@pytest.mark.parametrize("line, expected", [
    ("/pair 3 张三 李四", "米切尔里南北和东西各有第 3 对: 请写 NS3 或 EW3。例如 /pair NS3 张三 李四"),
    ("/pair NS3 " + "名" * 200, "名字太长 (最多 40 个字)。例如 /pair NS3 张三 李四"),
    ("/pair NS3", "请写出名字。例如 /pair NS3 张三 李四"),
    ("/pair", "请写出对号和名字。例如 /pair NS3 张三 李四"),
    ("/team 狮子 张三", "这是双人赛: 用 /pair 给一对起名字, 例如 /pair 3 张三 李四"),
])
def test_bad_names_are_refused_and_change_nothing(store, line, expected):
    chat = Chat(store)
    chat.text("/session new pairs 周三")
    chat.text("/pair NS1 张三 李四")
    before = chat.send("/export").document
    chat.text("/r 1 1-1 4S= N")
    before = chat.send("/export").document
    assert chat.text(line) == expected
    assert chat.send("/export").document == before


def test_examples_use_a_board_the_session_has(store):
    chat = Chat(store)
    started = chat.text("/session new pairs 周四 4副")
    assert "/r 4 NS1-EW3 4S+1 N" in started and "/r 5" not in started
    assert chat.text("/traveller 9") == "本场比赛没有第 9 副牌 (牌号 1–4)。例如 /r 4 NS1-EW3 4S+1 N"
    assert chat.text("/traveller") == "请写出牌号。例如 /traveller 4"
    assert chat.text("/r 1 1-3 4S+1").endswith("例如 /r 4 NS1-EW3 4S+1 N 或 /r 4 1-3 pass")


def test_the_console_is_not_called_a_group(store):
    console = Chat(store, chat_id="console")
    assert console.text("/standings").startswith("这里现在没有进行中的比赛")
    console.text("/session new pairs A")
    assert console.text("/session new pairs B").startswith("这里已经有一场进行中的比赛 “A”")
    assert Chat(store, chat_id=-5).text("/standings").startswith("这个群现在没有进行中的比赛")


def core_over(store) -> Core:
    """A chat core whose club commands go to ``store``."""
    club = lambda command, args, **kw: handle_command(command, args, store=store, **kw)  # noqa: E731
    return make_core(club=club)


def test_delete_asks_first_and_the_button_confirms(store):
    core = core_over(store)
    core.handle(ChatMessage("/session new pairs 周三", chat_id=-9, user_id=1))
    core.handle(ChatMessage("/r 1 1-2 4S= N", chat_id=-9, user_id=1))
    asked = core.handle(ChatMessage("/session delete", chat_id=-9, user_id=1, user_is_admin=False))
    assert asked.body.startswith("确定要删除 “周三” 吗? 它的 1 个成绩 都会被删掉")
    [button] = asked.flat_buttons
    assert (button.label, button.data) == ("确认删除", "/session delete confirm")
    # Someone else tapping it is refused; the creator's tap deletes.
    refused = core.press(ChatMessage(button.data, chat_id=-9, user_id=2, user_is_admin=False))
    assert refused.body.startswith("只有开这场比赛的人或群管理员可以删除比赛")
    assert core.press(ChatMessage(button.data, chat_id=-9, user_id=1)).body == (
        "已删除 “周三” 和它的 1 个成绩。删错了可以 /session restore 恢复。")


def test_the_console_reads_import_and_hands_files(store, tmp_path):
    (tmp_path / "results.csv").write_text("board,ns,ew,contract,declarer\n1,1,2,4S=,N\n")
    (tmp_path / "deals.pbn").write_text('[Board "1"]\n[Deal "N:642.AKT43.J74.Q7 AKT53.QJ976..A42 '
                                        'Q7.82.AQ853.K865 J98.5.KT962.JT93"]\n')
    out = io.StringIO()
    chat = ConsoleChat(core_over(store), out, directory=tmp_path)
    for line in ("/session new pairs 周三", "/import results.csv", "/hands deals.pbn", "/import missing.csv",
                 "/traveller 1"):
        chat.answer(line)
    text = out.getvalue()
    assert "已导入 1 个成绩到 “周三”。" in text
    assert "已导入 1 副牌例 (牌号 1)。" in text
    assert "读不到文件 " + str(tmp_path / "missing.csv") in text
    assert "北 ♠642 ♥AKT43 ♦J74 ♣Q7" in text


def test_a_console_file_message_carries_the_bytes(tmp_path):
    (tmp_path / "a b.csv").write_bytes(b"x")
    assert file_message('/import "a b.csv"', tmp_path) == ChatMessage("/import", attachment=b"x")
    assert file_message("/hands", tmp_path) == ChatMessage("/hands")
    assert file_message("/r 1 1-2 4S= N", tmp_path) == ChatMessage("/r 1 1-2 4S= N")
