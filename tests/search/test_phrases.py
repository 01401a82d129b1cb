"""Resemblance to situation phrases, and names of missing laws found whole."""

from __future__ import annotations

import pytest

from bot.search.phrases import PhraseIndex, grams, is_name, name_form, names_in, stem


def test_grams_are_character_pairs_and_english_stems():
    assert grams("亮牌了") == {"亮牌", "牌了"}
    assert grams("he revoked the trick") == {"§revok", "§trick"}


@pytest.mark.parametrize("a, b", [("revoked", "revoke"), ("revoking", "revoke"), ("led", "lead"), ("bids", "bid")])
def test_stems_meet(a, b):
    assert stem(a) == stem(b)


def test_the_same_text_resembles_fully_and_a_skipped_phrase_not_at_all():
    index = PhraseIndex([("a", "防家越序出牌了"), ("b", "明手摊牌以后不能再碰牌"), ("a", "同伴没轮到就出牌")])
    best = index.best_by_key("防家越序出牌了")
    assert best["a"] == pytest.approx(1.0)
    assert best.get("b", 0.0) < 0.5
    assert index.best_by_key("防家越序出牌了", skip={0}).get("a", 0.0) < 1.0


def test_bridged_words_add_evidence():
    index = PhraseIndex([("x", "暴露牌张")])
    assert index.best_by_key("他亮了牌", ["暴露"]).get("x", 0.0) > index.best_by_key("他亮了牌").get("x", 0.0)


@pytest.mark.parametrize(
    "text, name",
    [("越序首引", True), ("不足叫", True), ("insufficient bid", True), ("防家越序出牌了，庄家说接受", False),
     ("we accepted the lead out of turn and played on", False)],
)
def test_is_name(text, name):
    assert is_name(text) is name


NAMES = [(0, 54, name_form("越序首引")), (1, 27, name_form("insufficient bid")), (2, 61, name_form("没跟花色"))]


@pytest.mark.parametrize(
    "question, laws",
    [
        ("对方越序首引了怎么办", {54}),
        ("他没有越序首引", set()),  # negated
        ("partner made an insufficient bid", {27}),
        ("two insufficient bids in a row", {27}),  # plural
        ("他没跟花色", {61}),  # the name is a negation itself
        ("罚张怎么处理", set()),
    ],
)
def test_names_in(question, laws):
    assert names_in(question, [], NAMES) == laws


def test_a_skipped_name_is_not_found():
    assert names_in("对方越序首引了", [], NAMES, skip={0}) == set()
