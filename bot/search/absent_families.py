"""Which law of a family of missing laws a question tells, once it is known to be about the family.

The 1997 Laws split an irregularity by what was done: a call out of rotation is Law 30 for a pass,
31 for a bid, 32 for a double or redouble, 33 for calls made at once; a card led or played out of
turn is 54 for the opening lead, 55 for declarer's lead, 58 for cards played at once.  The phrase
look-up (:mod:`bot.search.missing`) finds the family well — the tellings share their words — but
names its members by resemblance alone, so 「该我同伴叫，我一急直接说了加倍」 came out as 30.  A
question that says what was done names that member first; nothing is reported that the detector
did not already find the family for.
"""

from __future__ import annotations

import re

# Said of a call or a card made when it was not the player's turn.
_OUT_OF_TURN = re.compile(r"越序|抢先|抢着|没轮到|未轮到|不该(?:我|他|她)|该(?:我|他|她)?的?(?:同伴|下家|上家)|本来?该|本来是|"
                          r"轮到(?:我的?)?(?:同伴|下家|上家)|\bnot (?:his|her|my|their) turn|\bwasn'?t (?:his|her|my) turn"
                          r"|\bout of (?:turn|rotation)|\bbefore (?:his|her|my) turn|\bwrong (?:defender|player|hand)")

# Each family, and for its members the words that tell their act (normalised text, simplified), and
# whether the question must also say the act was out of turn (a double of one's own partner is Law 36).
FAMILIES: tuple[tuple[frozenset[int], tuple[tuple[int, re.Pattern, bool], ...]], ...] = (
    (frozenset({28, 29, 30, 31, 32, 33, 34}), (
        (33, re.compile(r"同时[^,，。]{0,4}(?:叫|开口|说|喊|出了?叫牌卡)|同一时间[^,，。]{0,4}(?:叫|开口|说|喊|出)"
                        r"|\b(?:bid|called|call|spoke)\b[^,.?]{0,20}\bsame (?:time|moment)|\bsame (?:time|moment)\b[^,.?]{0,20}\b(?:bid|call)"
                        r"|\bsimultaneous (?:calls?|bids?)"), False),
        (32, re.compile(r"再?加倍|\b(?:re)?doubled?\b|\bx{1,2}\b"), True),
    )),
    (frozenset({53, 54, 55, 56, 57, 58, 60}), (
        (58, re.compile(r"同时[^,，。]{0,3}(?:打|出|引)|两张牌?(?:一起|同时|粘)|\b(?:two|2) cards (?:at once|together|at the same time)"
                        r"|\bsimultaneous (?:plays?|leads?)"), False),
        (54, re.compile(r"首攻|首引|\bopening lead\b"), True),
        (55, re.compile(r"(?:庄家|\bdeclarer\b)[^。.?？]{0,20}(?:错[的了]?(?:一)?手|从(?:自己)?手(?:上|里)"
                        r"|\bfrom (?:the )?wrong hand|\bfrom (?:his )?(?:own )?hand\b)"), False),
    )),
)


_CLAUSE_END = re.compile(r"[,，。.?？!！;；]")


def _around(text: str, at: int) -> str:
    """The clause of ``text`` holding position ``at`` and the clause before it (「该我同伴叫，我一急说了加倍」)."""
    ends = [m.start() for m in _CLAUSE_END.finditer(text)]
    before = [e for e in ends if e < at]
    start = before[-2] + 1 if len(before) > 1 else 0
    end = next((e for e in ends if e >= at), len(text))
    return text[start:end]


def told_members(normalized: str, reported: list[int]) -> list[int]:
    """The members of the families of the ``reported`` missing laws whose act ``normalized`` tells,
    in the families' order (the first a question tells wins within a family)."""
    found: list[int] = []
    for members, cues in FAMILIES:
        if not members & set(reported):
            continue
        told = next((law for law, cue, out_of_turn in cues
                     for m in cue.finditer(normalized)
                     if not out_of_turn or _OUT_OF_TURN.search(_around(normalized, m.start()))), None)
        if told is not None:
            found.append(told)
    return found
