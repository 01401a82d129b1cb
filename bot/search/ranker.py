"""The learned ranking: explainable features of a candidate row, weighed by a small linear model.

Every candidate row (a clause, a law's intro, a definition) that FTS5 finds for a question gets
the features of :data:`FEATURES`, each scaled to about 0–1; its score is their dot product with
the weights in ``bot/search/ranker.json``, trained by ``bridgebot train-ranker`` (pairwise
logistic regression with k-fold cross-validation, :mod:`bot.search.training`).  A law scores as
its best row.  The same file holds the confidence model: a logistic regression over the top
answer's margin and evidence, with the threshold that kept cross-validated precision ≥ the training's
aim (0.985, for the 0.95 the chat promises).  Scoring is a plain-Python dot product (a few dozen
features: numpy would cost more than it saves).
"""

from __future__ import annotations

import functools
import json
import math
import operator
from dataclasses import dataclass, field
from pathlib import Path

from bot.search.missing import ABSENT_FEATURES, AbsentModel

WEIGHTS_PATH = Path(__file__).with_name("ranker.json")
# Until a model is trained: a missing law's phrase clearly closer than the corpus's, and no sure answer.
_DEFAULT_ABSENT = AbsentModel({"lead": 10.0, "unanswered": 3.0, "absent": 4.0}, -5.0)

FEATURES = (
    "bm25",              # the row's BM25 over all columns, over the best candidate's
    "law_best",          # the best BM25 of the row's law, over the best candidate's
    "law_pool",          # the next three rows of the law (several clauses agreeing), over the best
    "title_share",       # share of the question's word weight in the row's titles
    "body_share",        # … in the row's own text
    "situation_share",   # … in the row's situation phrases
    "situation_phrase",  # how much of the row's closest situation phrase the question holds (bigrams)
    "bigram_share",      # share of the question's character pairs found in the row
    "char_share",        # share of the question's content characters found in the row
    "own_title",         # share of the question's words in the clause's own title
    "glossary_share",    # share of the glossary bridges that the row holds
    "actor_agree",       # the question's actor is the one whose act the row governs
    "actor_involved",    # … is another side the row names (declarer's options over a defender's penalty card)
    "actor_conflict",    # the question names an actor; the row governs only others
    "depth",             # 0 for a law's intro, 1 款, 2 项, 3 sub-item (over 3)
    "length",            # log length of the row's text (BM25 favours short rows)
    "law_row",           # the row is a law's intro, not a clause
    "definition",        # the row is a definition
    "definition_told",   # … and the question tells a situation (many words), not a word to define
    "term_named",        # … whose term the question names (by any of its names)
    "term_named_short",  # … and the question is short (few words besides)
    "terms_named_other", # … and the question names another defined term too
    "term_meaning",      # … named in a clause that asks what a word means (意思, 指的是, "what is")
    "situation_pool",    # cosine of the question to the row's clause's situation phrases pooled
    "sibling_lead",      # … less the closest sibling clause's (under the same heading)
    "sibling_phrase_lead",  # the row's closest situation phrase less its closest sibling's
    "law_situation",     # the best situation_pool among the law's rows found
    "law_phrase",        # the best situation_phrase among the law's rows found
)
CONFIDENCE_FEATURES = (
    "top",               # the best law's score
    "margin",            # its lead over the second law
    "coverage",          # share of the question's word weight the best row holds
    "situation_phrase",  # the best row's situation phrase match
    "bm25",              # log(1 + raw BM25 of the best row)
    "english",           # the question is in English
    "absent_lead",       # how much more the question resembles a missing law's phrase than the corpus's
    "definition",        # the best row is a definition (no frame asked for it: the ranker found it)
    "share",             # the best law's softmax share of the laws found
    "prior",             # log p(best law) by the law classifier's reading of the whole message
    "prior_margin",      # … less the next ranked law's
)
# Until a model is trained: the old hand-set balance of BM25 and the law's pooled rows.
_DEFAULT = {"weights": {"bm25": 1.0, "law_best": 1.0, "law_pool": 0.2, "char_share": 0.3, "own_title": 0.2,
                        "situation_phrase": 0.3, "actor_agree": 0.2, "actor_conflict": -0.2},
            "confidence": {"weights": {"margin": 4.0, "coverage": 3.0, "bm25": 1.0}, "bias": -5.0, "threshold": 0.5}}


@dataclass(frozen=True)
class RankerModel:
    """Row weights and the confidence model (logistic weights, bias and threshold)."""

    weights: dict[str, float]
    confidence_weights: dict[str, float] = field(default_factory=dict)
    confidence_bias: float = 0.0
    threshold: float = 0.5
    # below ``threshold``, the probability at which the best clause is still quoted as the likely one
    # (calibrated on real players' questions by ``bridgebot calibrate-likely``; 1.0: never)
    likely: float = 1.0
    # missing-law detection (see bot.search.missing.AbsentModel)
    absent: AbsentModel = _DEFAULT_ABSENT

    def score(self, features: dict[str, float]) -> float:
        """The row's score: the dot product of its features with the weights."""
        total = 0.0
        for name, w in self.weights.items():
            total += w * features[name]
        return total

    def score_values(self, values: list[float]) -> float:
        """:meth:`score` of a row's features given as a list in :data:`FEATURES` order (the same
        float: the same products added in the same order)."""
        positions, weights = self._positions
        # (sum adds from 0.0 left to right, as a loop would: the same float, a third of the time)
        if positions is None:
            return sum(map(operator.mul, weights, values), 0.0)
        return sum(map(operator.mul, weights, map(values.__getitem__, positions)), 0.0)

    @functools.cached_property
    def _positions(self) -> tuple[tuple[int, ...] | None, tuple[float, ...]]:
        """The weights' features' places in :data:`FEATURES` (None when they are every feature, in that
        order, as a trained model's are: the values need no picking), and the weights, in the order of the weights."""
        positions = tuple(FEATURES.index(name) for name in self.weights)
        return (None if positions == tuple(range(len(FEATURES))) else positions, tuple(self.weights.values()))

    def probability(self, features: dict[str, float]) -> float:
        """The estimated chance that the best answer's law is right."""
        z = self.confidence_bias + sum(w * features.get(n, 0.0) for n, w in self.confidence_weights.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def confident(self, features: dict[str, float]) -> bool:
        """True when :meth:`probability` reaches the calibrated threshold."""
        return self.probability(features) >= self.threshold

    def to_json(self) -> dict:
        """The model as the JSON document of ``ranker.json``."""
        return {"features": list(FEATURES), "weights": {k: round(v, 5) for k, v in self.weights.items()},
                "confidence": {"features": list(CONFIDENCE_FEATURES),
                               "weights": {k: round(v, 5) for k, v in self.confidence_weights.items()},
                               "bias": round(self.confidence_bias, 5), "threshold": round(self.threshold, 4),
                               "likely": round(self.likely, 4)},
                "absent": {"features": list(ABSENT_FEATURES),
                           "weights": {k: round(v, 5) for k, v in self.absent.weights.items()},
                           "bias": round(self.absent.bias, 5), "threshold": round(self.absent.threshold, 4),
                           "tie": self.absent.tie, "max_laws": self.absent.max_laws,
                           "named_floor": self.absent.named_floor}}


def model_from_json(data: dict) -> RankerModel:
    """A :class:`RankerModel` from the JSON form (see :meth:`RankerModel.to_json`)."""
    confidence = data.get("confidence", {})
    absent = data.get("absent", {})
    return RankerModel({k: float(v) for k, v in data["weights"].items() if k in FEATURES},
                       {k: float(v) for k, v in confidence.get("weights", {}).items() if k in CONFIDENCE_FEATURES},
                       float(confidence.get("bias", 0.0)), float(confidence.get("threshold", 0.5)),
                       float(confidence.get("likely", 1.0)),
                       AbsentModel({k: float(v) for k, v in absent["weights"].items() if k in ABSENT_FEATURES},
                                   float(absent["bias"]), float(absent.get("threshold", 0.5)),
                                   float(absent.get("tie", 0.1)), int(absent.get("max_laws", 3)),
                                   float(absent.get("named_floor", 0.0)))
                       if absent.get("weights") else _DEFAULT_ABSENT)


@functools.lru_cache(maxsize=2)
def load_model(path: Path = WEIGHTS_PATH) -> RankerModel:
    """The committed model (cached), or the hand-set default when no model has been trained."""
    if not path.exists():
        return model_from_json(_DEFAULT)
    return model_from_json(json.loads(path.read_text(encoding="utf-8")))
