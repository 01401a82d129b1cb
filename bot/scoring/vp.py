"""Victory Points on the WBF 2013 continuous 20-point scale (IMP margin → VPs, by match length).

The scale, as published by the WBF Scoring Panel ("The New WBF IMP to VP Scales", Bavin,
Bethe, Bramley, Buchen; in force since the 2013 Bali championships):

    τ = (√5 − 1) / 2,   B = 15 · √N  (the blitz margin for a match of N boards)
    VP_winner = 10 + 10 · (1 − τ^(3M/B)) / (1 − τ³), capped at 20;  VP_loser = 20 − VP_winner

rounded to two decimals, then corrected so that each extra IMP is worth no more than the
one before it: wherever rounding makes a step larger than the previous step, the VP of the
margin in between goes up by 0.01 (repeated until the whole scale is concave).

Checked before relying on it (search tool, 2026-11-29):
- the report's text (via nswba.com.au "A Brief Intro to the New WBF Scales", P. Buchen, and
  copies of the technical report): V0 = 10, blitz X = 15√N, two decimals, winner + loser = 20,
  "each extra IMP leads to a non-increasing fractional gain in VPs";
- marcshearer/BridgeScore "Bridge Calculations.swift": the same formula with r = τ³ and the
  0.01 concavity correction described above;
- the Danish Bridge Federation's official continuous table for 1–10 boards (quoted in a public
  test suite): this module reproduces all 10 rows exactly; plain rounding without the
  correction does not (8 boards, 40 IMPs: 19.74 published, 19.73 by rounding alone), so the
  correction is part of the scale. tests/scoring/test_vp.py checks the 8-board row.
"""

from __future__ import annotations

import functools
import math
from decimal import ROUND_HALF_UP, Decimal

TAU = (math.sqrt(5) - 1) / 2
MAX_VP = 2000  # in hundredths: 20.00 VP
DRAW_VP = 1000


def blitz_margin(boards: int) -> float:
    """The IMP margin at which the winner takes all 20 VPs: 15·√boards."""
    return 15 * math.sqrt(boards)


def _formula_hundredths(margin: int, boards: int) -> int:
    blitz = blitz_margin(boards)
    if margin >= blitz:
        return MAX_VP
    raw = 10 + 10 * (1 - TAU ** (3 * margin / blitz)) / (1 - TAU**3)
    # Decimal on the repr avoids binary artefacts such as 12.345 → 12.34.
    return int(Decimal(repr(raw)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) * 100)


@functools.lru_cache(maxsize=128)
def vp_scale(boards: int) -> tuple[int, ...]:
    """The winner's VPs in hundredths for every IMP margin 0 … ⌈blitz⌉ in a match of ``boards``.

    ``vp_scale(8)[3] == 1127`` (3 IMPs in 8 boards: 11.27 VP).  Margins beyond the end of the
    tuple are worth 20.00."""
    if not isinstance(boards, int) or boards < 1:
        raise ValueError(f"a match has at least one board, not {boards!r}")
    top = math.ceil(blitz_margin(boards))
    scale = [_formula_hundredths(m, boards) for m in range(top + 1)]
    changed = True
    while changed:
        changed = False
        for i in range(2, len(scale)):
            if scale[i] - scale[i - 1] > scale[i - 1] - scale[i - 2]:
                scale[i - 1] += 1
                changed = True
                break
    return tuple(scale)


def victory_points(imps_a: int, imps_b: int, boards: int) -> tuple[float, float]:
    """The VPs of sides A and B after a match of ``boards`` boards with these IMP totals.

    The two always add up to 20; equal IMPs give 10.00 each.
    ``victory_points(30, 21, 8) == (13.45, 6.55)``."""
    scale = vp_scale(boards)
    margin = abs(imps_a - imps_b)
    winner = scale[margin] if margin < len(scale) else MAX_VP
    loser = MAX_VP - winner
    a, b = (winner, loser) if imps_a >= imps_b else (loser, winner)
    return a / 100, b / 100
