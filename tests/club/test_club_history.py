"""Nobody erases another member's results: /undo takes back the caller's own last change (the
creator or an admin: anyone's), nothing is deleted outright, and /redo and /session restore
bring back a mistaken undo or delete."""

from __future__ import annotations

import pytest

from club_helpers import Chat

CREATOR, ALICE, BOB = 7, 21, 22


def snapshot(chat: Chat) -> bytes:
    """Everything the chat's session holds, as its CSV export."""
    return chat.send("/export").document[1]


@pytest.fixture
def club(store):
    chat = Chat(store, user_id=CREATOR)
    chat.text("/session new pairs 周三 8副")
    return chat


def test_a_member_undoes_only_their_own_last_result(club):
    club.text("/r 1 1-2 4S= N", user_id=ALICE)
    club.text("/r 2 1-2 4S= N", user_id=BOB)
    club.text("/r 3 1-2 4S= N", user_id=BOB)
    assert club.text("/undo", user_id=ALICE) == "已撤销: 1号牌 1-2 4S= N: 南北 +420"
    refused = club.text("/undo", user_id=ALICE)
    assert refused.startswith("你在 “周三” 里没有可以撤销的成绩: 每人只能撤销自己记录的成绩")
    assert club.text("/session show").endswith("共 2 个成绩; 有成绩的牌: 2, 3。")


def test_a_member_cannot_undo_another_members_import(club):
    csv = "board,ns,ew,contract,declarer\n1,1,2,4S+1,N\n1,3,4,4S=,N\n".encode()
    assert club.send("/import", attachment=csv, user_id=BOB).text.startswith("已导入 2 个成绩")
    assert club.text("/undo", user_id=ALICE).startswith("你在 “周三” 里没有可以撤销的成绩")
    assert club.text("/session show").endswith("共 2 个成绩; 有成绩的牌: 1。")


@pytest.mark.parametrize("who", [{"user_id": CREATOR}, {"user_id": 99, "admin": True}])
def test_the_creator_or_an_admin_may_undo_anyones_last(club, who):
    club.text("/r 1 1-2 4S= N", user_id=ALICE)
    club.text("/r 2 1-2 4S= N", user_id=BOB)
    assert club.text("/undo", **who) == "已撤销: 2号牌 1-2 4S= N: 南北 +620"


def test_redo_brings_back_a_mistaken_undo(club):
    club.text("/r 1 1-2 4S= N", user_id=ALICE)
    club.text("/r 1 1-2 4S+1 N", user_id=ALICE)  # a correction
    before = snapshot(club)
    assert club.text("/undo", user_id=ALICE) == ("已撤销: 1号牌 1-2 4S+1 N: 南北 +450\n"
                                                 "恢复原来的成绩: 1号牌 1-2 4S= N: 南北 +420")
    assert club.text("/redo", user_id=ALICE) == "已恢复: 1号牌 1-2 4S+1 N: 南北 +450"
    assert snapshot(club) == before
    assert club.text("/redo", user_id=ALICE).startswith("“周三” 里没有可以恢复的撤销。")


def test_redo_of_a_whole_import_and_only_by_who_undid_it_or_a_manager(club):
    csv = "board,ns,ew,contract,declarer\n1,1,2,4S+1,N\n1,3,4,4S=,N\n".encode()
    club.send("/import", attachment=csv, user_id=BOB)
    before = snapshot(club)
    assert club.text("/undo", user_id=BOB) == "已撤销上次导入的 2 个成绩。"
    assert club.text("/redo", user_id=ALICE).startswith("“周三” 里没有可以恢复的撤销。")
    assert club.text("/redo", user_id=CREATOR) == "已恢复 2 个成绩。"
    assert snapshot(club) == before


def test_redo_refuses_when_the_table_was_recorded_again(club):
    club.text("/r 1 1-2 4S= N", user_id=ALICE)
    club.text("/undo", user_id=ALICE)
    club.text("/r 1 1-2 3NT= N", user_id=BOB)
    refused = club.text("/redo", user_id=ALICE)
    assert refused.startswith("第 1 副这一桌后来又记了成绩 (1号牌 1-2 3NT= N")
    assert club.text("/traveller 1").count("3NT=") == 1 and "4S=" not in club.text("/traveller 1")


def test_nothing_is_deleted_outright(club, store):
    club.text("/r 1 1-2 4S= N", user_id=ALICE)
    club.text("/r 1 1-2 4S+1 N", user_id=ALICE)
    club.text("/undo", user_id=ALICE)
    club.text("/session delete 确认")
    rows = list(store.db.query("SELECT contract, active, recorded_by, undone_by FROM results ORDER BY id"))
    assert rows == [{"contract": "4S=", "active": 1, "recorded_by": str(ALICE), "undone_by": None},
                    {"contract": "4S+1", "active": 0, "recorded_by": str(ALICE), "undone_by": str(ALICE)}]
    assert [row["status"] for row in store.db.query("SELECT status FROM sessions")] == ["deleted"]


def test_session_restore_brings_back_a_deleted_session(club):
    club.text("/r 1 1-2 4S= N", user_id=ALICE)
    before = snapshot(club)
    assert club.text("/session delete", user_id=ALICE).startswith("只有开这场比赛的人或群管理员可以删除比赛")
    club.text("/session delete 确认")
    assert club.text("/session show").startswith("这个群现在没有进行中的比赛")
    assert club.text("/session restore", user_id=ALICE).startswith("只有开这场比赛的人或群管理员可以恢复比赛")
    assert club.text("/session restore") == "已恢复 “周三” (进行中, 1 个成绩)。"
    assert snapshot(club) == before
    assert club.text("/r 2 1-2 4S= N").startswith("已记录: ")


def test_restoring_an_open_session_waits_for_the_new_one_to_end(club):
    club.text("/session delete 确认")
    club.text("/session new pairs 周四")
    assert club.text("/session restore").startswith("这个群已经有一场进行中的比赛 “周四”。")
    club.text("/session end")
    assert club.text("/session restore") == "已恢复 “周三” (进行中, 0 个成绩)。"


def test_restore_is_per_chat(store, club):
    club.text("/session delete 确认")
    other = Chat(store, chat_id=-2002, user_id=CREATOR)
    assert other.text("/session restore") == "这个群没有删除过的比赛可以恢复。"


def test_a_restored_session_keeps_its_names(club):
    club.text("/r 1 1-2 4S= N")
    assert club.text("/pair NS1 张三 李四") == "第 NS1 对: 张三 李四"
    club.text("/session delete 确认")
    club.text("/session restore")
    assert "张三 李四" in club.text("/standings")
