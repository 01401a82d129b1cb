"""The member of a family of missing laws that a question tells comes first (a double out of
rotation is Law 32, calls at once 33, an opening lead out of turn 54, declarer's 55, cards at once 58)."""

from __future__ import annotations

import pytest

from bot.base.textnorm import normalize_query
from bot.search.absent_families import told_members


@pytest.mark.parametrize("text, reported, first", [
    ("轮到我下家叫，我抢先说了加倍", [30, 31], 32),
    ("該我同伴叫，我一急就講咗「加倍」", [31, 27], 32),
    ("RHO doubled when it wasn't his turn", [29, 30], 32),
    ("我和左手几乎同时叫了牌，算谁的", [58, 33], 33),
    ("two of us bid at the same moment", [31], 33),
    ("两个防家同时出牌，哪张先算", [33, 58], 58),
    ("本该我下家首攻，结果我上家抢先亮了一张牌", [53, 56], 54),
    ("庄家应该从明手出，结果从自己手上引了一张", [56, 53], 55),
    ("防家没轮到就引了一张，庄家说那就接受吧，接下来谁出", [56, 54], 53),
    ("A defender led out of turn and declarer refused to accept it. What now?", [53], 56),
])
def test_the_act_told_names_its_member_first(text, reported, first):
    assert told_members(normalize_query(text), reported)[:1] == [first]


@pytest.mark.parametrize("text, reported", [
    # a double of one's own partner, in turn, is no double out of rotation (Law 36)
    ("我同伴开叫1♥，我一紧张加倍了自己同伴", [36, 30]),
    # the family must have been found: a double alone says nothing about Law 27
    ("抢先加倍了", [27]),
    ("首攻是红心K，庄家说要看一下", [61]),
    # a call out of rotation accepted is Law 29
    ("越序叫牌被接受了，后面叫牌顺序要怎么算", [28, 29]),
])
def test_nothing_is_named_without_the_act_and_its_family(text, reported):
    assert told_members(normalize_query(text), reported) == []


def test_the_search_names_a_double_out_of_rotation_first(corpus_searcher):
    absent = corpus_searcher.ask("还没轮到他，他就抢着喊了加倍，怎么处理").absent
    assert absent and absent[0].law == 32


@pytest.mark.parametrize("question, law", [("本该我下家首攻，结果我上家抢先把一张牌亮在桌上了，我是庄家能怎么选", 54),
                                           ("The wrong defender faced the opening lead out of turn. What are my options?", 54)])
def test_an_act_said_to_be_out_of_turn_names_its_missing_law(corpus_searcher, question, law):
    assert law in [a.law for a in corpus_searcher.ask(question).absent]


def test_an_opening_lead_in_turn_names_nothing(corpus_searcher):
    assert corpus_searcher.ask("首攻是红心K，明手的牌摊下来以后庄家可以看多久").absent == []
