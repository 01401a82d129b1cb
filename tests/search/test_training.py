"""Training the ranker (numpy): pairwise logistic regression, weighted thresholds, the CLI's folds."""

from __future__ import annotations

import numpy as np
import pytest

from bot.search import training
from bot.search.ranker import FEATURES


def _example(right_title: float, wrong_title: float) -> training.Example:
    """Two candidate rows that differ only in their title share; the first is the right law."""
    X = np.zeros((2, len(FEATURES)))
    X[:, FEATURES.index("bm25")] = [0.5, 0.5]
    X[:, FEATURES.index("title_share")] = [right_title, wrong_title]
    return training.Example({"q": "", "laws": [1]}, X, np.array([True, False]), np.array([False, False]))


def test_the_ranker_learns_which_feature_tells_right_from_wrong():
    weights = training.fit_ranker([_example(0.8, 0.1), _example(0.6, 0.2), _example(0.9, 0.0)])
    assert weights["title_share"] > 0.5
    assert abs(weights["depth"]) < 1e-6  # a feature that never differs gets no weight


@pytest.mark.parametrize(
    "probabilities, right, weights, expected",
    [
        ([0.9, 0.8, 0.7, 0.6], [True, True, False, True], None, 0.8),  # 0.7 would bring precision to 2/3
        ([0.9, 0.8, 0.7], [True, True, True], None, 0.7),
        ([0.9, 0.8, 0.7], [True, False, True], [1.0, 0.01, 1.0], 0.7),  # a light mistake barely counts
        ([0.9], [False], None, 1.0),  # never right: nobody is confident
    ],
)
def test_threshold_for_keeps_precision(probabilities, right, weights, expected):
    assert training.threshold_for(probabilities, right, weights, target=0.95) == expected


def test_a_weighted_logistic_regression_leans_to_the_heavier_examples():
    X = np.array([[0.0], [1.0], [1.0]])
    y = np.array([0.0, 1.0, 0.0])
    w_even, b_even = training.fit_logistic(X, y)
    w_heavy, b_heavy = training.fit_logistic(X, y, np.array([1.0, 5.0, 1.0]))
    assert w_heavy[0] + b_heavy > w_even[0] + b_even


def test_train_ranker_prints_its_folds(tmp_path, monkeypatch):
    import json

    from click.testing import CliRunner

    from bot.cli.main import main

    questions = tmp_path / "q.jsonl"
    rows = [("明手可以叫裁判吗", 43), ("罚张怎么处理", 50), ("庄家暴露了一张牌", 48), ("声称以后对方有异议", 70),
            ("观众可以说话吗", 76), ("同伴的迟疑给了我信息", 16)]
    questions.write_text("".join(json.dumps({"q": q, "laws": [law]}, ensure_ascii=False) + "\n" for q, law in rows),
                         encoding="utf-8")
    result = CliRunner().invoke(main, ["train-ranker", "-k", "2", "--dry-run", str(questions)])
    assert result.exit_code == 0, result.output
    assert "fold 1:" in result.output and "fold 2:" in result.output and "cross-validated: law R@1" in result.output
    assert "wrote" not in result.output


def test_the_ranker_is_fitted_on_definition_questions_too(corpus_searcher):
    # a frame answers 「明手是什么意思」 before ranking, yet the ranker learns from it which row defines a
    # word named, for the questions no frame reads; a reference never ranks
    rows = [{"q": "明手是什么意思", "laws": [0], "term": "明手", "kind": "definition"},
            {"q": "第50条", "laws": [50], "clause": "50"}]
    assert training.examples(corpus_searcher, rows) == []
    fitted = training.examples(corpus_searcher, rows, definitions=True)
    assert [ex.row["q"] for ex in fitted] == ["明手是什么意思"]
    assert fitted[0].law_ok.any() and not fitted[0].law_ok.all()
