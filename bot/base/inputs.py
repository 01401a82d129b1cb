"""What people type, read the one way everywhere: numbers in ASCII digits, names without
direction controls.

``str.isdigit()`` and ``str.isdecimal()`` are true for 「²」, 「٣」 and 「①」, which ``int()``
refuses or reads as another number; every digit check goes through :func:`plain_digits` or
:func:`ascii_number` instead.
"""

from __future__ import annotations

import re
import unicodedata

from bot.base.textnorm import to_halfwidth

_ASCII_DIGITS = re.compile(r"[0-9]+")

# Bidirectional controls: embeddings and overrides (U+202A–202E), isolates (U+2066–2069), the
# marks (U+200E, U+200F, U+061C).  In a name they reverse what follows it on the screen.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# What an emoji sequence is made of and isprintable() refuses: the zero-width joiner (👨‍👩‍👧‍👦)
# and the emoji presentation selector.
EMOJI_JOINERS = frozenset("\u200d\ufe0f")


def plain_digits(text: str) -> bool:
    """True when ``text`` is one or more of the ASCII digits 0–9 and nothing else."""
    return bool(_ASCII_DIGITS.fullmatch(text))


def ascii_number(text: str, low: int, high: int, max_digits: int = 12) -> int | None:
    """The whole number ``text`` spells in ASCII digits (full-width digits count too) when it is
    between ``low`` and ``high``; None for anything else (``²``, ``٣``, ``-1``, 300 digits)."""
    text = to_halfwidth(text.strip())
    if not plain_digits(text) or len(text) > max_digits:
        return None
    number = int(text)
    return number if low <= number <= high else None


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a name: ``"bidi"`` (a direction control), ``"control"`` (another
    character that prints nothing), or None when it can."""
    if any(ch in BIDI_CONTROLS for ch in name):
        return "bidi"
    if any(not ch.isprintable() and ch not in EMOJI_JOINERS for ch in name):
        return "control"
    return None


def odd_digits(text: str) -> list[str]:
    """The characters of ``text`` that Unicode calls digits but are not 0–9 (「²」, 「①」, 「٣」), sorted."""
    return sorted({ch for ch in text if ch.isdigit() and not plain_digits(ch)})


def digits_value(text: str) -> int | None:
    """The value of what a regex's ``\\d+`` matched (any script's decimal digits, which ``int()``
    reads: 「٠」 is 0); None for anything else (「²」, which ``isdigit()`` lets through and ``int()`` refuses)."""
    if not text or any(unicodedata.decimal(ch, None) is None for ch in text):
        return None
    return int(text)
