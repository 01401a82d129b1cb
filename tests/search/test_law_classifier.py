"""The law classifier: its features, its file, its fit, and what it does for a told story."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bot.search.law_classifier import (LawClassifier, char_grams, classifier_from_json, load_classifier,
                                       save_classifier, word_runs)
from bot.search.query import normalized_text

SETS = Path(__file__).resolve().parents[2] / "bench" / "sets"


def test_char_grams_pad_each_run():
    assert char_grams("ab c") == [" ", "a", "b", " ", " a", "ab", "b ", " ", "c", " ", " c", "c "]


def test_char_grams_of_runs_seen_before_are_the_same():
    text = "明手 说 明手 ab 明手说"
    first = char_grams(text)
    assert char_grams(text) == first
    assert first[:9] == [" ", "明", "手", " ", " 明", "明手", "手 ", " ", "说"]


def test_column_counts_are_the_known_features_counted_by_column_in_first_seen_order():
    classifier = load_classifier()
    text = normalized_text("明手提醒庄家 明手 从错的手引牌 明手提醒庄家 zzqx revoke")
    for _ in range(2):   # (a run's columns are kept once read)
        for counts, analyze, vocabulary in zip(classifier.column_counts(text), (char_grams, word_runs),
                                               classifier.vocabularies):
            known = [vocabulary[f] for f in analyze(text) if f in vocabulary]
            assert list(counts.items()) == [(c, known.count(c)) for c in dict.fromkeys(known)]


def test_word_runs_are_two_characters_or_more():
    assert word_runs("a revoke, 明手说话了 x") == ["revoke", "明手说话了"]


def test_normalized_text_reads_traditional_and_width_as_the_search_does():
    assert normalized_text("莊家ＡＢＣ") == normalized_text("庄家abc")


def test_committed_classifier_gives_a_distribution_over_laws_and_definitions():
    classifier = load_classifier()
    assert classifier is not None
    p = classifier.probabilities(normalized_text("明手能不能提醒庄家从错的手引牌"))
    assert abs(sum(p.values()) - 1.0) < 1e-9
    assert 0 in p and 42 in p
    assert classifier.log_prior(p, 999) == pytest.approx(classifier.prior_weight * -9.2103, abs=1e-3)


def test_file_round_trip_is_byte_identical(tmp_path):
    classifier = load_classifier()
    first, second = tmp_path / "a.json.gz", tmp_path / "b.json.gz"
    save_classifier(classifier, first)
    save_classifier(classifier_from_json(json.loads(gzip.decompress(first.read_bytes()))), second)
    assert first.read_bytes() == second.read_bytes()


def test_fit_learns_which_words_tell_the_law():
    pytest.importorskip("sklearn")
    from bot.search.classifier_training import fit

    examples = [(normalized_text(t), law) for t, law in [
        ("dummy tells declarer he is leading from the wrong hand", 42), ("can dummy warn declarer", 42),
        ("dummy points out a revoke", 42), ("a card dropped face up during the auction", 16),
        ("a card was exposed in the auction", 16), ("partner hesitated and I bid on", 16),
        ("club pairs board 12 dummy warns declarer", 42), ("club pairs board 3 partner hesitated", 16)]]
    classifier = fit(examples, prune=0.0)
    assert isinstance(classifier, LawClassifier)
    p = classifier.probabilities(normalized_text("at our club, board 7: may dummy warn declarer?"))
    assert max(p, key=p.get) == 42


def test_prior_puts_the_right_law_first_more_often_on_told_stories(corpus_searcher):
    """On the dev set of questions as real players tell them, the ranking with the classifier's reading of
    the whole message puts the right law first more often than without it (and the long stories most)."""
    from bot.search.searcher import Searcher

    rows = [json.loads(line) for line in (SETS / "real_dev.jsonl").read_text(encoding="utf-8").splitlines()]
    long_rows = [r for r in rows if r["in_corpus"] and r["laws"][0] and len(r["q"]) > 150]
    without = Searcher(corpus_searcher.rulebook, corpus_searcher.db, corpus_searcher.segmenter,
                       corpus_searcher.lexicon, classifier=None)

    def right(searcher):
        return sum(1 for r in long_rows if (hits := searcher.ask(r["q"]).hits) and hits[0].law == r["laws"][0])

    assert right(corpus_searcher) >= right(without) + len(long_rows) // 10


def test_probabilities_are_the_plain_tfidf_reading_to_the_last_bit():
    """The counted, cached reading gives the very floats of the plain one (each gram looked up in turn)."""
    import math

    import numpy as np

    from bot.search.law_classifier import ANALYZERS

    classifier = load_classifier()
    text = normalized_text("周三俱乐部双人赛，对方开叫1♥，搭档想了两分钟才pass，明手提醒庄家从错的手引牌，怎么办？")
    columns, values, offset = [], [], 0
    for analyze, vocabulary, idf in zip(ANALYZERS, classifier.vocabularies, classifier.idf):
        counts: dict[int, int] = {}
        for feature in analyze(text):
            if feature in vocabulary:
                counts[vocabulary[feature]] = counts.get(vocabulary[feature], 0) + 1
        tfidf = {c: (1.0 + math.log(n)) * idf[c] for c, n in counts.items()}
        norm = math.sqrt(sum(v * v for v in tfidf.values())) or 1.0
        columns += [offset + c for c in tfidf]
        values += [v / norm for v in tfidf.values()]
        offset += len(vocabulary)
    scores = np.asarray(classifier.intercept) + np.asarray(values) @ classifier.weights[columns].astype(np.float64)
    exp = np.exp(scores - scores.max())
    assert classifier.probabilities(text) == dict(zip(classifier.classes, (exp / exp.sum()).tolist()))


def test_sublinear_counts_are_one_plus_log_however_large():
    import math

    import numpy as np

    from bot.search.law_classifier import _sublinear

    for counts in ([1, 2, 7], [1, 3000, 2]):
        assert _sublinear(np.array(counts)).tolist() == [1.0 + math.log(n) for n in counts]
    assert _sublinear(np.array([], dtype=np.int64)).tolist() == []
