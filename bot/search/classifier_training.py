"""Train the law classifier (:mod:`bot.search.law_classifier`): ``bridgebot train-classifier``.

What it learns from, every piece with its provenance:

- the corpus's situation phrases (``corpus/situations/*.yaml``): each clause's phrases labelled with its
  law, each defined term's with 0 (a definition);
- the *train* question sets (``bench/sets/README.md``) and the retold real questions (:mod:`bot.search.told`):
  each in-corpus question with its first law (0 for a definition).  Never a *dev*, *spent* or *unseen* set: the
  dev sets measure it.

The missing-law classifier (the same model, ``absent_classifier.json.gz``) learns which law the corpus lacks a
question is about from ``corpus/missing_laws.yaml``'s phrases and the same sets' questions about those laws.

scikit-learn does the fitting (a test extra: the bot itself only reads the saved weights).  The weights are
pruned (``|w| < PRUNE`` dropped) so that the committed file stays small; ``--dry-run`` prints the pruned
model's accuracy on the dev sets without writing it.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.search.law_classifier import ANALYZERS, LawClassifier
from bot.search.query import normalized_text
from bot.search.situations import SITUATIONS_DIR, load_situations

# regularisation (scikit-learn's C) and the weights kept: chosen on the dev sets (docs/search.md)
C = 10.0
PRUNE = 0.02
MIN_DF = 2
# the weight of log p(law) in the rank stage, chosen on the dev sets (real_dev, mix_dev*, heldout_i/j)
PRIOR_WEIGHT = 1.5


def law_of_clause(clause_id: str) -> int:
    """The law of a clause id (``"50D2"`` → 50, ``"66"`` → 66)."""
    return int(re.match(r"\d+", clause_id).group())


def corpus_examples(directory: Path = SITUATIONS_DIR) -> list[tuple[str, int]]:
    """(normalised phrase, law) for every situation phrase; a term's phrases are law 0."""
    situations = load_situations(directory)
    examples = [(normalized_text(p), law_of_clause(c)) for c, phrases in sorted(situations.clauses.items())
                for p in phrases]
    examples += [(normalized_text(p), 0) for _, phrases in sorted(situations.terms.items()) for p in phrases]
    return examples


def absent_examples(rows: Iterable[dict], corpus_laws: set[int]) -> list[tuple[str, int]]:
    """(normalised text, law) for the missing-law classifier: every phrase of ``corpus/missing_laws.yaml`` for a
    law outside ``corpus_laws``, and the questions of ``rows`` about such a law (its first law)."""
    from bot.search.missing import load_topics

    examples = [(normalized_text(p), t.law) for t in load_topics() if t.law not in corpus_laws for p in t.phrases]
    return examples + [(normalized_text(row["q"]), int(row["laws"][0])) for row in rows
                       if row.get("in_corpus") is False and row.get("laws") and int(row["laws"][0]) not in corpus_laws]


def question_examples(rows: Iterable[dict]) -> list[tuple[str, int]]:
    """(normalised question, its first law) for the in-corpus questions of a question set."""
    return [(normalized_text(row["q"]), int(row["laws"][0])) for row in rows
            if row.get("in_corpus", True) and row.get("laws")]


def fit(examples: list[tuple[str, int]], prior_weight: float = PRIOR_WEIGHT, c: float = C,
        prune: float = PRUNE) -> LawClassifier:
    """Fit the classifier on ``examples`` (text, law) and prune its weights."""
    from scipy.sparse import hstack
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    texts = [t for t, _ in examples]
    labels = [law for _, law in examples]
    vectorizers = [TfidfVectorizer(analyzer=analyze, sublinear_tf=True, min_df=MIN_DF) for analyze in ANALYZERS]
    matrix = hstack([v.fit_transform(texts) for v in vectorizers]).tocsr()
    model = LogisticRegression(C=c, max_iter=5000).fit(matrix, labels)
    coef, intercept = model.coef_, list(model.intercept_)
    if len(model.classes_) == 2:  # one row for the second class: as a softmax, the first scores 0
        coef, intercept = np.vstack([0.0 * coef[0], coef[0]]), [0.0, intercept[0]]
    weights = np.asarray(coef, dtype=np.float32).T.copy()  # columns × classes
    weights[np.abs(weights) < prune] = 0.0
    vocabularies = [{f: int(i) for f, i in v.vocabulary_.items()} for v in vectorizers]
    return LawClassifier(vocabularies, [[float(x) for x in v.idf_] for v in vectorizers],
                         [int(c) for c in model.classes_], [float(x) for x in intercept], weights,
                         prior_weight)


def accuracy(classifier: LawClassifier, rows: Iterable[dict]) -> tuple[float, int]:
    """The share of ``rows``' in-corpus questions whose first law the classifier puts first, and their count."""
    examples = question_examples(rows)
    right = 0
    for text, law in examples:
        p = classifier.probabilities(text)
        right += max(p, key=p.get) == law
    return (right / len(examples) if examples else 0.0), len(examples)


@dataclass
class HeldOutReadings:
    """The classifier as training must see it: for a question it was fitted on, the p(law) of a fold's
    classifier that never saw it (:func:`out_of_fold`); any other text, the committed classifier's.
    Otherwise the confidence model would learn how sure the classifier is of its own training questions."""

    classifier: LawClassifier
    held_out: dict[str, dict[int, float]]

    @property
    def prior_weight(self) -> float:
        """The committed classifier's weight in the rank stage."""
        return self.classifier.prior_weight

    def probabilities(self, normalized: str) -> dict[int, float]:
        """p(law) for the normalised question, out of fold when it is one the classifier was fitted on."""
        held = self.held_out.get(normalized)
        return held if held is not None else self.classifier.probabilities(normalized)

    def log_prior(self, probabilities: dict[int, float], law: int) -> float:
        """As :meth:`LawClassifier.log_prior`."""
        return self.classifier.log_prior(probabilities, law)


def out_of_fold(rows: list[dict], k: int = 5, seed: int = 7,
                directory: Path = SITUATIONS_DIR) -> dict[str, dict[int, float]]:
    """p(law) of every in-corpus question of ``rows`` by a classifier fitted, as the committed one is, on the
    corpus's phrases and the other folds' questions — the same text always in one fold, so no copy of it
    was seen."""
    phrases = corpus_examples(directory)
    asked = question_examples(rows)
    fold = {text: zlib.crc32(f"{seed}:{text}".encode()) % k for text, _ in asked}
    readings: dict[str, dict[int, float]] = {}
    for f in range(k):
        model = fit(phrases + [(t, law) for t, law in asked if fold[t] != f])
        for text in {t for t, _ in asked if fold[t] == f}:
            readings[text] = model.probabilities(text)
    return readings
