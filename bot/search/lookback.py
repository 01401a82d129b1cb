"""Whether a pattern matches right before a place in a text, looking back only as far as it can reach.

``pattern.search(text, 0, end)`` with a pattern anchored at its end (``…$``: 「没有」 before a word,
"can the" before a seat) tries every start from the text's beginning: a long told story pays for each
word it checks.  A pattern that holds at most ``reach`` characters other than white space can only
start in the stretch just before ``end`` that holds that many; only that stretch is searched.
"""

from __future__ import annotations

import re


def ends_before(pattern: re.Pattern, text: str, end: int, reach: int) -> bool:
    """Whether ``pattern.search(text, 0, end)`` finds a match, for a ``pattern`` that must end at ``end``
    and holds at most ``reach`` characters other than white space (its longest literal alternatives)."""
    start = end - 3 * reach - 3
    # (the stretch must hold more than ``reach`` such characters, or the match may start before it;
    # a search from ``start`` still reads the character before it for ``\b``)
    if start > 0 and len("".join(text[start:end].split())) > reach:
        return pattern.search(text, start, end) is not None
    return pattern.search(text, 0, end) is not None
