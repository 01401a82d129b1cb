"""A learned reading of the whole message: which law (or a definition) a question is about, as probabilities.

The ranker (:mod:`bot.search.rank`) scores each clause by how well *its* words and situation phrases match;
a long told story — a hand, an auction, the table, what the director said, then the question — spreads
that match over its background.  This classifier reads the message as one text and weighs every piece of
it by what the labelled questions and the corpus's situation phrases taught it: words that set a scene in
many kinds of story (board, vulnerable, 俱乐部, 双人赛) carry little, the irregularity told carries much.

It is a multinomial logistic regression over TF-IDF features of the normalised text (character 1–2-grams
of each space-separated run, and runs of two or more word characters), trained by
``bridgebot train-classifier`` (:mod:`bot.search.classifier_training`) and stored, pruned, in
``bot/search/law_classifier.json.gz``.  Class 0 is "asks what a term means".  The rank stage adds
``prior_weight × log p(law)`` to every row's score (:meth:`bot.search.rank.Ranker.rank`).
"""

from __future__ import annotations

import functools
import gzip
import json
import math
import operator
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MODEL_PATH = Path(__file__).with_name("law_classifier.json.gz")
# the same model over the laws the corpus lacks: which of them a question about one is (bot.search.absent_detection)
ABSENT_MODEL_PATH = Path(__file__).with_name("absent_classifier.json.gz")
CHAR_NGRAMS = (1, 2)
# the floor under a law the classifier gives (next to) nothing: a row of it keeps a chance
FLOOR = 1e-4
_WORD = re.compile(r"(?u)\b\w\w+\b")


def char_grams(text: str) -> list[str]:
    """The character 1–2-grams of each space-separated run of ``text``, padded by a space each side
    (a run's 1-grams, then its 2-grams)."""
    grams: list[str] = []
    for run in text.split():
        grams.extend(_run_grams(run))
    return grams


@functools.lru_cache(maxsize=8192)
def _run_grams(run: str) -> tuple[str, ...]:
    """One run's grams for :func:`char_grams` (cached: a question's runs are mostly words seen before)."""
    padded = f" {run} "
    return (*padded, *map(operator.add, padded, padded[1:]))


def word_runs(text: str) -> list[str]:
    """Runs of two or more word characters (an English word, a run of Chinese between punctuation)."""
    return _WORD.findall(text)


ANALYZERS = (char_grams, word_runs)
# (LawClassifier.column_counts reads the two in this order, the grams by run)
assert CHAR_NGRAMS == (1, 2) and ANALYZERS == (char_grams, word_runs), \
    "column_counts reads 1–2-grams by run, then word runs"


# the runs whose known char-gram columns a classifier keeps (past that it starts afresh)
RUNS_KEPT = 65536


@functools.lru_cache(maxsize=8)
def _pieces(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What the analysers cut ``text`` into: its space-separated runs (:func:`char_grams` pads each) and
    its :func:`word_runs`.  Cached: the law classifier and the missing-law one read the same question."""
    return tuple(text.split()), tuple(word_runs(text))


@dataclass
class LawClassifier:
    """The trained classifier: vocabularies and IDF per analyser, and the class weights."""

    vocabularies: list[dict[str, int]]  # per analyser: feature → its column
    idf: list[list[float]]  # per analyser: each column's IDF
    classes: list[int]  # law numbers; 0 is a definition
    intercept: list[float]
    weights: np.ndarray  # (columns of every analyser in turn) × classes; pruned weights are 0
    prior_weight: float  # how much the rank stage weighs log p(law)

    def probabilities(self, normalized: str) -> dict[int, float]:
        """p(law) for the normalised question (see :func:`bot.search.query.normalized_text`)."""
        columns: list[np.ndarray] = []
        values: list[np.ndarray] = []
        offset = 0
        for counts, vocabulary, idf in zip(self.column_counts(normalized), self.vocabularies, self._idf_arrays):
            known, tfidf = _tfidf(counts, idf)
            columns.append(known + offset)
            values.append(tfidf)
            offset += len(vocabulary)
        scores = np.asarray(self.intercept, dtype=np.float64)
        all_columns = np.concatenate(columns)
        if len(all_columns):
            scores = scores + np.concatenate(values) @ self.weights.take(all_columns, axis=0).astype(np.float64)
        exp = np.exp(scores - scores.max())
        return dict(zip(self.classes, (exp / exp.sum()).tolist()))

    def column_counts(self, normalized: str) -> tuple[Counter, Counter]:
        """Each analyser's known features of ``normalized`` (:data:`ANALYZERS`) as their columns, with their
        counts, in the order first met: the features' counts, less the unknown ones, by column."""
        runs, words = _pieces(normalized)
        # a run's known char-gram columns are kept: a question's runs are mostly words seen before
        kept, get = self._run_columns, self.vocabularies[0].get
        columns: list[int] = []
        for run in runs:
            of_run = kept.get(run)
            if of_run is None:
                if len(kept) >= RUNS_KEPT:
                    kept.clear()
                of_run = kept[run] = tuple(c for c in map(get, _run_grams(run)) if c is not None)
            columns += of_run
        return Counter(columns), Counter(c for c in map(self.vocabularies[1].get, words) if c is not None)

    @functools.cached_property
    def _run_columns(self) -> dict[str, tuple[int, ...]]:
        """Each run's known char-gram columns, in the order of its grams (filled by :meth:`column_counts`)."""
        return {}

    @functools.cached_property
    def _idf_arrays(self) -> list[np.ndarray]:
        """:attr:`idf` as arrays (made once)."""
        return [np.asarray(idf, dtype=np.float64) for idf in self.idf]

    def log_prior(self, probabilities: dict[int, float], law: int) -> float:
        """The rank stage's addition to a row of ``law``: ``prior_weight × log p``, floored."""
        return self.prior_weight * math.log(max(probabilities.get(law, 0.0), FLOOR))

    def to_json(self) -> dict:
        """The file's content (see :func:`load_classifier`)."""
        return {"analyzers": [a.__name__ for a in ANALYZERS], "char_ngrams": list(CHAR_NGRAMS),
                "vocabularies": [sorted(v, key=v.get) for v in self.vocabularies],
                "idf": [[round(x, 5) for x in idf] for idf in self.idf], "classes": self.classes,
                "intercept": [round(x, 5) for x in self.intercept], "prior_weight": self.prior_weight,
                "weights": _sparse(self.weights)}


def _sparse(weights: np.ndarray) -> dict:
    """The non-zero weights as three flat lists, row by row (rounded: the file stays small and stable)."""
    rows, cols = np.nonzero(weights)
    return {"columns": rows.tolist(), "classes": cols.tolist(),
            "values": [round(float(v), 4) for v in weights[rows, cols]]}


def _tfidf(counts: dict[int, int], idf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The columns of ``counts`` (each known feature's column and count) and their sublinear TF × IDF,
    L2-normalised (as scikit-learn's TfidfVectorizer), in the order of ``counts``."""
    columns = np.fromiter(counts, np.int64, len(counts))
    values = _sublinear(np.fromiter(counts.values(), np.int64, len(counts))) * idf[columns]
    # (the squares added one by one, as a Python sum does: numpy's pairwise sum may differ in the last bit)
    norm = math.sqrt(sum((values * values).tolist())) or 1.0
    return columns, values / norm


def _sublinear(counts: np.ndarray) -> np.ndarray:
    """1 + log n of each count, the floats ``1.0 + math.log(n)`` gives."""
    if len(counts) and counts.max() >= len(_SUBLINEAR):
        return np.array([1.0 + math.log(n) for n in counts.tolist()], dtype=np.float64)
    return _SUBLINEAR[counts]


# 1 + log n for the counts a question's features mostly have
_SUBLINEAR = np.array([0.0] + [1.0 + math.log(n) for n in range(1, 1024)], dtype=np.float64)


def classifier_from_json(data: dict) -> LawClassifier:
    """A :class:`LawClassifier` from its file's content."""
    vocabularies = [{f: i for i, f in enumerate(v)} for v in data["vocabularies"]]
    sparse = data["weights"]
    weights = np.zeros((sum(len(v) for v in vocabularies), len(data["classes"])), dtype=np.float32)
    weights[np.asarray(sparse["columns"], dtype=np.int64), np.asarray(sparse["classes"], dtype=np.int64)] = \
        np.asarray(sparse["values"], dtype=np.float32)
    return LawClassifier(vocabularies, data["idf"], [int(c) for c in data["classes"]], data["intercept"], weights,
                         float(data["prior_weight"]))


def save_classifier(classifier: LawClassifier, path: Path = MODEL_PATH) -> None:
    """Write ``classifier`` as gzipped JSON, byte for byte the same for the same model."""
    raw = json.dumps(classifier.to_json(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    path.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))


@functools.lru_cache(maxsize=2)
def load_classifier(path: Path = MODEL_PATH) -> LawClassifier | None:
    """The committed classifier (cached), or None when none has been trained."""
    if not path.exists():
        return None
    return classifier_from_json(json.loads(gzip.decompress(path.read_bytes()).decode("utf-8")))
