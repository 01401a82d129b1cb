"""The learned ranking model: a committed data file, a dot product at run time, sensible directions."""

from __future__ import annotations

import json

import pytest

from bot.search.missing import ABSENT_FEATURES
from bot.search.query import understand
from bot.search.ranker import CONFIDENCE_FEATURES, FEATURES, WEIGHTS_PATH, RankerModel, load_model, model_from_json


def test_the_committed_model_weighs_every_feature():
    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert set(data["weights"]) == set(FEATURES)
    assert set(data["confidence"]["weights"]) == set(CONFIDENCE_FEATURES)
    assert set(data["absent"]["weights"]) == set(ABSENT_FEATURES)
    assert 0.0 < data["confidence"]["threshold"] < 1.0


def test_a_row_scores_the_dot_product_of_its_features():
    model = RankerModel({"bm25": 2.0, "title_share": -1.0})
    assert model.score({"bm25": 0.5, "title_share": 0.25, "depth": 9.0}) == pytest.approx(0.75)


def test_the_model_survives_its_json_form():
    model = load_model()
    again = model_from_json(json.loads(json.dumps(model.to_json())))
    assert again.weights == pytest.approx(model.weights, abs=1e-5)
    assert again.threshold == pytest.approx(model.threshold, abs=1e-4)
    assert again.absent.threshold == pytest.approx(model.absent.threshold, abs=1e-4)


def test_without_a_trained_file_the_hand_set_default_ranks(tmp_path):
    model = load_model(tmp_path / "none.json")
    assert model.weights["bm25"] > 0


@pytest.mark.parametrize("feature", ["bm25", "situation_phrase", "char_share", "situation_pool"])
def test_evidence_for_a_row_raises_it(feature):
    assert load_model().weights[feature] > 0


def test_more_of_the_question_in_a_row_never_lowers_it():
    from bot.search.training import EVIDENCE

    weights = load_model().weights
    assert [f for f in EVIDENCE if weights[f] < 0] == []


def test_confidence_grows_with_the_lead_over_the_second_law():
    model = load_model()
    base = {"top": 5.0, "margin": 0.1, "coverage": 0.6, "situation_phrase": 0.3, "bm25": 3.0, "words": 2.0,
            "english": 0.0}
    assert model.probability({**base, "margin": 2.0}) > model.probability(base)


@pytest.mark.parametrize("feature", ["term_named_short", "term_meaning"])
def test_a_defined_term_the_question_names_lifts_its_definition(feature):
    # learned from the definition questions the frames answer (fitted with them since round 7)
    assert load_model().weights[feature] > 0


# Definition questions in shapes no definition frame reads: the ranker finds the term's row first
# (or the law whose rule text defines the word in so many words: 77's 「墩分低于100分的定约为部分定约」).
@pytest.mark.parametrize("question, term, law", [
    ("超墩是多打的那几墩吗", "超墩", None), ("部分定约最多多少墩分", "部分定约", 77),
    ("which player is the declarer's partner, the dummy?", "明手", None), ("局况就是有局无局吗", "局况", None),
    ("小满贯和大满贯各要拿几墩", "满贯", None), ("上家是坐在我哪一边的对手", "上家", None),
])
def test_a_definition_question_no_frame_reads_still_gets_its_term_first(corpus_searcher, question, term, law):
    result = corpus_searcher.ask(question)
    assert not corpus_searcher.answered_before_ranking(understand(question, corpus_searcher.segmenter, corpus_searcher.lexicon))
    first = result.hits[0]
    book_law = corpus_searcher.rulebook.law(law) if law else None
    rule_text = " ".join([book_law.intro or "", *(c.text or "" for c in book_law.clauses)]) if book_law else ""
    assert (first.law, first.term) == (0, term) or (first.law == law and f"为{term}" in rule_text)


def test_each_row_feature_sits_under_its_own_name(corpus_searcher):
    # the features are built as a list in FEATURES order: a name out of step would feed the model the wrong value
    q = understand("明手可以离开座位看庄家打牌吗", corpus_searcher.segmenter, corpus_searcher.lexicon)
    cands = corpus_searcher.candidates(q, "dummy")
    assert cands and all(len(c.values) == len(FEATURES) for c in cands)
    for c in cands:
        f = c.features
        assert f["definition"] == (1.0 if c.doc.law == 0 else 0.0)
        assert f["law_row"] == (1.0 if c.doc.law and not c.doc.clause else 0.0)
        assert f["actor_agree"] == (1.0 if c.doc.actors[:1] == ("dummy",) else 0.0)
        assert f["term_named"] == (1.0 if c.doc.law == 0 and c.doc.term in ("明手", "庄家") else 0.0)
    assert max(c.features["bm25"] for c in cands) == 1.0   # each row's BM25 over the best one's
