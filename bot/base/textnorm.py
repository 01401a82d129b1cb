"""Chinese text normalisation, applied once at the edge.

Everything inside the bot is simplified Chinese with half-width digits and Latin
letters.  Users may write traditional characters or full-width forms; replies go
back in the script the user wrote.
"""

from __future__ import annotations

import functools
import re

import opencc

# Full-width ASCII block (！ to ～) maps to half-width by a fixed offset.
_FULLWIDTH_OFFSET = 0xFEE0
_HALF_TO_CJK_PUNCT = str.maketrans({";": "；", ":": "：", "!": "！", "?": "？"})
_SURROGATES = re.compile(r"[\ud800-\udfff]")


@functools.lru_cache(maxsize=None)
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


def _encodable(text: str) -> str:
    # OpenCC takes UTF-8: a lone surrogate (from a broken client, or a command-line byte that
    # did not decode) would raise; it carries no character, so it goes.
    return _SURROGATES.sub("", text) if _SURROGATES.search(text) else text


def to_simplified(text: str) -> str:
    """Convert traditional Chinese to simplified (OpenCC ``t2s``); other text is unchanged
    (lone surrogates are dropped)."""
    return _converter("t2s").convert(_encodable(text))


def to_traditional(text: str) -> str:
    """Convert simplified Chinese to traditional, for users who wrote traditional.

    OpenCC ``s2tw``: the character forms readers in Taiwan and Hong Kong expect (為, not 爲)."""
    return _converter("s2tw").convert(_encodable(text))


_TO_HALFWIDTH = {0x3000: " ", **{code: code - _FULLWIDTH_OFFSET for code in range(0xFF01, 0xFF5F)}}
_HAN = re.compile(r"[\u4e00-\u9fff]+")
_SPACES = re.compile(r"\s+")


def to_halfwidth(text: str) -> str:
    """Turn full-width digits, Latin letters and ASCII punctuation into half-width; the
    ideographic space becomes a plain space."""
    return text.translate(_TO_HALFWIDTH)


def is_traditional(text: str) -> bool:
    """True when the text contains characters that change under traditional → simplified."""
    han = "".join(_HAN.findall(text))
    return bool(han) and to_simplified(han) != han


def normalize_query(text: str) -> str:
    """Normalise user input: simplified Chinese, half-width forms, folded white space, lower case."""
    text = to_halfwidth(to_simplified(text))
    text = _SPACES.sub(" ", text).strip()
    return text.lower()


def prose_punctuation(text: str) -> str:
    """Canonical punctuation for rule text: Chinese comma, semicolon, colon, ! and ? are
    full-width; digits, Latin letters and parentheses are half-width."""
    text = to_halfwidth(text)
    # A half-width comma between two digits is a number separator, not prose.
    text = re.sub(r"(?<!\d),|,(?!\d)", "，", text)
    return text.translate(_HALF_TO_CJK_PUNCT)
