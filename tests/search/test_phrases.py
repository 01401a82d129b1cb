"""Resemblance to situation phrases, and names of missing laws found whole."""

from __future__ import annotations

import math

import pytest

from bot.search.names import is_name, name_form, names_in
from bot.search.phrases import PhraseIndex, PooledIndex, document_frequencies, grams, question_grams, stem


def test_grams_are_character_pairs_and_english_stems():
    assert grams("亮牌了") == {"亮牌", "牌了"}
    assert grams("he revoked the trick") == {"§revok", "§trick"}


@pytest.mark.parametrize("a, b", [("revoked", "revoke"), ("revoking", "revoke"), ("led", "lead"), ("bids", "bid")])
def test_stems_meet(a, b):
    assert stem(a) == stem(b)


def test_question_grams_are_the_sorted_union_of_every_texts_grams_asked_again_or_not():
    for _ in range(2):   # (a bridged word's grams and a stem are kept once made)
        assert question_grams("明手亮牌 revoked", ["召请裁判", "lead", "召请裁判"]) == tuple(
            sorted(grams("明手亮牌 revoked") | grams("召请裁判") | grams("lead")))
        assert stem("revoked") == "revok"


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


def test_leaving_a_phrase_out_of_its_pool_is_the_pool_without_it():
    # 越序出牌's pairs are all in its pool's first phrase too: the pools' IDF is the same without it
    entries = [("a", "防家越序出牌了"), ("b", "明手摊牌以后不能再碰牌"), ("a", "越序出牌"), ("a", "防家出牌了"), ("b", "明手出牌")]
    index = PooledIndex(entries)
    without = PooledIndex(entries[:2] + entries[3:])
    for question in ["防家越序出牌", "明手出牌了", "越序"]:
        assert index.best_by_key(question, skip={2}) == pytest.approx(without.best_by_key(question))
    assert index.best_by_key("越序出牌", skip={2}) != index.best_by_key("越序出牌")


# The look-ups add their floats as dicts filled gram by gram did before numpy, in the same order:
# not one bit of an answer may move.  (Built here, not read from the phrase cache: the order a
# phrase's own grams are summed in follows the hash seed of the process that built it.)

def _question(text: str, extra: list[str]) -> list[str]:
    question = set(grams(text))   # as best_by_key makes it: the same grams, met in the same (sorted) order
    for more in extra:
        question |= grams(more)
    return sorted(question)


def _closest_by_dicts(index: PhraseIndex, phrase_grams: list, question: list[str], skip: set[int]) -> dict:
    common = {g for g, c in document_frequencies(phrase_grams).items() if c > max(20, len(phrase_grams) / 10)}
    shared: dict[int, float] = {}
    for gram in question:
        if gram in index.idf and gram not in common:
            for i, g in enumerate(phrase_grams):
                if gram in g:
                    shared[i] = shared.get(i, 0.0) + index.idf[gram]
    scale = 1.0 / math.sqrt(sum(index.idf.get(g, 0.0) for g in question))
    best: dict = {}
    for i, s in shared.items():
        sim = s * (1.0 / math.sqrt(sum(index.idf[g] for g in sorted(phrase_grams[i])))) * scale
        if i not in skip and sim > best.get(index.keys[i], 0.0):
            best[index.keys[i]] = sim
    return best


def _pooled_by_dicts(index: PooledIndex, question: list[str]) -> dict:
    _, counts = index._phrases_and_pools
    dot: dict[int, float] = {}
    for gram in question:
        if gram in index.idf:
            for p, c in enumerate(counts):
                if gram in c:
                    dot[p] = dot.get(p, 0.0) + index.idf[gram] * index._weight(gram, c[gram])
    q_norm = math.sqrt(sum(index.idf.get(g, 0.0) ** 2 for g in question))
    return {index.keys[p]: d / (float(index.norm[p]) * q_norm) for p, d in dot.items() if d > 1e-12}


@pytest.fixture(scope="module")
def corpus_phrases(corpus_searcher):
    entries = [((kind, key), bridged) for kind, key, bridged in corpus_searcher.db.execute("SELECT kind, key, bridged FROM phrases")]
    return entries, PhraseIndex(entries), PooledIndex(entries)


@pytest.mark.parametrize("text, extra, skip", [
    ("我是庄家，对方亮了一张牌，之后轮到他出牌时他没有出那张牌，怎么处理", ["亮牌", "暴露牌"], set()),
    ("partner hesitated a long time before passing, can I still bid", [], set()),
    ("防家越序首引", [], {0, 1, 2, 3}),
    ("明手能不能提醒庄家从错误的一手出牌", ["明手"], set(range(0, 3000, 7))),
])
def test_the_same_floats_as_dicts_filled_gram_by_gram(corpus_phrases, text, extra, skip):
    entries, phrases, pools = corpus_phrases
    question = _question(text, extra)
    phrase_grams = [grams(bridged) for _, bridged in entries]
    assert phrases.best_by_key(text, extra, skip) == _closest_by_dicts(phrases, phrase_grams, question, skip)
    assert pools.best_by_key(text, extra) == _pooled_by_dicts(pools, question)
