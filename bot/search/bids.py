"""Bids told in notation, in the order a question tells them: an insufficient bid recognised by bridge's own ranking.

Players tell an insufficient bid without naming it: 「对方开叫1NT，我叫了1♠」, "LHO opened 2H and I bid
2D", "I bid 1S over their 1NT".  A bid that does not outrank the bid told before it (a lower level, or the
same level in a lower or the same denomination: ♣ < ♦ < ♥ < ♠ < NT, Law 18D) is insufficient.  Only a bid
said to be *made* counts as the later one — 「叫了1♠」, "bid 2D" — not a contract or a result mentioned in
passing (「我们4♠超一，他们3NT正好」).
"""

from __future__ import annotations

import re

_STRAINS = {"c": 0, "♣": 0, "梅花": 0, "草花": 0, "d": 1, "♦": 1, "方块": 1, "方片": 1, "h": 2, "♥": 2, "红心": 2,
            "红桃": 2, "s": 3, "♠": 3, "黑桃": 3, "nt": 4, "n": 4, "无将": 4}
_BID = re.compile(r"(?<![0-9a-z])([1-7])\s?(nt|n|c|d|h|s|♣|♦|♥|♠|梅花|草花|方块|方片|红心|红桃|黑桃|无将)(?![a-z])")
# said right before a bid, it is a call made, not a contract or result told
_MADE = re.compile(r"(?:开叫|争叫|应叫|叫了|叫出|叫成|改叫|再叫|就叫|却叫|叫|bid|bids|opened|opens|overcalled|responded|"
                   r"called|says|said)\s*(?:了|个|一个|a|an)?\s*$")
_OVER = re.compile(r"^\s*(?:over|above)\b")
# a bid followed by 的 names a bid already told (「叫2♦的那个人」, the one who bid it), not a new call — but
# 「我叫2♦的时候」 is the call itself, told as a time
_NAMED_AFTER = re.compile(r"^\s*的(?!时候|时)")
# the law of the 1997 Laws on insufficient bids (not in this corpus: the search reports it missing)
INSUFFICIENT_BID_LAW = 27


def told_bids(text: str) -> list[tuple[tuple[int, int], bool, int, int]]:
    """((level, denomination 0–4), said to be made, start, end) of every bid in ``text`` (normalised), in order."""
    out = []
    for m in _BID.finditer(text):
        made = bool(_MADE.search(text[max(0, m.start() - 12) : m.start()])) and not _NAMED_AFTER.match(text[m.end() :])
        out.append(((int(m.group(1)), _STRAINS[m.group(2)]), made, m.start(), m.end()))
    return out


def insufficient_bid(text: str) -> bool:
    """Whether ``text`` tells a bid made that does not outrank the last bid told as made before it, or
    else the bid told just before it (「对方开叫1NT，我叫了1♠」; 「对方开叫2♥，我以为是1♥就叫了2♦」: the 1♥
    was only thought), or the bid it was made "over" ("I bid 1S over their 1NT")."""
    bids = told_bids(text)
    for first, second in zip(bids, bids[1:]):
        if _OVER.search(text[first[3] : second[2]]) and first[1] and first[0] <= second[0]:
            return True
    for j, later in enumerate(bids[1:], 1):
        made_before = [b for b in bids[:j] if b[1]]
        earlier = made_before[-1] if made_before else bids[j - 1]
        # the same bid, named first and then told as made ("is 1NT higher than 1S? … opened 1S"), is one bid
        same_named = not earlier[1] and later[0] == earlier[0]
        if later[1] and later[0] <= earlier[0] and not same_named and not _OVER.search(text[later[3] :][:8]):
            return True
    return False


def sufficient_bids(text: str) -> bool:
    """Whether ``text`` tells a bid made after another and every such bid outranks the one before it
    (「对方开叫1♥，我叫了1♠」, "RHO bid 2H after my 1S"): the calls told were sufficient, whatever the
    asker fears, so the question is no insufficient bid's."""
    return any(made for _, made, _, _ in told_bids(text)[1:]) and not insufficient_bid(text)
