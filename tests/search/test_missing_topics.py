"""Questions about laws the corpus lacks are told so plainly."""

from __future__ import annotations

import json

import pytest

from bot.chat.core import ChatMessage, Core
from bot.search.absent import load_topics, topics_not_in_corpus
from bot.rulebook.model import RULEBOOK_PATH, load, rulebook_from_json
from bot.base.textnorm import normalize_query

BOOK = load()


def laws_for(question: str) -> list[tuple[int, ...]]:
    return [t.laws for t in topics_not_in_corpus(normalize_query(question), BOOK)]


def test_every_topic_names_laws_outside_the_corpus():
    for topic in load_topics():
        assert all(n in BOOK.missing for n in topic.laws), topic.zh


@pytest.mark.parametrize(
    "question, laws",
    [
        ("藏牌以后怎么罚", [(61, 62, 63, 64)]),
        ("他有牌不跟，后来发现了怎么办", [(61, 62, 63, 64)]),
        ("My partner revoked, what now?", [(61, 62, 63, 64)]),
        ("對方越序首引了怎麼辦", [(53, 54, 55, 56)]),
        ("declarer led out of turn from dummy", [(53, 54, 55, 56)]),
        ("他叫了一个不足叫牌", [(27,)]),
        ("同伴没轮到就叫了", [(28, 29, 30, 31, 32)]),
        ("叫牌的时候我的牌掉到桌上了", [(24,)]),
        ("我对裁判的判决不服，可以申诉吗", [(92, 93)]),
        ("明手能不能提醒庄家从错的手引牌", []),
        ("罚张怎么处理", []),
        ("宕墩罚分是多少", []),
        ("4S+1 有局", []),
    ],
)
def test_topics_of_missing_laws_are_recognised(question, laws):
    assert laws_for(question) == laws


def test_a_topic_goes_quiet_once_its_law_is_in_the_corpus():
    data = json.loads(RULEBOOK_PATH.read_text(encoding="utf-8"))
    data["laws"].append({"number": 27, "title": "不足叫牌", "clauses": []})
    assert laws_for("不足叫牌怎么处理") == [(27,)]
    assert topics_not_in_corpus(normalize_query("不足叫牌怎么处理"), rulebook_from_json(data)) == []


@pytest.fixture(scope="module")
def core():
    return Core.open()


@pytest.mark.parametrize(
    "question, note",
    [
        ("藏牌以后怎么罚", "提示：藏牌的询问、更正、成立与处理在第61–64条，本语料未收录。"),
        ("what happens after a revoke", "Note: the law on revokes (inquiries, correction, establishment, "
                                        "rectification) (Laws 61–64) is not in this corpus."),
        ("不足叫牌怎么办", "提示：不足叫牌的处理在第27条，本语料未收录。"),
    ],
)
def test_the_chat_says_first_that_the_law_is_missing(core, question, note):
    reply = core.handle(ChatMessage(question, chat_id=41))
    assert reply.body.startswith(note)


def test_no_note_for_a_question_the_corpus_answers(core):
    assert "本语料未收录" not in core.handle(ChatMessage("明手可以叫裁判吗", chat_id=42)).text
