"""Bids told in notation: an insufficient bid recognised by the ranking of bids (Law 18D), never named."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.base.textnorm import normalize_query
from bot.search.bids import insufficient_bid, sufficient_bids, told_bids

STRAINS = ["♣", "♦", "♥", "♠", "NT"]


@pytest.mark.parametrize("text", ["对方开叫1NT，我叫了1♠，怎么办", "LHO opened 2H and I bid 2D", "I bid 1S over their 1NT",
                                  "上家开叫2♥，我叫2♦", "他开叫了1♥，我叫了1♥", "對方開叫1無將，我叫了1黑桃",
                                  "上家开叫2♥，我叫2♦的时候没注意",
                                  # a bid only thought of between the two made
                                  "對方開叫2♥，我以為是1♥就叫了2♦", "RHO opened 2S, I thought it was 1S and bid 2H"])
def test_a_bid_that_does_not_outrank_the_last_is_insufficient(text):
    assert insufficient_bid(normalize_query(text))


@pytest.mark.parametrize("text", ["我们4♠超一，他们3NT正好，多少IMP", "对方开叫1♥，我争叫1♠", "1♠-2♥-4♠-加倍-不叫-不叫-5♥",
                                  "打3NT的时候明手说话了", "对方开叫2♦，我想争叫红心，叫2♥可以吗", "我开叫1♠其实只有4张",
                                  "opened 1NT and partner bid 2C stayman", "I bid 2S over their 2H",
                                  # the same bid named again, as the one somebody made
                                  "我问对方2♦什么意思，结果是叫2♦的那个人自己回答的",
                                  "同伴开叫1♠，我以为他是1♥，叫了2♠",
                                  "So is 1NT higher than 1S? opponent opened 1S and I bid 1NT"])
def test_a_contract_told_in_passing_or_a_sufficient_bid_is_not(text):
    assert not insufficient_bid(normalize_query(text))


@given(st.integers(1, 7), st.sampled_from(STRAINS), st.integers(1, 7), st.sampled_from(STRAINS))
def test_the_ranking_is_level_then_denomination(level_a, strain_a, level_b, strain_b):
    text = normalize_query(f"上家开叫{level_a}{strain_a}，我叫了{level_b}{strain_b}")
    outranks = (level_b, STRAINS.index(strain_b)) > (level_a, STRAINS.index(strain_a))
    assert insufficient_bid(text) is not outranks
    assert [bid[0] for bid in told_bids(text)] == [(level_a, STRAINS.index(strain_a)), (level_b, STRAINS.index(strain_b))]


def test_the_search_reports_the_missing_law_for_a_told_insufficient_bid(corpus_searcher):
    assert 27 in [a.law for a in corpus_searcher.ask("对方开叫1NT，我叫了1♠，怎么办").absent]
    assert 27 not in [a.law for a in corpus_searcher.ask("对方开叫1♥，我争叫1♠，同伴加叫2♠").absent]


@pytest.mark.parametrize("text, sufficient", [("对方开叫1♥，我叫了1♠，同伴说我这是不足叫", True), ("对方叫了3♥，我叫3♠可以吗", True),
                                              ("对方开叫1nt，我叫了1♠", False), ("lho opened 2h and i bid 2d", False),
                                              ("我们打4♠超一", False)])
def test_sufficient_bids(text, sufficient):
    assert sufficient_bids(text) is sufficient


def test_a_sufficient_bid_feared_insufficient_gets_no_missing_law_note(corpus_searcher):
    result = corpus_searcher.ask("对方开叫1♥，我叫了1♠，同伴说我这是不足叫牌，真的吗？")
    assert 27 not in [a.law for a in result.absent] and result.hits[0].law == 18
