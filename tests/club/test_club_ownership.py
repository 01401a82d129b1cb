"""What a member entered — a result, a pair's name, hand records — only that member, the session's
creator or an admin may replace; others are told who can, and every such change is history /undo
takes back."""

from __future__ import annotations

import pytest

from club_helpers import Chat
from test_club_hands import DEALS, pbn_file

CREATOR, ALICE, BOB = 7, 21, 22


@pytest.fixture
def club(store):
    chat = Chat(store, user_id=CREATOR)
    chat.text("/session new pairs howell 周三 8副")
    return chat


def test_another_member_cannot_replace_a_result_and_is_told_who_can(club):
    club.text("/r 1 1-2 4S= N", user_id=ALICE)
    refused = club.text("/r 1 1-2 7NTXX-7 S", user_id=BOB)
    assert "只有记录的人、开这场比赛的人或群管理员可以改" in refused
    assert "only that member, the person who started" in club.text("/r 1 1-2 7NTXX-7 S", user_id=BOB, lang="en")
    assert "4S=" in club.text("/traveller 1") and "7NT" not in club.text("/traveller 1")


@pytest.mark.parametrize("who", [dict(user_id=ALICE), dict(user_id=CREATOR), dict(user_id=BOB, admin=True)])
def test_the_entering_member_the_creator_or_an_admin_may_replace_it(club, who):
    club.text("/r 1 1-2 4S= N", user_id=ALICE)
    assert club.text("/r 1 1-2 4S+1 N", **who).startswith("已更正")


def test_another_member_cannot_rename_a_pair_and_an_undone_rename_comes_back(club):
    club.text("/pair 1 张三 李四", user_id=ALICE)
    assert "只有记录的人" in club.text("/pair 1 王五 赵六", user_id=BOB)
    assert club.text("/pair 1 王五 赵六", user_id=CREATOR).endswith("(原来是 张三 李四)")
    assert club.text("/undo", user_id=CREATOR).startswith("已撤销: 1 的名字恢复原样")
    assert club.store.names(club.store.open_session(club.chat_id).id)[("", "1")] == "张三 李四"
    assert club.text("/redo", user_id=CREATOR).startswith("已恢复")
    assert club.store.names(club.store.open_session(club.chat_id).id)[("", "1")] == "王五 赵六"


def test_a_member_undoes_their_own_rename_only(club):
    club.text("/pair 2 张三 李四", user_id=ALICE)
    club.text("/r 1 1-2 4S= N", user_id=BOB)
    assert club.text("/undo", user_id=ALICE).startswith("已撤销: 2 的名字")
    assert ("", "2") not in club.store.names(club.store.open_session(club.chat_id).id)
    assert "4S=" in club.text("/traveller 1")


def test_hand_records_are_replaced_only_by_who_sent_them_or_a_manager_and_undo_restores_them(club):
    session = club.store.open_session(club.chat_id)
    club.send("/hands", pbn_file({1: DEALS[1]}), user_id=CREATOR)
    assert "只有记录的人" in club.send("/hands", pbn_file({1: DEALS[2]}), user_id=BOB).text
    assert club.send("/hands", pbn_file({1: DEALS[2], 2: DEALS[3]}), user_id=CREATOR).text.startswith("已导入")
    assert club.text("/undo", user_id=CREATOR).startswith("已撤销: 2 副牌例")
    assert sorted(club.store.hands(session.id)) == [1]
    assert club.store.hands(session.id)[1][0].startswith("N:642")
