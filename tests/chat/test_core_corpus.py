"""The chat core over the real corpus, search, scorer and club store: dialogues a user would have."""

from __future__ import annotations

import pytest

from bot.chat.core import ChatMessage, Core


@pytest.fixture(scope="module")
def core():
    return Core.open()


@pytest.mark.parametrize(
    "message, title, refers_to",
    [
        ("第50条D款2", "第50条D款2 罚张的处理", "50D2"),
        ("50d2", "第50条D款2 罚张的处理", "50D2"),
        ("第五十条", "第50条 罚张的处理", "50"),
        ("Law 77", "第77条 复式桥牌比赛记分表", "77"),
        ("/l 43A1b", "第43条A款1(b) 明手的限制", "43A1b"),
        ("第50條", "第50條 罰張的處理", "50"),
        ("/define 明手", "定义 · 明手 (DUMMY)", "明手"),
        ("/define revoke", "Definition · 藏牌 (REVOKE)", "藏牌"),
    ],
)
def test_references_and_definitions(core, message, title, refers_to):
    reply = core.handle(ChatMessage(message, chat_id=message))
    assert (reply.title, reply.refers_to) == (title, refers_to)


@pytest.mark.parametrize(
    "question, laws",
    [
        ("罚张怎么处理", {"50", "51", "52"}),
        ("明手可以做什么", {"42", "43"}),
        ("藏牌", {"藏牌", "61", "62", "63", "64"}),
    ],
)
def test_questions_quote_a_clause_of_the_right_law(core, question, laws):
    reply = core.handle(ChatMessage(question, chat_id=question))
    law = reply.refers_to if not reply.refers_to[0].isdigit() else "".join(ch for ch in reply.refers_to[:2] if ch.isdigit())
    assert law in laws, reply.text
    assert reply.highlights


@pytest.mark.parametrize(
    "message, expected",
    [
        ("4S+1 有局", "4♠+1 有局: 庄家方 +650"),
        ("/imp 620 -170", "+13 IMP"),
        ("/board 7", "第7副: 南发牌, 双方有局"),
        ("/score 8S=", "例如"),
        ("第51条", "第51条 两张或更多的罚张"),
        ("第53条", "本版语料暂未收录第53条"),
        ("/about", "规则 第1–6、12–20、22、40–52、65–79条(共 44 条)"),
    ],
)
def test_scores_boards_and_coverage(core, message, expected):
    assert expected in core.handle(ChatMessage(message, chat_id=message)).text


def test_follow_ups_skip_laws_missing_from_the_corpus(core):
    chat = "follow"
    assert core.handle(ChatMessage("第52条", chat_id=chat)).title.startswith("第52条")
    assert core.handle(ChatMessage("下一条", chat_id=chat)).title.startswith("第65条")
    assert core.handle(ChatMessage("上一条", chat_id=chat)).title.startswith("第52条")
    assert core.handle(ChatMessage("全文", chat_id=chat)).title.startswith("第52条 ")


def test_a_club_session_through_the_core(core):
    chat = ChatMessage("/session new pairs 周三", chat_id=-42, user_id=1)
    assert "周三" in core.handle(chat).text
    recorded = core.handle(ChatMessage("/r 1 NS1-EW2 4S+1 N", chat_id=-42, user_id=2, user_is_admin=False))
    assert "+450" in recorded.text
    exported = core.handle(ChatMessage("/export", chat_id=-42, user_id=2))
    assert exported.document is not None and exported.document[0].endswith(".csv")
    assert b"4S+1" in exported.document[1]
