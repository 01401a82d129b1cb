"""Scoring benchmark: bridgebot's Law 77 scorer and notation parser against endplay, side by side.

Run: ``.venv/bin/python bench/scoring_bench.py`` (or ``make bench``).  Both score every one of the
2 940 results (7 levels × 5 strains × 3 doublings × 2 vulnerabilities × 14 trick counts); endplay is
the independent implementation the tests compare against, so it is the natural baseline.  The
parse-and-score row also times what a chat message costs: ``parse_result`` + ``contract_score``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

STRAINS = ("C", "D", "H", "S", "NT")
REPEAT = 5


def _combinations():
    return [(level, strain, doubled, vul, tricks) for level in range(1, 8) for strain in STRAINS
            for doubled in (0, 1, 2) for vul in (False, True) for tricks in range(14)]


def _best_of(fn, combos) -> float:
    """Best wall time of REPEAT passes over every combination, in microseconds per result."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        for combo in combos:
            fn(*combo)
        best = min(best, time.perf_counter() - start)
    return best / len(combos) * 1e6


def main() -> None:
    """Print µs per result for bridgebot and endplay, the ratio, and parse-and-score."""
    from endplay.types import Contract, Denom, Penalty, Player, Vul

    from bot.scoring.notation import parse_result
    from bot.scoring.contracts import contract_score

    denom = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    penalty = {0: Penalty.passed, 1: Penalty.doubled, 2: Penalty.redoubled}

    def endplay_score(level, strain, doubled, vul, tricks):
        contract = Contract(level=level, denom=denom[strain], declarer=Player.north,
                            penalty=penalty[doubled], result=tricks - 6 - level)
        return contract.score(Vul.both if vul else Vul.none)

    combos = _combinations()
    assert all(contract_score(*c) == endplay_score(*c) for c in combos)  # same answers, then time them
    ours = _best_of(contract_score, combos)
    theirs = _best_of(endplay_score, combos)
    texts = []
    for level, strain, doubled, vul, tricks in combos:
        result = tricks - 6 - level
        texts.append(f"{level}{strain}{'x' * doubled}{'=' if result == 0 else f'{result:+d}'} {'vul' if vul else 'nv'}")

    def parse_and_score(text):
        r = parse_result(text)
        return contract_score(r.level, r.strain, r.doubled, bool(r.vulnerable), r.tricks)

    assert [parse_and_score(t) for t in texts] == [contract_score(*c) for c in combos]
    parsed = _best_of(parse_and_score, [(t,) for t in texts])
    print(f"scoring benchmark: {len(combos)} results, best of {REPEAT} passes")
    print(f"{'method':<28}{'µs/result':>10}")
    print(f"{'bridgebot contract_score':<28}{ours:>10.2f}")
    print(f"{'endplay Contract.score':<28}{theirs:>10.2f}")
    print(f"{'bridgebot parse + score':<28}{parsed:>10.2f}")
    print(f"time ratio endplay / bridgebot contract_score: {theirs / ours:.2f} (above 1: bridgebot is faster)")


if __name__ == "__main__":
    main()
