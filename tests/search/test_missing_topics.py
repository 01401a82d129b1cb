"""Questions about laws the corpus lacks are told so plainly (SearchResult.absent and the chat's note)."""

from __future__ import annotations

import json

import pytest

from bot.base.textnorm import normalize_query
from bot.chat.core import ChatMessage, Core
from bot.rulebook.model import RULEBOOK_PATH, load, rulebook_from_json
from bot.search.absent import load_topics, topics_not_in_corpus

BOOK = load()
ABSENT_LAWS = [*range(7, 12), 21, *range(23, 40), *range(53, 65), *range(80, 94)]


def test_every_law_the_corpus_lacks_has_an_entry():
    entries = {t.law: t for t in load_topics()}
    assert sorted(entries) == ABSENT_LAWS
    for law in ABSENT_LAWS:
        assert law in BOOK.missing
        topic = entries[law]
        assert topic.title and topic.title_en and len(topic.phrases) >= 3, law


def test_no_entry_names_a_law_the_corpus_holds():
    assert not [t.law for t in load_topics() if BOOK.law(t.law)]


@pytest.mark.parametrize(
    "question, law",
    [
        ("藏牌以后怎么罚", 61),
        ("他有牌不跟，后来发现了怎么办", 61),
        ("My partner revoked, what now?", 61),
        ("對方越序首引了怎麼辦", 54),
        ("declarer led from the wrong hand", 55),
        ("partner made an insufficient bid", 27),
        ("同伴没轮到就叫了", 29),
        ("叫牌的时候我的牌掉到桌上了", 24),
        ("我对裁判的判决不服，可以申诉吗", 92),
    ],
)
def test_questions_about_missing_laws_are_recognised(corpus_searcher, question, law):
    result = corpus_searcher.ask(question)
    assert law in [a.law for a in result.absent]
    assert not result.confident  # no clause of another law is quoted as the answer


@pytest.mark.parametrize(
    "question",
    ["明手能不能提醒庄家从错的手引牌", "罚张怎么处理", "宕墩罚分是多少", "4S+1 有局", "明手可以问庄家是不是藏牌了吗",
     "能再看一下上一墩吗", "什么是藏牌"],
)
def test_questions_the_corpus_answers_raise_no_alarm(corpus_searcher, question):
    assert corpus_searcher.ask(question).absent == []


# A missing law named only as the background of what is asked: the use of a cancelled call's information is 16C.
@pytest.mark.parametrize("question", ["对方越序开叫被取消了，取消的那个叫品透露的信息，我方能不能利用？",
                                      "我同伴越序叫牌被取消了，他取消的那个叫品带出来的信息我能用吗"])
def test_a_missing_law_named_as_background_raises_no_alarm(corpus_searcher, question):
    result = corpus_searcher.ask(question)
    assert result.absent == []
    assert result.hits[0].law == 16


def test_a_missing_law_named_as_what_is_asked_is_still_reported(corpus_searcher):
    assert {28, 29, 30, 31} & {a.law for a in corpus_searcher.ask("对方越序叫牌怎么办").absent}


@pytest.mark.parametrize("question", ["打牌时对方亮了一张牌怎么办", "打牌時對方亮了一張牌怎麼辦"])
def test_a_question_that_hangs_on_who_acted_is_asked_back_and_never_given_the_auctions_law(corpus_searcher, question):
    # told during the play: asked back who acted; beside it, the card may be a lead out of turn (53–56, the play's
    # missing laws), never a card exposed in the auction (24)
    result = corpus_searcher.ask(question)
    assert result.ambiguous is not None and not result.confident
    assert all(53 <= a.law <= 60 for a in result.absent)


@pytest.mark.parametrize("question", ["对方亮了一张牌怎么办", "對方亮了一張牌怎麼辦"])
def test_a_card_shown_at_no_time_named_is_asked_back_and_may_name_only_the_laws_before_the_play(corpus_searcher,
                                                                                                question):
    # told without the time, the card may have been shown in the auction (24) or as an opening lead out of turn (54)
    result = corpus_searcher.ask(question)
    assert result.ambiguous is not None
    assert {a.law for a in result.absent} <= {24, 54}


def test_a_card_shown_with_no_one_and_no_time_named_is_asked_back(corpus_searcher):
    # nobody and no period named: declarer (48), a defender (49/50), or the auction's Law 24, which the
    # corpus lacks — the note may name it beside the question of who acted
    result = corpus_searcher.ask("亮了一张牌怎么办")
    assert result.ambiguous is not None
    assert {a.law for a in result.absent} <= {24, 54}


@pytest.mark.parametrize("question", ["叫牌的时候我的牌掉到桌上了", "叫牌还没结束，同伴理牌时把♥K掉在桌上翻开了",
                                      "during the auction an opponent dropped a card"])
def test_a_card_shown_in_the_auction_is_law_24_and_no_question_of_declarer_or_defender(corpus_searcher, question):
    # in the auction there is no declarer, dummy or defender yet: asking 「掉牌的是庄家还是防家？」 made no sense
    result = corpus_searcher.ask(question)
    assert [a.law for a in result.absent][:1] == [24] and result.ambiguous is None


@pytest.mark.parametrize("question", ["an opponent dropped a card during the play", "打牌的时候对方掉了一张牌"])
def test_a_card_shown_in_the_play_is_no_card_exposed_in_the_auction(corpus_searcher, question):
    assert all(a.law not in range(23, 40) for a in corpus_searcher.ask(question).absent)


def test_a_missing_law_told_by_its_own_title_is_named(corpus_searcher):
    from bot.search.absent_detection import MAX_TITLE_NAME

    book = load()
    # A title the corpus uses as a word of its own (不足叫牌 is 18D's) is only a hint, weighed by the
    # detector: a question about the clause that uses it (「這樣算是不足叫牌嗎」) is no alarm.
    hints = {normalize_query(t.title) for t in load_topics()} & {n[2] for n in corpus_searcher.absent_hints}
    titled = [t for t in load_topics() if not book.law(t.law) and len(t.title) <= MAX_TITLE_NAME
              and normalize_query(t.title) not in hints]
    assert len(titled) >= 20
    missed = [t.law for t in titled
              if t.law not in [a.law for a in corpus_searcher.ask(f"昨天俱乐部比赛时出现了{t.title}，裁判该怎么处理？").absent]]
    assert missed == []


def test_a_negated_name_is_no_alarm(corpus_searcher):
    assert 53 not in [a.law for a in corpus_searcher.ask("他没有越序引牌，是轮到他出的").absent]


def test_a_reference_to_a_missing_law_names_it(corpus_searcher):
    result = corpus_searcher.ask("第27条")
    assert result.hits == [] and [a.law for a in result.absent] == [27]


def test_ask_json_carries_absent(corpus_searcher):
    data = corpus_searcher.ask("partner made an insufficient bid").to_json()
    assert {"law": 27, "title": "不足叫牌"}.items() <= data["absent"][0].items()
    assert corpus_searcher.ask("罚张怎么处理").to_json()["absent"] == []


def test_a_law_goes_quiet_once_it_is_in_the_corpus(tmp_path):
    question = normalize_query("partner made an insufficient bid")
    assert [t.law for t in topics_not_in_corpus(question, BOOK)] == [27]
    data = json.loads(RULEBOOK_PATH.read_text(encoding="utf-8"))
    data["laws"].append({"number": 27, "title": "不足叫牌", "clauses": []})
    assert topics_not_in_corpus(question, rulebook_from_json(data)) == []


@pytest.fixture(scope="module")
def core():
    return Core.open()


@pytest.mark.parametrize(
    "question, note",
    [
        # a revoke's laws are 61–64: the note may name the close ones with it, in one line
        ("藏牌以后怎么罚", ("提示：", "第61条", "本语料未收录。")),
        ("what happens after a revoke", ("Note: this is a matter for ", "Law 61 (Failure to Follow Suit - Inquiries "
                                         "Concerning a Revoke)", "not in this corpus.")),
        ("partner made an insufficient bid",
         ("Note: this is a matter for Law 27 (Insufficient Bid), which is not in this corpus.",) * 3),
    ],
)
def test_the_chat_says_first_that_the_law_is_missing(core, question, note):
    first_line = core.handle(ChatMessage(question, chat_id=41)).body.split("\n")[0]
    start, law, end = note
    assert first_line.startswith(start) and law in first_line and first_line.endswith(end)


def test_no_note_for_a_question_the_corpus_answers(core):
    assert "本语料未收录" not in core.handle(ChatMessage("明手可以叫裁判吗", chat_id=42)).text


@pytest.mark.parametrize("question", ["藏牌以后怎么罚", "partner made an insufficient bid"])
def test_what_follows_the_note_is_offered_as_related_not_as_a_guess(core, question):
    body = core.handle(ChatMessage(question, chat_id=43)).body
    assert "没有找到很确定的答案" not in body and "No exact match" not in body
    assert "本语料中相关的条文" in body or "Related laws in this corpus" in body


@pytest.mark.parametrize("question, law, conflict", [
    ("叫牌的时候我的牌掉到桌上了", 48, 1.0), ("during the auction I dropped a card", 50, 1.0),
    ("打牌时对方问我同伴的一个叫品", 20, 1.0), ("叫牌的时候我的牌掉到桌上了", 18, 0.0), ("我的牌掉到桌上了", 48, 0.0),
    ("叫牌时说了一句话，打牌时又说了一句", 48, 0.0)])
def test_a_question_told_in_one_period_of_the_board_conflicts_with_a_clause_of_the_other(question, law, conflict):
    from bot.search.missing import phase_conflict

    assert phase_conflict(normalize_query(question), law) == conflict


@pytest.mark.parametrize("question", ["今晚吃什么", "今天天气怎么样", "hello", "谢谢大家", "我们几点开始"])
def test_small_talk_raises_no_alarm(corpus_searcher, question):
    assert corpus_searcher.ask(question).absent == []


@pytest.mark.parametrize("question", ["藏牌以后怎么罚", "he revoked, what's the penalty", "对方越序首攻了怎么办",
                                      "partner made an insufficient bid"])
def test_beside_a_missing_law_come_the_search_s_clauses_then_those_that_refer_to_the_law_never_a_definition(core,
                                                                                                            question):
    reply = core.handle(ChatMessage(question, chat_id=44))
    result = core.services.ask(question)
    assert result.absent, question
    clauses = [f"/law {h.clause or h.law}" for h in result.hits if h.law != 0]
    citing = [f"/law {clause}" for a in result.absent for clause, _ in core.services.rulebook.citing(a.law)]
    offered = [b.data for row in reply.buttons for b in row if b.data.startswith(("/law", "/define"))]
    assert offered == list(dict.fromkeys([*clauses, *citing]))[:3]
