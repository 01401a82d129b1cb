"""Undertricks asked without a contract ("3 down doubled vul", 「宕2墩加倍有局罚多少」): their count,
doubling and vulnerability."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.base.errors import ScoringInputError
from bot.base.textnorm import normalize_query
from bot.scoring.notation_words import CONTRACT, DOUBLED_OF, MAX_CHARS, RESULT_APART, number_of, take, vulnerability_said

# Undertricks asked without a contract ("3 down doubled vul", 「宕2墩加倍有局罚多少」): the penalty does not
# depend on the contract (Law 77's undertrick table).  Only the count, doubling, vulnerability and the words
# a score request is asked in may be in the message: anything else makes it no such request.
_DOUBLING_WORD = re.compile(r"(?<![a-z])(?:redoubled|doubled|undoubled|rdbl|dbl|xx|x)(?![a-z])|被?再加倍|被?加倍|未加倍|不加倍")
_ASKING_WORDS = re.compile(
    r"(?<![a-z])(?:what'?s|what|is|how|much|many|points?|scores?|penalty|penalties|for|the|a|going|go|went|we|were"
    r"|are|it|if|you|do|does|lose|cost|costs|in|total)(?![a-z])"
    r"|多少分?|几分|罚多少|罚|扣|的|了|是|分|墩|我们|我|得|要|会|一共|总共|如果|请问|[\s,，。.!！?？]")


@dataclass(frozen=True)
class Undertricks:
    """Undertricks told without a contract: how many (1–13), the doubling (0, 1, 2) and whether the
    declaring side is vulnerable (None when the message does not say)."""

    down: int
    doubled: int
    vulnerable: bool | None


def parse_undertricks(text: str) -> Undertricks | None:
    """The undertricks a message asks the penalty of without naming a contract ("3 down doubled vul",
    「宕2墩加倍有局罚多少」), or None when it holds a contract or anything besides."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHARS:
        return None
    text = re.sub(r"[\u2212\u2013\u2014\uff0d]", "-", normalize_query(text.replace("\ufe0f", "")))
    # (nothing but the asking words may be left at the end, so a rules question never gets here)
    if CONTRACT.search(text):
        return None
    under, rest = take(RESULT_APART, text)
    if under is None or under.group("over"):
        return None
    down = number_of(under.group("under") or under.group("under2") or under.group("under3"))
    doubled_at, rest = take(_DOUBLING_WORD, rest)
    word = doubled_at.group(0).removeprefix("被") if doubled_at else ""
    doubled = 0 if not word or word in ("undoubled", "未加倍", "不加倍") else DOUBLED_OF.get(word, 1)
    try:
        said, rest = vulnerability_said(rest)
    except ScoringInputError:
        return None
    if set(said) - {"declarer"} or _ASKING_WORDS.sub("", rest) or not 1 <= down <= 13:
        return None
    return Undertricks(down, doubled, said.get("declarer"))
