"""Club sessions: persistence across restarts, isolation between chats, permissions, and the
friendly replies to bad input (which never change what is recorded)."""

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.club import ClubStore
from club_helpers import Chat, rows

ROOT = Path(__file__).resolve().parents[2]
# Board 5 (NS vul): 4S+1 N 650, 4S= N 620, 3NTX-2 S (vul) −500 → NS MP 4, 2, 0 of 4.
BOARD_5 = ["/r 5 1-3 4S+1 N", "/r 5 2-4 4S= N", "/r 5 5-6 3NTX-2 S"]
BOARD_5_ROWS = [("1", "3", "4S+1", "N", "650", "4", "100.00"),
                ("2", "4", "4S=", "N", "620", "2", "50.00"),
                ("5", "6", "3NTX-2", "S", "-500", "0", "0.00")]


@pytest.fixture
def club(store):
    chat = Chat(store, chat_id=-100, user_id=7)
    chat.text("/session new pairs howell 周三 8副")
    for line in BOARD_5:
        chat.text(line)
    return chat


def snapshot(chat: Chat) -> bytes:
    """Everything the chat's session holds, as its CSV export."""
    return chat.send("/export").document[1]


# ----- persistence -----------------------------------------------------------------------


def test_a_reopened_database_has_everything(tmp_path):
    path = tmp_path / "club.db"
    first = ClubStore(path)
    chat = Chat(first)
    chat.text("/session new pairs howell 周三 8副")
    for line in BOARD_5:
        chat.text(line)
    chat.text("/r 5 1-3 4S= N")   # a correction, so an inactive row is kept for /undo
    first.close()

    again = Chat(ClubStore(path))
    assert again.text("/session show").startswith("比赛 “周三” (双人赛, 豪厄尔), 进行中; 牌号 1–8。")
    assert again.text("/undo") == "已撤销: 5号牌 1-3 4S= N: 南北 +620\n恢复原来的成绩: 5号牌 1-3 4S+1 N: 南北 +650"
    assert rows(again.text("/traveller 5"), "南北") == BOARD_5_ROWS
    assert again.text("/r 6 1-3 3NT= N").startswith("已记录: ")


def _run_process(db: Path, script: str) -> str:
    env = dict(os.environ, BRIDGEBOT_DB=str(db))
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    return done.stdout


def test_a_restarted_process_finds_the_session_in_the_default_database(tmp_path):
    db = tmp_path / "bridgebot.db"
    record = ("from bot.club import handle_command as h\n"
              "print(h('session', 'new pairs 周三', 'console', 1, True, 'zh').text)\n"
              "print(h('r', '5 1-3 4S+1 N', 'console', 1, True, 'zh').text)\n")
    read = "from bot.club import handle_command as h\nprint(h('traveller', '5', 'console', 1, True, 'en').text)\n"
    assert "已记录: 5号牌 1-3 4S+1 N: 南北 +650" in _run_process(db, record)
    assert rows(_run_process(db, read), "NS") == [("1", "3", "4S+1", "N", "650", "-", "-")]


# ----- isolation -------------------------------------------------------------------------


def test_chats_never_see_each_others_sessions(store):
    a = Chat(store, chat_id=-1)
    b = Chat(store, chat_id=-2)
    a.text("/session new pairs A俱乐部")
    b.text("/session new teams 狮子 vs 老虎")
    a.text("/r 1 1-2 4S= N")
    b.text("/r 1 open 3NT= N")
    assert rows(a.text("/traveller 1"), "南北") == [("1", "2", "4S=", "N", "420", "-", "-")]
    assert rows(b.text("/traveller 1"), "房间") == [("开室", "3NT=", "N", "400", "-")]
    assert b.text("/undo") == "已撤销: 1号牌 开室 3NT= N: 南北 +400"
    assert a.text("/session show").endswith("共 1 个成绩; 有成绩的牌: 1。")
    assert Chat(store, chat_id=-3).text("/standings").startswith("这个群现在没有进行中的比赛")


def test_concurrent_recording_in_many_chats_keeps_each_apart(tmp_path):
    store = ClubStore(tmp_path / "club.db")
    chats = [Chat(store, chat_id=-10 - i) for i in range(4)]
    for chat in chats:
        chat.text("/session new pairs")
    lines = [(chat, f"/r {board} 1-2 {board}NT= N") for board in range(1, 8) for chat in chats]
    with ThreadPoolExecutor(max_workers=8) as pool:
        replies = list(pool.map(lambda job: job[0].text(job[1]), lines))
    assert all(reply.startswith("已记录: ") for reply in replies)
    for chat in chats:
        assert chat.text("/session show").endswith("共 7 个成绩; 有成绩的牌: 1, 2, 3, 4, 5, 6, 7。")


# ----- permissions -----------------------------------------------------------------------


def test_anyone_may_record_but_only_the_creator_or_an_admin_may_end(club):
    assert club.text("/r 6 1-3 3NT= N", user_id=8).startswith("已记录: ")
    refused = club.text("/session end", user_id=8)
    assert refused == "只有开这场比赛的人或群管理员可以结束比赛。其他人可以继续用 /r 记录成绩。"
    assert club.text("/session show").startswith("比赛 “周三” (双人赛, 豪厄尔), 进行中")
    assert club.text("/session end", user_id=9, admin=True).startswith("“周三” 已结束")


def test_only_the_creator_or_an_admin_may_delete(club):
    before = snapshot(club)
    assert club.text("/session delete", user_id=8, lang="en") == (
        "Only the person who started this session or a group admin may delete it. "
        "Anyone may still record results with /r.")
    assert club.text("/session delete confirm", user_id=8) == club.text("/session delete", user_id=8)
    assert snapshot(club) == before
    asked = club.send("/session delete")
    assert asked.text == ("确定要删除 “周三” 吗? 它的 3 个成绩 都会被删掉 "
                          "(删错了开赛人或管理员可以用 /session restore 找回)。确认请点下面的按钮或发送 /session delete 确认")
    assert asked.buttons == ((("确认删除", "/session delete confirm"),),)
    assert snapshot(club) == before
    assert club.text("/session delete 确认") == "已删除 “周三” 和它的 3 个成绩。删错了可以 /session restore 恢复。"
    assert club.text("/session show").startswith("这个群现在没有进行中的比赛")


def test_delete_says_what_else_is_lost_in_english(club):
    club.text("/pair 1 Smith Jones")
    assert club.text("/session delete", lang="en") == (
        "Delete “周三”? Its 3 result(s), 1 name(s) will be deleted (the person who started it or an admin can "
        "bring it back with /session restore). To confirm tap the button or send /session delete confirm")
    assert club.text("/session delete confirm", lang="en") == (
        "Deleted “周三” and its 3 result(s). Deleted by mistake? /session restore brings it back.")


def test_the_creator_may_end_without_being_an_admin(club):
    assert club.text("/session end", user_id=7, admin=False).startswith("“周三” 已结束")


# ----- bad input -------------------------------------------------------------------------

BAD_INPUT = [
    ("/r 40 1-3 4S= N", "本场比赛没有第 40 副牌 (牌号 1–8)。例如 /r 5 NS1-EW3 4S+1 N"),
    ("/r 0 1-3 4S= N", "本场比赛没有第 0 副牌 (牌号 1–8)。例如 /r 5 NS1-EW3 4S+1 N"),
    ("/r abc 1-3 4S= N", "第一个词应该是牌号, 不是 “abc”。格式: /r 牌号 南北对-东西对 定约结果 庄家, "
                         "例如 /r 5 NS1-EW3 4S+1 N 或 /r 5 1-3 pass"),
    ("/r 5 1-3", "内容不完整。格式: /r 牌号 南北对-东西对 定约结果 庄家, 例如 /r 5 NS1-EW3 4S+1 N 或 /r 5 1-3 pass"),
    ("/r", "内容不完整。格式: /r 牌号 南北对-东西对 定约结果 庄家, 例如 /r 5 NS1-EW3 4S+1 N 或 /r 5 1-3 pass"),
    ("/r 5 1-1 4S= N", "第 1 对不能和自己打 (南北和东西用同样的号码时, 请给东西对换一组号码, 如 NS1-EW11)。"),
    ("/r 5 1-4 4S= N", "第 1 对在第 5 副已经有成绩: 1-3 4S+1 N。要改这个成绩请再发一次 /r 5 1-3 加上新结果; "
                       "刚刚记错了可以 /undo。"),
    ("/r 5 4-2 4S= N", "第 4 对在第 5 副已经有成绩: 2-4 4S= N。"),
    ("/r 5 1-3 8S= N", "定约阶数必须是 1 到 7, 不是 8。格式: /r 牌号"),
    ("/r 5 1-3 4S+4 N", "4S 最多超 3 墩 (一副牌只有 13 墩)。格式: /r 牌号"),
    ("/r 5 1-3 3NT-14 N", "3NT 最多宕 9 墩。格式: /r 牌号"),
    ("/r 5 1-3 4Q= N", "不认识的花色 Q: 用 C D H S NT 或 ♣♦♥♠。格式: /r 牌号"),
    ("/r 5 1-3 4S+1", "请写出庄家 N/E/S/W (或 北/东/南/西)。格式: /r 牌号"),
    ("/r 5 1-3 4S N", "请写出结果, 如 4S= 或 4S+1 或 4S-1。格式: /r 牌号"),
    ("/r 5 1-3 4S+1 N vul", "局况由牌号决定 (第2条), 不用写有局/无局或牌号。格式: /r 牌号"),
    ("/r 5 open 4S= N", "这是双人赛, 请写两对牌手而不是开室/闭室。"),
    ("/r 5 1-3 " + "4S+1 N " * 2000, "输入太长 (14006 个字符, 最多 2000)。例如 /r 5 1-3 4S+1 N"),
    ("/traveller", "请写出牌号。例如 /traveller 5"),
    ("/traveller 99", "本场比赛没有第 99 副牌 (牌号 1–8)。例如 /r 5 NS1-EW3 4S+1 N"),
    ("/traveller 3", "第 3 副还没有成绩。记录成绩: /r 5 NS1-EW3 4S+1 N"),
    ("/export xls", "导出格式有 csv、pbn、html (成绩网页) 和 png (成绩排名图片)。例如 /export 或 /export html"),
    ("/import", "请把 CSV 文件和 /import 一起发送 (作为文件的说明文字; 控制台: /import 文件名)。文件格式和 /export 导出的一样。"),
    ("/session new pairs", "这个群已经有一场进行中的比赛 “周三”。先用 /session end 结束它, 再开新的。"),
    ("/session new", "请说明是双人赛还是队式赛: /session new pairs 周三双人赛 或 /session new teams A队 vs B队"),
    ("/session bogus", "用法: /session new pairs [mitchell|howell] [名称] [N副] 或 /session new teams [A队 vs B队], "
                       "/session show, /session end, /session delete, /session restore。例如 /session new pairs 周三双人赛"),
]


@pytest.mark.parametrize("line, expected", BAD_INPUT)
def test_bad_input_gets_a_friendly_message_and_changes_nothing(club, line, expected):
    before = snapshot(club)
    assert club.text(line).startswith(expected)
    assert snapshot(club) == before


@pytest.mark.parametrize("line, expected", [
    ("/r 40 1-3 4S= N", "There is no board 40 in this session (boards 1–8); e.g. /r 5 NS1-EW3 4S+1 N."),
    ("/r 5 1-3 4S+1", "Add the declarer: N, E, S or W; type /r BOARD NS-EW RESULT DECLARER, "
                      "e.g. /r 5 NS1-EW3 4S+1 N or /r 5 1-3 pass."),
    ("/r 5 1-3 8S= N", "The contract level must be 1 to 7, not 8; type /r BOARD NS-EW RESULT DECLARER"),
])
def test_bad_input_in_english(club, line, expected):
    assert club.text(line, lang="en").startswith(expected)


@pytest.mark.parametrize("line", ["/r 5 1-3 4S= N", "/undo", "/session end", "/import", "/traveller 5",
                                  "/standings", "/export", "/session show", "/session delete"])
def test_commands_without_a_session_say_how_to_start_one(store, line):
    reply = Chat(store, chat_id=-999).text(line)
    assert reply == ("这个群现在没有进行中的比赛。先开一场: /session new pairs 周三双人赛 "
                     "(队式赛: /session new teams A队 vs B队)")


def test_undo_with_nothing_recorded(store):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎")
    assert chat.text("/undo") == "“狮子 vs 老虎” 还没有成绩可以撤销。记录成绩: /r 5 open 4S+1 N"


@pytest.mark.parametrize("line, expected", [
    ("/session new pairs 周三 200副", "副数要在 1 到 128 之间。例如 /session new pairs 周三双人赛 18副"),
    ("/session new teams 狮子 vs 狮子", "两个队的名字要不一样。例如 /session new teams A队 vs B队"),
    ("/session new pairs " + "长" * 61, "名称太长 (最多 60 个字)。例如 /session new pairs 周三双人赛"),
])
def test_bad_session_settings(store, line, expected):
    chat = Chat(store)
    assert chat.text(line) == expected
    assert chat.text("/session show").startswith("这个群现在没有进行中的比赛")


def test_an_unknown_club_command_lists_the_commands(store):
    assert Chat(store).text("/bogus") == ("比赛命令: /session /r /undo /redo /traveller /standings /export /import "
                                          "/pair /team /hands")


def test_the_default_store_is_one_per_database_path(tmp_path, monkeypatch):
    from bot.club import handle_command
    from bot.club.store import default_store

    monkeypatch.setenv("BRIDGEBOT_DB", str(tmp_path / "a.db"))
    assert default_store() is default_store()
    assert handle_command("session", "new pairs A", "console", 1, True, "zh").text.startswith("已开始 “A”")
    monkeypatch.setenv("BRIDGEBOT_DB", str(tmp_path / "b.db"))
    assert handle_command("session", "show", "console", 1, True, "zh").text.startswith("这里现在没有进行中的比赛")
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".db") == ["a.db", "b.db"]


def test_a_database_from_before_movements_gains_them_and_keeps_its_sessions(tmp_path):
    import sqlite3

    path = tmp_path / "old.db"
    old = ClubStore(path)
    Chat(old).text("/session new pairs 老比赛 8副")
    Chat(old).text("/r 1 1-2 4S= N")
    old.close()
    with sqlite3.connect(path) as conn:   # back to the schema of the first club release
        for trigger in [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")]:
            conn.execute(f"DROP TRIGGER {trigger}")
        for table in ("club_names", "club_hands", "club_versions"):
            conn.execute(f"DROP TABLE {table}")
        conn.execute("ALTER TABLE sessions DROP COLUMN movement")
        conn.execute("ALTER TABLE sessions DROP COLUMN boards_given")
        conn.execute("ALTER TABLE sessions DROP COLUMN tables")
        conn.execute("ALTER TABLE sessions DROP COLUMN per_round")
        conn.execute("DELETE FROM schema_version WHERE version >= 3")
    chat = Chat(ClubStore(path))
    # No movement recorded: the session keeps its one field and ranking, as it was scored then.
    assert chat.text("/session show").startswith("比赛 “老比赛” (双人赛), 进行中; 牌号 1–8。")
    assert chat.text("/r 1 2-3 4S+1 N").startswith("第 2 对在第 1 副已经有成绩")
    assert chat.text("/pair 1 张三 李四") == "第 1 对: 张三 李四"
    assert "张三 李四" in chat.text("/standings")
