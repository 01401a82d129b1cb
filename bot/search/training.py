"""Train the ranking model (``bridgebot train-ranker``): listwise logistic regression, k-fold cross-validated.

For every question of the training sets that the ranker decides (not a law reference, not a
definition question, which are answered before ranking), the candidate rows and their features
come from the real search (:meth:`bot.search.Searcher.candidates`).  The model learns to give
a right law's rows the largest softmax share of each question's candidates, and the right clause
the largest of its law's rows — the answer is the top row, so a wrong row first is what costs —
with a slight L2 penalty (:data:`RANKER_L2`; the pairwise fit before it, under 0.01, held the weights so
small that cross-validated law R@1 was 0.913 against 0.946 now).  Each fold's model is measured by the real
pipeline (:func:`bot.search.evaluation.evaluate`) on the questions it never saw, and those
out-of-fold rankings — with the missing laws' own phrases asked as questions, a quarter of the
weight, whose every answer is wrong — train the confidence model, whose threshold is the lowest at
which cross-validated precision stays ≥ :data:`TARGET_PRECISION`.  The missing-law detector is a
logistic model checked leave-one-phrase-out: every missing law's phrase, taken out of the index,
should be recognised by the others; the sets' questions (all about laws the corpus holds) and the
corpus's own phrases should not be (false alarms ≤ :data:`MAX_FALSE_ALARMS`).  Scoring at run time
is a dot product in plain Python.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from bot.rulebook.model import is_descendant
from bot.search import missing
from bot.search.actors import question_actor
from bot.search.evaluation import clause_of, evaluate, is_right
from bot.search.names import is_name
from bot.search.query import understand
from bot.search.ranker import CONFIDENCE_FEATURES, FEATURES, RankerModel
from bot.search.rank import confidence_features, group_by_law, score_rows
from bot.search.searcher import Searcher

TARGET_PRECISION = 0.985
L2 = 0.01   # the confidence model's and the missing-law detector's
RANKER_L2 = 0.0001
STEPS = 600
LEARNING_RATE = 0.05
CLAUSE_WEIGHT = 1.0
# Features that tell how much of the question a row holds or resembles: more of it never lowers a row
# (the fit keeps their weights ≥ 0; left free, correlated ones such as the glossary's share went
# below 0 for no gain: cross-validated law R@1 0.946 free, 0.947 held).
EVIDENCE = ("bm25", "law_best", "title_share", "body_share", "situation_share", "situation_phrase", "bigram_share",
            "char_share", "glossary_share", "own_title", "situation_pool", "law_situation", "law_phrase", "term_named",
            "term_meaning", "actor_agree")


@dataclass
class Example:
    """One training question: its candidate rows' features and which rows are right."""

    row: dict
    X: np.ndarray
    law_ok: np.ndarray      # the row's law is right
    clause_ok: np.ndarray   # the row is the right clause (or under it)
    cands: list = field(default_factory=list)
    query: object = None


def examples(searcher: Searcher, rows: list[dict], definitions: bool = False) -> list[Example]:
    """The questions the ranker decides, with their candidates' features (weights not needed).

    ``definitions``: also the questions a definition frame answers before ranking — to fit the
    ranker, so that a definition question no frame catches still finds its term's row first."""
    out = []
    for row in rows:
        if row.get("in_corpus") is False:
            continue
        q = understand(row["q"], searcher.segmenter, searcher.lexicon)
        if q.reference or q.mentioned or (not definitions and searcher.answered_before_ranking(q)):
            continue
        cands = searcher.candidates(q, question_actor(q.normalized))
        if not cands:
            continue
        X = np.array([c.values for c in cands])
        law_ok = np.array([is_right(c.doc, row) for c in cands])
        gold = row.get("clause")
        clause_ok = np.array([bool(gold) and c.doc.law in row["laws"] and _quotes(c.doc, gold) for c in cands])
        out.append(Example(row, X, law_ok, clause_ok, cands, q))
    return out


def _quotes(doc, gold: str) -> bool:
    """The row quotes the gold clause or one under it (a law row quotes the law: 77 has no clauses)."""
    clause = clause_of(doc)
    try:
        return clause == gold or is_descendant(clause, gold)
    except ValueError:
        return False


def _groups(examples_: list[Example]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The lists the model learns to put a right row first in, as one stack of rows: every question's
    candidates (right: its right law's rows) and, when it names a clause, its right law's rows (right: that
    clause).  Returns the rows' features, whether each is right, each list's first row, each list's weight."""
    parts, right, starts, weights, at = [], [], [], [], 0
    for ex in examples_:
        lists = [(ex.X, ex.law_ok, 1.0)]
        if ex.clause_ok.any() and (ex.law_ok & ~ex.clause_ok).any():
            lists.append((ex.X[ex.law_ok], ex.clause_ok[ex.law_ok], CLAUSE_WEIGHT))
        for X, ok, weight in lists:
            if ok.any() and not ok.all():
                parts.append(X)
                right.append(ok)
                starts.append(at)
                weights.append(weight)
                at += len(X)
    if not parts:
        return np.zeros((0, len(FEATURES))), np.zeros(0, bool), np.zeros(0, np.int64), np.zeros(0)
    return np.vstack(parts), np.concatenate(right), np.array(starts), np.array(weights)


def fit_ranker(examples_: list[Example]) -> dict[str, float]:
    """Listwise logistic regression: the mean weighted −log of the softmax share of a list's right rows
    (Adam, L2 penalty) — the loss of putting a wrong row first, as the answer does."""
    X, right, starts, list_weight = _groups(examples_)
    w = np.zeros(X.shape[1])
    w[FEATURES.index("bm25")] = 1.0
    if not len(starts):
        return {f: float(x) for f, x in zip(FEATURES, w)}
    of_list = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(X))))
    row_weight = list_weight[of_list] / list_weight.sum()
    m, v = np.zeros_like(w), np.zeros_like(w)
    evidence = [FEATURES.index(f) for f in EVIDENCE]
    for step in range(1, STEPS + 1):
        z = X @ w
        e = np.exp(z - np.maximum.reduceat(z, starts)[of_list])
        share = e / np.add.reduceat(e, starts)[of_list]
        right_share = np.where(right, e, 0.0) / np.add.reduceat(np.where(right, e, 0.0), starts)[of_list]
        g = ((share - right_share) * row_weight) @ X + 2 * RANKER_L2 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= LEARNING_RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        w[evidence] = np.maximum(w[evidence], 0.0)
    return {f: float(x) for f, x in zip(FEATURES, w)}


def fit_logistic(X: np.ndarray, y: np.ndarray, weights: np.ndarray | None = None) -> tuple[np.ndarray, float]:
    """Plain logistic regression (gradient descent, L2, optional sample ``weights``) → (weights, bias)."""
    mean, std = X.mean(0), X.std(0) + 1e-9
    Z = (X - mean) / std
    sw = np.ones(len(y)) if weights is None else weights
    sw = sw / sw.sum()
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(3000):
        p = 1.0 / (1.0 + np.exp(-(Z @ w + b)))
        w -= 0.1 * (Z.T @ ((p - y) * sw) + L2 * w)
        b -= 0.1 * float(((p - y) * sw).sum())
    # back to unscaled features, so run time needs no scaler
    return w / std, b - float((w * mean / std).sum())


def _top_right(ex: Example, weights: dict[str, float], searcher: Searcher) -> tuple[bool, dict]:
    score_rows(ex.cands, RankerModel(weights), searcher.ranker.classifier, searcher.ranker.law_prior(ex.query))
    ranked = group_by_law(ex.cands)
    return bool(is_right(ranked[0].best.doc, ex.row)), confidence_features(ex.query, ranked, searcher.resemblance(ex.query))


def threshold_for(probabilities: list[float], right: list[bool], weights: list[float] | None = None,
                  target: float = TARGET_PRECISION) -> float:
    """The lowest threshold at which the (weighted) answers at or above it are right at least
    ``target`` of the time."""
    weights = weights or [1.0] * len(right)
    order = sorted(zip(probabilities, right, weights), key=lambda t: t[0], reverse=True)
    best, hits, total = 1.0, 0.0, 0.0
    for p, ok, w in order:
        hits += w * ok
        total += w
        if hits / total >= target:
            best = p
    return best


# The share of questions about missing laws the confidence model expects (a quarter: the fresh
# set of the issue holds 40 of 150); their phrases, asked as questions, are its wrong answers.
ABSENT_SHARE = 0.25


def _absent_confidence_examples(searcher: Searcher, weights_by_fold: list[dict], k: int) -> tuple[list, list]:
    """Confidence features of every missing law's phrase asked as a question (that phrase taken
    out of the phrase index), ranked by a fold's model; any answer to them is wrong."""
    index = searcher.phrases
    raw = [text for (text,) in searcher.db.execute("SELECT text FROM phrases")]
    X, fold = [], []
    titles = {t for law in searcher.absent_laws.values() for t in (law.title, law.title_en)}
    for i, key in enumerate(index.keys):
        # Situations told, not names: a bare title would teach that every short question is unsure.
        if key[0] != "absent" or is_name(raw[i]) or raw[i] in titles:
            continue
        q = understand(raw[i], searcher.segmenter, searcher.lexicon)
        if searcher.answered_before_ranking(q):
            continue
        q.resemblance = index.best_by_key(q.normalized, q.expansions + q.corrections, skip={i})
        cands = searcher.candidates(q, question_actor(q.normalized))
        if not cands:
            continue
        score_rows(cands, RankerModel(weights_by_fold[i % k]), searcher.ranker.classifier, searcher.ranker.law_prior(q))
        feats = confidence_features(q, group_by_law(cands), q.resemblance)
        X.append([feats[n] for n in CONFIDENCE_FEATURES])
        fold.append(i % k)
    return X, fold


def _absent_question_features(searcher: Searcher, row: dict, weights: dict) -> dict | None:
    """Confidence features of a set's question about a missing law (any answer to it is wrong),
    ranked by ``weights``; None for an in-corpus question or one answered before ranking."""
    if row.get("in_corpus") is not False:
        return None
    q = understand(row["q"], searcher.segmenter, searcher.lexicon)
    if searcher.answered_before_ranking(q):
        return None
    cands = searcher.candidates(q, question_actor(q.normalized))
    if not cands:
        return None
    score_rows(cands, RankerModel(weights), searcher.ranker.classifier, searcher.ranker.law_prior(q))
    return confidence_features(q, group_by_law(cands), searcher.resemblance(q))


@dataclass
class TrainingReport:
    """What ``train-ranker`` prints: per-fold figures, the cross-validated totals, the model."""

    folds: list[dict]
    totals: dict
    model: RankerModel
    absent: dict


def train(searcher_factory: Callable[[RankerModel | None], Searcher], rows: list[dict], k: int = 5,
          seed: int = 7, log: Callable[[str], None] = print) -> TrainingReport:
    """Cross-validate and train on ``rows``; ``searcher_factory(model)`` opens a searcher with a model."""
    base = searcher_factory(None)
    order = list(range(len(rows)))
    random.Random(seed).shuffle(order)
    folds = [[rows[i] for i in order[f::k]] for f in range(k)]
    fold_reports, conf_X, conf_y, conf_fold, fold_weights = [], [], [], [], []
    for f in range(k):
        train_rows = [r for g, fold in enumerate(folds) if g != f for r in fold]
        weights = fit_ranker(examples(base, train_rows, definitions=True))
        searcher = searcher_factory(RankerModel(weights))
        report = evaluate(searcher.ask, folds[f], repeats=0)
        fold_reports.append({"fold": f + 1, "n": report.n, "law_recall_at_1": report.law_recall_at_1,
                             "law_recall_at_3": report.law_recall_at_3,
                             "clause_recall_at_1": report.clause_recall_at_1})
        clause = "n/a" if report.clause_recall_at_1 is None else f"{report.clause_recall_at_1:.3f}"
        log(f"fold {f + 1}: n={report.n:3d}  law R@1 {report.law_recall_at_1:.3f}  R@3 {report.law_recall_at_3:.3f}"
            f"  clause R@1 {clause}")
        fold_weights.append(weights)
        for ex in examples(base, folds[f]):
            ok, feats = _top_right(ex, weights, base)
            conf_X.append([feats[n] for n in CONFIDENCE_FEATURES])
            conf_y.append(ok)
            conf_fold.append(f)
    n_in = len(conf_y)
    absent_X, absent_fold = _absent_confidence_examples(base, fold_weights, k)
    # The sets' own questions about missing laws, ranked by the model of the fold that never saw them.
    for f in range(k):
        for row in folds[f]:
            feats = _absent_question_features(base, row, fold_weights[f])
            if feats is not None:
                absent_X.append([feats[n] for n in CONFIDENCE_FEATURES])
                absent_fold.append(f)
    X = np.array(conf_X + absent_X)
    y = np.array(conf_y + [False] * len(absent_X), dtype=float)
    fold_of = np.array(conf_fold + absent_fold)
    sample = np.array([1.0] * n_in + [ABSENT_SHARE / (1 - ABSENT_SHARE) * n_in / max(1, len(absent_X))] * len(absent_X))
    # The confidence model, cross-validated over the same folds on out-of-fold rankings.
    oof = np.zeros(len(y))
    for f in range(k):
        w, b = fit_logistic(X[fold_of != f], y[fold_of != f], sample[fold_of != f])
        oof[fold_of == f] = 1.0 / (1.0 + np.exp(-(X[fold_of == f] @ w + b)))
    threshold = threshold_for(list(oof), list(y.astype(bool)), list(sample))
    chosen = oof >= threshold
    w, b = fit_logistic(X, y, sample)
    weights = fit_ranker(examples(base, rows, definitions=True))
    n = sum(r["n"] for r in fold_reports)
    totals = {key: round(sum(r[key] * r["n"] for r in fold_reports) / n, 4)
              for key in ("law_recall_at_1", "law_recall_at_3")}
    clause_rows = [r for r in fold_reports if r["clause_recall_at_1"] is not None]
    totals["clause_recall_at_1"] = (round(sum(r["clause_recall_at_1"] for r in clause_rows) / len(clause_rows), 4)
                                    if clause_rows else None)
    inside = np.arange(len(y)) < n_in
    totals["ranked_questions"] = n_in
    totals["confident_share"] = round(float(chosen[inside].mean()), 4)
    totals["confident_precision"] = round(float(y[chosen & inside].mean()), 4) if (chosen & inside).any() else None
    totals["confident_on_absent"] = round(float(chosen[~inside].mean()), 4) if (~inside).any() else None
    mixed = float((sample * y)[chosen].sum() / sample[chosen].sum()) if chosen.any() else None
    # the share of ranked answers confident at other precision aims (how steep the trade is)
    totals["share_at"] = {aim: round(float((oof[inside] >= threshold_for(list(oof), list(y.astype(bool)), list(sample), aim)).mean()), 4)
                          for aim in (0.97, 0.98, 0.99)}
    totals["confident_precision_mixed"] = round(mixed, 4) if mixed is not None else None
    model = RankerModel(weights, dict(zip(CONFIDENCE_FEATURES, map(float, w))), float(b), float(threshold))
    # the sets' questions ranked by the fold's model that never saw them, as the confidence model was fitted
    fold_of = {id(row): f for f, fold in enumerate(folds) for row in fold}

    def row_model(j: int) -> RankerModel:
        return RankerModel(fold_weights[fold_of[id(rows[j])]], model.confidence_weights, model.confidence_bias,
                           model.threshold)

    detector, absent = tune_absent(searcher_factory(model), rows, row_model=row_model)
    model = RankerModel(model.weights, model.confidence_weights, model.confidence_bias, model.threshold, absent=detector)
    return TrainingReport(fold_reports, totals, model, absent)


# (0.04 before the retold real questions joined the negatives: their long stories raise the alarms' floor; at 0.055
# real_dev's false alarms are 0.054, mix_dev's 0.031, and the missing laws' recall stays where it was at 0.04 without them)
MAX_FALSE_ALARMS = 0.055
# The floors tried under a missing law the question names (AbsentModel.named_floor).
NAMED_FLOORS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)


def absent_examples(searcher: Searcher, rows: list[dict],
                    row_model: Callable[[int], RankerModel] | None = None) -> tuple[np.ndarray, np.ndarray, list, int, list]:
    """Features (:data:`bot.search.missing.ABSENT_FEATURES`) for the detector: each missing law's
    phrase with that phrase taken out of the index (positive), and, as negatives, every question
    of the sets about laws the corpus holds and every situation phrase of the corpus, each
    taken out of the index (the sets' questions about missing laws are positives).  Also, per example, the missing laws by
    resemblance, its own, those it names and those of them it calls by their title; and
    where the questions start, and each example's group (its law, or the question) for the folds.  Questions answered before ranking (references, definitions) are left out.
    ``row_model(j)``: the model that ranks question ``j`` — one whose ranker never saw it, so that its answers
    are as sure as an unseen question's (the model fitted on every question answers them in-sample)."""
    index = searcher.phrases
    raw = [text for (text,) in searcher.db.execute("SELECT text FROM phrases")]
    X, y, named, groups = [], [], [], []

    def add(text: str, skip: set[int] | None, label: int, law: int | None = None, group: object = None) -> None:
        q = understand(text, searcher.segmenter, searcher.lexicon)
        if searcher.answered_before_ranking(q):
            return  # answered before ranking: never a missing-law note
        best = index.best_by_key(q.normalized, q.expansions + q.corrections, skip=skip)
        ranked = searcher.rank(q, question_actor(q.normalized))
        answered = searcher.model.probability(confidence_features(q, ranked, best)) if ranked else 0.0
        names = searcher.absent_named(q, ranked[0].best.doc.title + ranked[0].best.doc.text if ranked else "", skip)
        hinted = searcher.absent_hinted(q, skip)
        conflict = missing.phase_conflict(q.normalized, ranked[0].best.doc.law if ranked else None)
        features, by_sim = missing.absent_features(best, answered, ranked[0].best.bm25 if ranked else 0.0,
                                                   searcher.pooled(q, skip), hinted, conflict,
                                                   searcher.words_pooled(q, skip))
        X.append([features[f] for f in missing.ABSENT_FEATURES])
        y.append(label)
        named.append((by_sim, law, names, searcher.absent_titled(q, names)))
        groups.append(group)

    for i, key in enumerate(index.keys):
        if key[0] == "absent":
            add(raw[i], {i}, 1, key[1], missing.pool_key(key))
        elif key[0] in ("clause", "term") and len(raw[i]) > 6:
            add(raw[i], {i}, 0, group=missing.pool_key(key))
    n_phrases = len(y)
    fitted = searcher.model
    for j, row in enumerate(rows):
        searcher.model = row_model(j) if row_model else fitted
        if row.get("in_corpus") is False:
            add(row["q"], None, 1, row["laws"][0], ("question", j))
        elif not set(row["laws"]) & set(searcher.absent_laws):
            # (a question that lists a missing law among its answers is neither: an alarm there is no mistake)
            add(row["q"], None, 0, group=("question", j))
    searcher.model = fitted
    return np.array(X), np.array(y, dtype=float), named, n_phrases, groups


def _alarm_threshold(scores: np.ndarray, named: np.ndarray) -> float:
    """The lowest threshold at which at most :data:`MAX_FALSE_ALARMS` of the (negative) examples
    are reported — by the model (``scores`` at or above it) or by a name (``named``)."""
    for t in sorted(set(scores.tolist()) | {1.0}):
        if float(((scores >= t) | named).mean()) <= MAX_FALSE_ALARMS:
            return t
    return 1.0 + 1e-6


def tune_absent(searcher: Searcher, rows: list[dict], k: int = 5, seed: int = 7,
                tie: float = 0.1, max_laws: int = 3,
                row_model: Callable[[int], RankerModel] | None = None) -> tuple[missing.AbsentModel, dict]:
    """Fit the missing-law detector; its threshold is the lowest whose cross-validated false
    alarms stay ≤ :data:`MAX_FALSE_ALARMS` (on the questions and on the corpus's phrases), and the
    floor under a law the question names (:data:`NAMED_FLOORS`) the one that recognises most phrases.
    ``row_model``: as :func:`absent_examples`."""
    X, y, named, n_phrases, groups = absent_examples(searcher, rows, row_model)
    # Folds by group: a missing law's phrases (and a corpus law's) are held out together, so the
    # detector is measured on laws it was not fitted on.
    folds = np.array([random.Random(f"{seed}:{g}").randrange(k) for g in groups])
    told = np.zeros(len(y))
    for f in range(k):
        w, b = fit_logistic(X[folds != f], y[folds != f])
        told[folds == f] = 1.0 / (1.0 + np.exp(-(X[folds == f] @ w + b)))
    # As AbsentModel.decide: only a law whose phrase resembles the question about as closely as the corpus.
    oof = np.where([missing.resembles(dict(zip(missing.ABSENT_FEATURES, x))) for x in X], told, 0.0)
    phrase_negatives = np.arange(len(y)) < n_phrases
    phrase_negatives &= y == 0
    question_negatives = (np.arange(len(y)) >= n_phrases) & (y == 0)
    pos = np.where((y == 1) & (np.arange(len(y)) < n_phrases))[0]
    retold = np.array([missing.is_retelling(dict(zip(missing.ABSENT_FEATURES, x))) for x in X])

    def reported_by_name(floor: float) -> np.ndarray:
        # as AbsentModel.decide: a law the question names by its title, or by a name when the detector gives
        # it at least ``floor``
        return np.array([bool(n[2]) for n in named]) & ((told >= floor) | np.array([bool(n[3]) for n in named]))

    def alarm_threshold(floor: float) -> float:
        # the higher of the two: false alarms stay low on the corpus's phrases and on the questions
        was_named = reported_by_name(floor)
        return max(_alarm_threshold(oof[phrase_negatives], was_named[phrase_negatives]),
                   _alarm_threshold(oof[question_negatives], was_named[question_negatives]))

    # The floor under a named law: names said as background raise false alarms, and every one of those the
    # floor spares lets the threshold come down; the floor that recognises most phrases left out.
    def recognised(floor: float) -> float:
        return float(((oof >= alarm_threshold(floor)) | reported_by_name(floor) | retold)[pos].mean())

    named_floor = max(NAMED_FLOORS, key=lambda floor: (round(recognised(floor), 6), -floor))
    threshold = alarm_threshold(named_floor)
    was_named = reported_by_name(named_floor)
    w, b = fit_logistic(X, y)
    model = missing.AbsentModel(dict(zip(missing.ABSENT_FEATURES, map(float, w))), float(b),
                                threshold, tie, max_laws, named_floor)

    def names_own(i: int) -> bool:
        # as AbsentModel.decide: the laws named (or hinted at), then the closest within ``tie``
        by_sim, law, names, _ = named[i]
        names = names if was_named[i] else set()
        top = by_sim[0][0] if by_sim else 0.0
        near = [l for sim, l in by_sim[:max_laws] if sim >= top - tie]
        return law in list(dict.fromkeys(sorted(names) + near))[:max_laws]

    asked = np.where((y == 1) & (np.arange(len(y)) >= n_phrases))[0]
    # Reported: the question names a missing law (the detector not against it), or the model says so.
    flagged = (oof >= threshold) | was_named | retold
    # A ranked answer stays confident unless its missing law is reported (as Searcher.ask).
    answered = 1.0 - X[:, missing.ABSENT_FEATURES.index("unanswered")]
    confident = (answered >= searcher.model.threshold) & ~flagged
    figures = {"phrases": int(len(pos)), "confident": round(float(confident[pos].mean()), 4), "detected": round(float(flagged[pos].mean()), 4),
               "right_law": round(float(np.mean([flagged[i] and names_own(i) for i in pos])), 4),
               "named_floor": named_floor,
               "false_alarms_phrases": round(float(flagged[:n_phrases][y[:n_phrases] == 0].mean()), 4),
               "false_alarms_questions": round(float(flagged[question_negatives].mean()), 4),
               "questions": int(len(asked)),
               "detected_questions": round(float(flagged[asked].mean()), 4) if len(asked) else None,
               "right_law_questions": (round(float(np.mean([flagged[i] and names_own(i) for i in asked])), 4)
                                       if len(asked) else None)}
    return model, figures
