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

# Said of a call or a card made when it was not the player's turn.  (Every branch starts with a character, and
# an English word's edge is checked after its first letter — n(?<!\wn)ot is \bnot —: the regex engine then
# tries only the places holding one of those characters, not every place of a long story; 48 → 6 µs.)
_OUT_OF_TURN = re.compile(r"越序|抢先|抢着|没轮到|未轮到|不该(?:我|他|她)|该(?:我|他|她)?的?(?:同伴|下家|上家)|本来?该|本来是|"
                          r"轮到(?:我的?)?(?:同伴|下家|上家)|n(?<!\wn)ot (?:his|her|my|their) turn"
                          r"|w(?<!\ww)asn'?t (?:his|her|my) turn|o(?<!\wo)ut of (?:turn|rotation)"
                          r"|b(?<!\wb)efore (?:his|her|my) turn|w(?<!\ww)rong (?:defender|player|hand)")

# Each family, and for its members the words that tell their act (normalised text, simplified), and
# where the question must also say the act was out of turn: "" nowhere, "clause" in the same clause,
# "near" there or in the two clauses before (「该我同伴叫，我一急说了加倍」) — a double of one's own partner is
# Law 36, an opening lead restricted after a call was cancelled Law 26.  A member told out of turn in
# its own clause ("clause") is named whichever out-of-turn family the detector found.
FAMILIES: tuple[tuple[frozenset[int], tuple[tuple[int, re.Pattern, str], ...]], ...] = (
    (frozenset({28, 29, 30, 31, 32, 33, 34}), (
        (33, re.compile(r"同时[^,，。]{0,4}(?:叫|开口|说|喊|出了?叫牌卡)|同一时间[^,，。]{0,4}(?:叫|开口|说|喊|出)"
                        r"|\b(?:bid|called|call|spoke)\b[^,.?]{0,20}\bsame (?:time|moment)|\bsame (?:time|moment)\b[^,.?]{0,20}\b(?:bid|call)"
                        r"|\bsimultaneous (?:calls?|bids?)"), ""),
        (32, re.compile(r"再?加倍|\b(?:re)?doubled?\b|\bx{1,2}\b"), "near"),
    )),
    (frozenset({53, 54, 55, 56, 57, 58, 60}), (
        (58, re.compile(r"同时[^,，。]{0,3}(?:打|出|引)|两张牌?(?:一起|同时|粘)|\b(?:two|2) cards (?:at once|together|at the same time)"
                        r"|\bsimultaneous (?:plays?|leads?)"), ""),
        (54, re.compile(r"首攻|首引|\bopening lead\b"), "clause"),
        (55, re.compile(r"(?:庄家|\bdeclarer\b)[^。.?？]{0,20}(?:错[的了]?(?:一)?手|(?:从|在)(?:自己)?手(?:上|里)"
                        r"|\bfrom (?:the )?wrong hand|\bfrom (?:his )?(?:own )?hand\b)"), ""),
        # a lead out of turn declarer would not accept is 56; one accepted 53 (not 「不接受」; a call accepted is 29)
        (56, re.compile(r"(?:不|没|拒绝)接受|\b(?:refused|refuses|declined|declines) to accept|\b(?:not|n't) accept"
                        r"|\b(?:refused|declined|rejected|refuses|rejects) (?:the |his |her |it|that)"), "near"),
        (53, re.compile(r"(?:引|出了?一?张|\blead\b|\bled\b)[^。?？]{0,30}(?<![不没])(?<!拒绝)接受"
                        r"|(?:\blead\b|\bled\b)[^.?]{0,40}(?<!not )(?<!n't )(?<!refused to )(?<!refuses to )(?<!declined to )"
                        r"\baccept(?:s|ed)?\b|\bi'?ll take (?:it|that)\b"), "near"),
    )),
)


_CLAUSE_END = re.compile(r"[,，。.?？!！;；]")


def _clause(text: str, at: int, before_too: int = 0) -> str:
    """The clause of ``text`` holding position ``at``, with ``before_too`` clauses before it."""
    ends = [m.start() for m in _CLAUSE_END.finditer(text)]
    before = [e for e in ends if e < at]
    start = before[-1 - before_too] + 1 if len(before) > before_too else 0
    end = next((e for e in ends if e >= at), len(text))
    return text[start:end]


def _out_of_turn(text: str, at: int, where: str) -> bool:
    """Whether ``text`` says the act at ``at`` was out of turn where ``where`` asks (see FAMILIES)."""
    if not where:
        return True
    return bool(_OUT_OF_TURN.search(_clause(text, at, 2 if where == "near" else 0)))


def told_members(normalized: str, reported: list[int]) -> list[int]:
    """The members of the families of the ``reported`` missing laws whose act ``normalized`` tells,
    in the families' order (the first a question tells wins within a family); a member told out of
    turn in its own clause (「首攻本来该我下家」) whichever out-of-turn family was found — a lead and a
    call out of turn are told in the same words."""
    found: list[int] = []
    if not any(members & set(reported) for members, _ in FAMILIES):
        return found
    for members, cues in FAMILIES:
        own = bool(members & set(reported))
        told = next((law for law, cue, where in cues if own or where == "clause"
                     for m in cue.finditer(normalized) if _out_of_turn(normalized, m.start(), where)), None)
        if told is not None:
            found.append(told)
    return found


def told_out_of_turn(normalized: str) -> set[int]:
    """The members whose act the question says in so many words was out of turn (an opening lead, a
    double, a lead accepted): told as plainly as a name (「本来该我下家首攻，结果我上家抢先亮了牌」)."""
    if not _OUT_OF_TURN.search(normalized):
        return set()   # (nothing said out of turn anywhere, so in no clause either)
    return {law for _, cues in FAMILIES for law, cue, where in cues if where
            for m in cue.finditer(normalized) if _out_of_turn(normalized, m.start(), where)}
