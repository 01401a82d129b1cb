"""Who acted: read off the question, tagged on the clauses, and asked back when it decides the law."""

from __future__ import annotations

import pytest

from bot.rulebook.model import load
from bot.search.actors import ACTORS, clause_actors, load_overrides, question_actor, seats_acting, without_asker
from bot.search.index import documents

BOOK = load()


@pytest.mark.parametrize(
    "question, actor",
    [
        ("明手能不能提醒庄家从错的手引牌", "dummy"),  # the first seat named is the subject
        ("防家把牌摊开了", "defender"),
        ("庄家从明手打错了牌", "declarer"),
        ("我是庄家，对方亮了一张牌", "defender"),  # the other side of the asker's seat
        ("我是防家，同伴掉了一张牌", "defender"),
        ("我当庄，同伴（明手）碰了一张牌", "dummy"),
        ("我是明手，发现防守方出错了，我可以叫裁判吗", "dummy"),  # the asker asks about his own act
        ("i am declarer and my lho exposed a card", "defender"),
        ("can dummy call the director", "dummy"),
        ("我当庄家，不小心掉了一张牌在桌上，被防家看到了", "declarer"),  # the asker goes on to act
        ("i'm defending and dropped the 4 of spades face up", "defender"),
        ("我是庄家，打到第三墩的时候，防家亮了一张牌", "defender"),  # a time clause is no act
        ("我是庄家，防家的牌掉了", "defender"),
        ("庄家掉了一张牌，防家要求他必须打出", "declarer"),  # the one who objects did not act
        ("对方亮了一张牌怎么办", None),  # which side? the question does not say
        ("罚张怎么处理", None),
    ],
)
def test_question_actor(question, actor):
    assert question_actor(question) == actor


def test_the_askers_seat_is_no_search_word_when_another_acted():
    assert "庄家" not in without_asker("我是庄家，对方亮了一张牌")
    assert without_asker("我是庄家，我可以看明手的牌吗") == "我是庄家，我可以看明手的牌吗"


@pytest.mark.parametrize(
    "question, seats",
    [
        ("明手亮了一张牌", {"明手"}),
        ("上家没跟花色", {"上家"}),
        ("对方又叫了一个1♥", {"对手"}),
        ("lho revoked", {"下家"}),
        ("an opponent exposed a card", {"对手"}),
        ("the td ruled against us", {"裁判"}),
        ("我搭档先叫的红心，我最后叫到4♥，那谁当庄家", {"同伴"}),  # partner bid; declarer is asked about
        ("庄家是怎么定出来的", set()),  # asked about, not acting
        ("上家下家我老是搞混，上家是坐我左边还是右边", set()),
        ("防家就是庄家对面那两个人吧？明手算不算？", set()),
        ("what is dummy", set()),
        ("who is the opponent on my left called", set()),
        ("my partner is declarer", set()),
        ("how is declarer determined", set()),  # a passive: declarer is not who acts
        ("叫紧牌嗰阵已经算明手未？", set()),  # Cantonese 「…未？」 asks "yet?", no 「未…」 act
        ("明手未经庄家同意就出牌", {"明手"}),
    ],
)
def test_seats_told_acting(question, seats):
    assert seats_acting(question) == seats


@pytest.mark.parametrize("question, word", [
    ("LHO revoked", "下家"), ("an opponent exposed a card", "对手"), ("RHO hesitated", "上家"), ("明手亮了一张牌", "明手"),
    ("上家越序叫了，还没处理，我就在我的正确轮次叫了", "上家"),
    # an act told as not done
    ("对方没有alert", "提醒"), ("the opponents didn't alert their 2D", "提醒"), ("opponent didn't follow suit", "跟牌"),
])
def test_a_word_told_as_who_acted_or_as_the_act_not_done_is_not_answered_with_its_definition(corpus_searcher, question, word):
    result = corpus_searcher.ask(question)
    assert result.hits and all(hit.term != word for hit in result.hits)


@pytest.mark.parametrize("question, term", [("what is dummy", "明手"), ("上家是坐我左边还是右边", "上家"), ("RHO", "上家")])
def test_a_seat_asked_about_is_still_defined(corpus_searcher, question, term):
    assert corpus_searcher.ask(question).hits[0].term == term


def test_a_thing_there_is_none_of_is_no_act_not_done(corpus_searcher):
    # 「没有将牌」: no trumps in notrump, not a trump left unplayed; the word's definition stays an answer
    assert "将牌" in [hit.term for hit in corpus_searcher.ask("无将定约是不是就没有将牌了").hits]


def _row(law: int, clause: str):
    return next(r for r in documents(BOOK) if r["law"] == law and r["clause"] == clause)


@pytest.mark.parametrize(
    "law, clause, actors",
    [
        (48, "48A", ("declarer",)),  # the law's title names declarer
        (43, "43A2b", ("dummy", "declarer")),  # reviewed: dummy's limits, then the declarer they concern
        (45, "45C1", ("defender",)),  # the clause's own title
        (45, "45C3", ("declarer", "dummy")),  # reviewed: declarer's naming of dummy's card
        (50, "50D2a", ("defender", "declarer")),  # reviewed: a defender's penalty card, declarer's options
        (44, "44A", ()),  # anyone
    ],
)
def test_clause_actors(law, clause, actors):
    assert clause_actors(_row(law, clause)) == actors


def test_a_text_naming_a_seat_to_leave_it_out_tags_no_one():
    row = {"law": 99, "clause": "99A", "title": "x · 从手中打牌", "parents": [("", "牌张的打出")],
           "text": "除明手外，其余赛员打牌时均由自己手中抽出一张牌"}
    assert clause_actors(row, overrides={}) == ()


def test_every_override_names_a_clause_and_known_actors():
    ids = {str(n) for n in BOOK.laws} | {c.id for law in BOOK.laws.values() for c in law.clauses}
    for key, actors in load_overrides().items():
        assert key in ids
        assert set(actors) <= set(ACTORS)


def test_the_question_back_names_the_act_not_the_period(corpus_searcher):
    # 「打牌时」 says when; 亮 is what was done
    assert corpus_searcher.ask("打牌时对方亮了一张牌怎么办").ambiguous.question_zh == "亮牌的是庄家还是防家？"


def test_an_open_actor_is_asked_back(corpus_searcher):
    result = corpus_searcher.ask("对方亮了一张牌怎么办")
    assert result.ambiguous is not None
    assert result.ambiguous.question_zh == "亮牌的是庄家还是防家？"
    options = {o.actor: o for o in result.ambiguous.options}
    assert set(options) == {"declarer", "defender"}
    assert options["declarer"].label_zh == "庄家" and options["defender"].label_en == "Defender"
    assert options["declarer"].hit.law == 48 and options["defender"].hit.law in (49, 50)
    assert result.to_json()["ambiguous"]["options"][0]["hit"]["law"] in (48, 49, 50)
    assert not result.confident  # one reading is not the answer


def test_a_missing_law_found_is_still_said_beside_the_question_of_who_acted(corpus_searcher):
    # no period told: a card exposed in the play (48 or 49/50, asked back) or in the auction (Law 24's, which the
    # corpus lacks); told in the auction, there is no declarer or defender yet to ask about, only Law 24
    result = corpus_searcher.ask("有人把一张牌掉在桌上亮了出来，怎么办？")
    assert result.ambiguous is not None
    assert 24 in [a.law for a in result.absent]
    assert not result.confident
    in_the_auction = corpus_searcher.ask("叫牌还没结束，有人把一张牌掉在桌上亮了出来，怎么办？")
    assert in_the_auction.ambiguous is None and 24 in [a.law for a in in_the_auction.absent]
    # and a who-acted question during the play carries no missing law of the auction (told without the time, the
    # card may have been shown during the auction, Law 24's as above; in the play, as a lead out of turn, 54's)
    assert 24 not in [a.law for a in corpus_searcher.ask("打牌时对方亮了一张牌怎么办").absent]


@pytest.mark.parametrize("actor, laws", [("declarer", {48}), ("defender", {49, 50})])
def test_the_askers_reading_decides(corpus_searcher, actor, laws):
    result = corpus_searcher.ask("对方亮了一张牌怎么办", actor=actor)
    assert result.hits[0].law in laws
    assert result.actor == actor and result.ambiguous is None


def test_a_named_actor_is_not_asked_back(corpus_searcher):
    assert corpus_searcher.ask("明手能不能提醒庄家从错的手引牌").ambiguous is None
