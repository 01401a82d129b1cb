"""The likely threshold: below the confident threshold, the probability from which the best clause is
still quoted — as the likely one (「最可能相关：」), not as the answer.

Calibrated on questions as real players tell them (``bench/sets/real_dev.jsonl``), not on the sets the
model was fitted on: those are shorter and plainer, and the model is surer of them than it should be of
a told story.  ``bridgebot calibrate-likely`` writes the threshold into ``bot/search/ranker.json``.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.search.evaluation import is_right

LIKELY_AIM = 0.85      # a likely quote is right at least this often
MIN_QUOTES = 10        # fewer quotes than this above a threshold say nothing about its precision
NEVER = 1.0


def quote_candidates(ask: Callable, rows: list[dict]) -> list[tuple[float, bool]]:
    """(probability, right) of every answer that could be quoted as likely: a ranked answer, not confident,
    with no missing law reported and no question back — right when its best hit is, and never for a question
    about a law the corpus lacks."""
    pairs = []
    for row in rows:
        result = ask(row["q"])
        if (result.confident or result.absent or result.ambiguous is not None or not result.hits
                or result.probability is None or not any(len(w) > 1 for w in result.hits[0].matched)):
            continue
        right = row.get("in_corpus", True) is not False and is_right(result.hits[0], row)
        pairs.append((result.probability, right))
    return pairs


def likely_threshold(pairs: list[tuple[float, bool]], aim: float = LIKELY_AIM, at_least: int = MIN_QUOTES) -> float:
    """The lowest probability ``t`` such that the candidates at ``t`` or above are right at least ``aim`` of
    the time and are at least ``at_least``; :data:`NEVER` when no such ``t`` exists."""
    ordered = sorted(pairs, key=lambda pair: -pair[0])
    best, right = NEVER, 0
    for n, (probability, ok) in enumerate(ordered, 1):
        right += ok
        ends_a_tie = n == len(ordered) or ordered[n][0] < probability
        if ends_a_tie and n >= at_least and right / n >= aim:
            best = probability
    return best


def precision_at(pairs: list[tuple[float, bool]], threshold: float) -> tuple[int, float | None]:
    """How many candidates reach ``threshold``, and the share of them that are right."""
    chosen = [ok for probability, ok in pairs if probability >= threshold]
    return len(chosen), (round(sum(chosen) / len(chosen), 4) if chosen else None)
