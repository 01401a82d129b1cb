"""A passed-out board as people type it — ``pass``, ``passed out``, ``all pass``, ``PO``,
「四家不叫」 — and its score: Law 22A, the board is not played, 0 to both sides."""

from __future__ import annotations

import re

from bot.base.textnorm import to_halfwidth, to_simplified

# Compared with the spaces taken out and the case folded.
PASS_WORDS = frozenset({"pass", "passed", "p", "ap", "po", "allpass", "allpassed", "passout", "passedout",
                        "passes", "fourpasses", "派司", "不叫", "都不叫", "全不叫", "四家不叫", "四家都不叫",
                        "全部不叫", "无人叫牌", "没人叫"})
# A chat message on its own: only the words that cannot mean the call 「不叫」 (a defined term) or a
# pass out of rotation (Law 30) — a board passed out by all four, with at most a score cue after it.
_MESSAGE_WORDS = PASS_WORDS - {"pass", "passed", "p", "ap", "po", "passes", "派司", "不叫"}
_SCORE_CUE = re.compile(r"(?:多少分|几分|得分|计分|记分|怎么记分?|的?分数|score|scores|scored|\?|？|。|\.|!|！|:|：)+$")


def is_pass_words(text: str) -> bool:
    """True when ``text`` (a result cell or the words of ``/r``) says the board was passed out."""
    return to_simplified(to_halfwidth(text or "")).lower().replace(" ", "") in PASS_WORDS


def is_passed_out_message(text: str) -> bool:
    """True when a chat message is only a passed-out board (「pass out」, 「四家不叫多少分」), which
    asks for its score, not about a pass out of rotation."""
    if not isinstance(text, str) or len(text) > 60:
        return False
    plain = to_simplified(to_halfwidth(text)).lower().replace(" ", "")
    plain = re.sub(r"^(?:board|牌)?", "", plain)
    return _SCORE_CUE.sub("", plain) in _MESSAGE_WORDS


def passed_out_reply(lang: str = "zh") -> str:
    """The score of a passed-out board, with the law that says so."""
    if lang == "en":
        return ("Passed out: the board is not played and scores 0 to both sides (NS 0, EW 0).\n"
                "Law 22A: with no contract bid the cards go back into the board and are not redealt.")
    return "四家不叫: 这副牌不打, 双方都是 0 分 (南北 0, 东西 0)。\n第22条A款: 没有赛员做过实质叫牌, 该副牌不打并原样装回牌套, 不重发。"
