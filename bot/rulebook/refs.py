"""Law references typed by people: ``50D2``, ``第50条D款2``, ``第五十条``, ``Law 50D2``, ``規則77`` ….

:func:`parse_reference` turns one into a :class:`Reference`, returns None for text that is
not a reference (a question), and raises :class:`ReferenceInputError` for text that is
clearly meant as a reference but cannot be one (``50Z``, ``第五十五十条``, ``law 999``).
Whether the law is in the corpus is the caller's business (``rulebook.law(n)``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.base.inputs import digits_value
from bot.base.errors import ReferenceInputError
from bot.base.textnorm import normalize_query, to_halfwidth

FIRST_LAW = 1
LAST_LAW = 93
# Long enough for any real reference plus surrounding words; longer input is rejected outright.
MAX_REFERENCE_CHARS = 2000
EXAMPLE_ZH = "第50条D款2 或 50D2"
EXAMPLE_EN = "第50条D款2 or 50D2"

_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CN_NUMERAL = re.compile(r"^(?:一百|([一二两三四五六七八九])?十([一二三四五六七八九])?|[一二两三四五六七八九])$")

# 款 letters in the Laws run A, B, C …; nothing past L exists, so a later letter is a typo.
_PREFIX = r"(?:第|laws?|rules?|l|§|规则第?|规第?|law第)?"
_NUMBER = r"(\d+|[零〇一二两三四五六七八九十百]+)"
_REFERENCE = re.compile(
    rf"^{_PREFIX}{_NUMBER}条?"
    r"(?:第?([a-l])款?)?"
    r"(?:第?(\d{1,2})项?)?"
    r"(?:\(([a-h])\)|([a-h]))?"
    r"项?$"
)
# Text that starts like a reference and continues only with reference-like characters.
_LOOKS_LIKE = re.compile(
    rf"^{_PREFIX}[\d零〇一二两三四五六七八九十百]+[条款项a-z\d()]*$"
)
# A reference inside a sentence needs an explicit marker (第…条, law, rule, 规则): a bare number in
# a question (「14张牌」, 「3NT」) is not a reference.
_EMBEDDED = re.compile(
    r"第\s*[\d零〇一二两三四五六七八九十百]+\s*条(?:\s*第?[a-l]款?)?(?:\s*第?(?:\d{1,2}|[一二三四五六七八九](?=项))项?)?(?:\s*\([a-h]\))?"
    r"|(?<![a-z])(?:laws?|rules?|规则)\s*\d+(?:\s*[a-l](?:\s*\d{1,2}(?:\s*\(?[a-h]\)?)?)?)?(?![a-z\d])"
)
_STRIP = " \t\r\n。.,，!！?？:：;；、\"'“”「」『』"
# Written-out forms after a law marker: "Law 16(B)", "law 50-D-2-a", "L50.D.2", "Law 50D(2)(a)".
# Only after a marker, so a contract result ("4H-1", "3D.2") is never read as a clause; a letter in
# brackets must be a capital (50(a) stays an error: its sub-item has no 款 letter before it).
_MARKED = re.compile(r"(?<![a-z])(?:laws?|rules?|l|§|规则)\s*\d+[\dA-Za-z().\-\s]*", re.IGNORECASE)
_SPELLED = (
    (re.compile(r"(\d)\s*\(([A-L])\)"), r"\1\2"),
    (re.compile(r"(\d)(?:\s*-\s*|\.)([A-Za-z])(?![A-Za-z])"), r"\1\2"),
    (re.compile(r"(\d[A-La-l])(?:\s*-\s*(\d{1,2})|\.(\d{1,2})|\((\d{1,2})\))"), r"\1\2\3\4"),
    (re.compile(r"(\d[A-La-l]\d{1,2})(?:\s*-\s*|\.)([a-h])(?![A-Za-z])"), r"\1\2"),
)


@dataclass(frozen=True)
class Reference:
    """A law (``clause`` None) or one clause of it (``clause`` like ``"50D2a"``)."""

    law: int
    clause: str | None = None

    @property
    def id(self) -> str:
        """The clause id, or the law number as a string for a whole law."""
        return self.clause or str(self.law)


def chinese_number(text: str) -> int | None:
    """``"五十"`` → 50, ``"七十七"`` → 77, ``"一百"`` → 100; None for anything else (``"五十五十"``)."""
    m = _CN_NUMERAL.match(text)
    if not m:
        return None
    if text == "一百":
        return 100
    if "十" not in text:
        return _CN_DIGITS[text]
    tens = _CN_DIGITS[m.group(1)] if m.group(1) else 1
    units = _CN_DIGITS[m.group(2)] if m.group(2) else 0
    return tens * 10 + units


def reference_text(text: str, normalized: str | None = None) -> str:
    """``text`` as references are read in it: half-width, written-out parts joined (:func:`_joined`),
    normalised.  :func:`parse_reference` and :func:`find_reference` take it made once.
    ``normalized``: ``normalize_query(text)`` when the caller has it (it is the answer when joining
    leaves the text as it is: normalize_query makes the same half-width forms, and OpenCC's t2s
    dictionaries hold no ASCII or full-width forms for them to change)."""
    halfwidth = to_halfwidth(text)
    joined = _joined(halfwidth)
    if normalized is not None and joined == halfwidth:
        return normalized
    return normalize_query(joined)


_SPACE = re.compile(r"\s+")
# A director's dotted form without a marker, the whole text: "16.A.2", "§16.a.2", "50.D.2.a" (a letter
# after the number, so a decimal or a contract is never one).
_DOTTED = re.compile(r"^(§|laws?|l)?(\d{1,2})\.([a-l])(?:\.(\d{1,2}))?(?:\.([a-h]))?$")
# "Law 75 example(s)", 「第75条例子」: a law asked for with its worked examples.
_EXAMPLE = re.compile(r"(?<=[\d条])(?:的)?(?:examples?|例子|示例|举例)$")
# 「第七十三条F款第二项」: an item numbered in words
_ITEM_IN_WORDS = re.compile(r"(款第?)([一二三四五六七八九])(?=项)")


def parse_reference(text: str, read: str | None = None) -> Reference | None:
    """Parse a law reference in any usual form; None when ``text`` is not a reference.

    Accepts ``50``, ``50D``, ``50d2``, ``43A1a``, ``第50条``, ``第50条D款``, ``50条D款2``,
    ``第43条A款1(a)``, ``第五十条``, ``law 50``, ``L50D2``, ``规则77``, ``§70``, ``16.A.2``,
    ``50 D 2``, ``Law 75 example``, traditional and full-width forms.  Raises :class:`ReferenceInputError` for a malformed reference
    (``50Z``, ``第五十五十条``, ``law 0``, ``law 999``) or over-long input.
    ``read``: :func:`reference_text` of ``text``, when the caller has made it.
    """
    if len(text) > MAX_REFERENCE_CHARS:
        raise ReferenceInputError(
            f"输入太长({len(text)} 个字符)。条款编号请这样写: {EXAMPLE_ZH}",
            f"Input too long ({len(text)} characters). Type a law reference like {EXAMPLE_EN}.",
        )
    compact = _SPACE.sub("", reference_text(text) if read is None else read).strip(_STRIP)
    compact = _ITEM_IN_WORDS.sub(lambda m: m.group(1) + str(_CN_DIGITS[m.group(2)]), compact)
    compact = _DOTTED.sub(lambda m: "".join(part for part in m.groups() if part), compact)
    compact = _EXAMPLE.sub("", compact)  # "Law 75 example": the law, whose worked examples close it
    if not compact:
        return None
    m = _REFERENCE.match(compact)
    if not m:
        if _LOOKS_LIKE.match(compact):
            raise _malformed(text)
        return None
    number_text, letter, item, sub_paren, sub_bare = m.groups()
    if digits_value(number_text) is not None:
        number = digits_value(number_text)
    elif not re.search(r"第|条|规", compact):
        return None  # a bare Chinese numeral (「五十」) is a word, not a reference
    else:
        number = chinese_number(number_text)
    if number is None:
        raise _malformed(text)
    if not FIRST_LAW <= number <= LAST_LAW:
        raise ReferenceInputError(
            f"没有第{number}条: 规则从第{FIRST_LAW}条到第{LAST_LAW}条。例如: {EXAMPLE_ZH}",
            f"There is no Law {number}: the Laws run from {FIRST_LAW} to {LAST_LAW}. For example: {EXAMPLE_EN}",
        )
    sub = sub_paren or sub_bare
    if (item and not letter) or (sub and not item):
        raise _malformed(text)
    if not letter:
        return Reference(number)
    return Reference(number, f"{number}{letter.upper()}{item or ''}{sub or ''}")


def find_reference(text: str, read: str | None = None) -> Reference | None:
    """The first law reference written inside a sentence (「第50条D款说的是什么」 → 50D), or None.

    Only explicit forms count (``第…条``, ``law``/``rule``/``规则`` + number); malformed ones are skipped.
    ``read``: :func:`reference_text` of ``text[:MAX_REFERENCE_CHARS]``, when the caller has made it.
    """
    for m in _EMBEDDED.finditer(reference_text(text[:MAX_REFERENCE_CHARS]) if read is None else read):
        try:
            ref = parse_reference(m.group(0))
        except ReferenceInputError:
            continue
        if ref:
            return ref
    return None


def _joined(text: str) -> str:
    """Written-out parts of a marked reference joined up: "Law 16(B)" → "Law 16B", "law 50-D-2-a" → "law 50D2a"."""
    def join(m: re.Match) -> str:
        part = m.group(0)
        for pattern, repl in _SPELLED:
            part = pattern.sub(repl, part)
        return part

    return _MARKED.sub(join, text)


def malformed(text: str) -> ReferenceInputError:
    """The error for ``text`` given as a law reference that is none (「/law 50.2」, 「/law -1」), with an example."""
    return _malformed(text)


def _malformed(text: str) -> ReferenceInputError:
    shown = text.strip()
    if len(shown) > 20:
        shown = shown[:20] + "…"
    return ReferenceInputError(
        f"看不懂条款编号「{shown}」。请这样写: {EXAMPLE_ZH}",
        f"Cannot read the law reference '{shown}'. Type it like {EXAMPLE_EN}.",
    )
