"""Names of situations and missing laws found whole in a question: a short phrase that names a situation
(不足叫, insufficient bid) rather than tells it, looked for as written (Chinese) or as its word stems (English),
and not where the question says it did not happen (「他没有越序引牌」)."""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable

from bot.search.lookback import ends_before
from bot.search.phrases import _EN_WORD, _HAN_RUN, stem


def is_name(text: str) -> bool:
    """A short phrase that names a situation (不足叫, 越序首引, insufficient bid) rather than tells it."""
    han = "".join(_HAN_RUN.findall(text))
    if han:
        return len(han) <= 5 and len(han) == len(re.sub(r"[\s\d]", "", text))
    return 0 < len(_EN_WORD.findall(text)) <= 4


# (2 characters at most: see bot.search.lookback)
_NEGATED = re.compile(r"(?:没有|没|未|别|不是|并非)$")
_SPACES = re.compile(r"\s+")


def name_form(name: str) -> str:
    """How a name is looked for: a Chinese name as written, an English one as its word stems
    between spaces (「 insufficient bid 」)."""
    if _HAN_RUN.search(name):
        return name
    return f" {' '.join(stem(w) for w in _EN_WORD.findall(name))} "


def names_in(text: str, extra: Iterable[str], names: list[tuple[int, Hashable, str]],
             skip: set[int] | None = None, ignored_in: str = "") -> set[Hashable]:
    """The keys of the ``names`` (position, key, :func:`name_form`) found whole in ``text`` or in
    one of the ``extra`` words: a Chinese name as written and not right after a negation
    (「没有越序」), an English one as a run of word stems (「revoked」 meets 「revoke」).  A Chinese
    name that ``ignored_in`` holds is not looked for."""
    compact = _SPACES.sub("", text)
    words = set(extra)
    stems = " " + " ".join(map(stem, _EN_WORD.findall(text))) + " " if text.isascii() or _EN_WORD.search(text) else ""
    found = set()
    for i, key, name in names:
        if key in found or (skip and i in skip):
            continue
        if name[0] == " ":
            if name in stems:
                found.add(key)
        elif name in compact:
            at = compact.find(name)
            if (name[0] in "没未不无" or not ends_before(_NEGATED, compact, at, 2)) and name not in ignored_in:
                found.add(key)
        elif name in words and name not in ignored_in:
            found.add(key)
    return found


def negated_names(text: str, names: list[tuple[int, Hashable, str]]) -> set[Hashable]:
    """The keys of the Chinese ``names`` that ``text`` holds only right after a negation (「他没有越序引牌」): the
    question says that did not happen."""
    compact = _SPACES.sub("", text)
    negated = set()
    for _, key, name in names:
        if name[0] == " " or name[0] in "没未不无" or name not in compact:
            continue
        starts = [m.start() for m in re.finditer(re.escape(name), compact)]
        if all(ends_before(_NEGATED, compact, at, 2) for at in starts):
            negated.add(key)
    return negated
