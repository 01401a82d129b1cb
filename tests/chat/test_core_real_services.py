"""The chat core wired to the real modules: plain messages reach the right answerer."""

from __future__ import annotations

import pytest

from bot.chat.core import ChatMessage, Core


@pytest.fixture(scope="module")
def core():
    return Core.open()


@pytest.mark.parametrize(
    "message, expected",
    [
        ("7号牌谁发牌", "第7副: 南发牌, 双方有局"),
        ("620 对 -100 多少IMP", "+12 IMP"),
        ("这副牌我们 420, 别桌 450、420、-50, 比赛分多少", "顶分 6"),
        ("4S+1 vul", "+650"),
        ("8S=", "1 到 7"),
        ("第50条D款2", "第50条D款2 罚张的处理"),
        ("law 30", "Law 30 (Pass Out of Rotation) is not in this corpus"),
    ],
)
def test_plain_messages_reach_the_scorer_the_law_or_search(core, message, expected):
    assert expected in core.handle(ChatMessage(message, chat_id=1)).text


def test_an_ordinary_question_is_not_taken_for_a_score(core):
    reply = core.handle(ChatMessage("明手能不能提醒庄家从错的手引牌", chat_id=2))
    offered = reply.refers_to or reply.buttons[0][0].data.split()[1]
    assert offered.startswith(("42", "43")) and "IMP" not in reply.text
