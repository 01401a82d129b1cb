"""One board's results at two tables (「3NT+1 对 4♠=」): the scores come from endplay (an independent
implementation), the IMPs from Law 78B's rows as the source text prints them."""

import re

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul
from hypothesis import given, settings, strategies as st

from bot.base.errors import ScoringInputError
from bot.scoring.pairs import looks_like_pair
from bot.scoring.replies import auto_reply, imp_reply
from tests.scoring.test_scoring import ENDPLAY_DENOM, ENDPLAY_PENALTY, source_imp_rows

PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
VUL = {"none": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "both": Vul.both}
TABLE_VUL = {"none": "双方无局", "NS": "南北有局", "EW": "东西有局", "both": "双方有局"}


def law_78b(diff: int) -> int:
    """IMPs from the source's rows, read independently of the scorer's table."""
    value = sum(1 for low, _, _ in source_imp_rows() if abs(diff) >= low)
    return value if diff >= 0 else -value


def ns_score(level, strain, doubled, result, declarer, vul):
    """North-South's score of one table, by endplay (whose score is the declaring side's)."""
    contract = Contract(level=level, denom=ENDPLAY_DENOM[strain], declarer=PLAYERS[declarer],
                        penalty=ENDPLAY_PENALTY[doubled], result=result)
    score = contract.score(VUL[vul])
    return score if declarer in "NS" else -score


def shown(reply: str) -> tuple[int, int, int, int]:
    """The scores, difference and IMPs of a one-line comparison."""
    m = re.search(r"([+-]?\d+) (?:对|vs) ([+-]?\d+), (?:分差|difference) ([+-]?\d+) → ([+-]?\d+) IMP", reply)
    return tuple(int(g) for g in m.groups())


table = st.tuples(st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]), st.integers(0, 2),
                  st.integers(0, 13), st.sampled_from("NESW"))


@settings(max_examples=150, deadline=None)
@given(table, table, st.sampled_from(sorted(VUL)))
def test_two_tables_compare_as_endplay_and_law_78b_say(first, second, vul):
    texts, scores = [], []
    for level, strain, doubled, tricks, declarer in (first, second):
        result = tricks - 6 - level
        texts.append(f"{level}{strain}{'x' * doubled}{'=' if result == 0 else f'{result:+d}'} {declarer}")
        scores.append(ns_score(level, strain, doubled, result, declarer, vul))
    reply = imp_reply(f"{texts[0]} vs {texts[1]} {TABLE_VUL[vul]}", "en")
    if first[4] in "EW" and second[4] in "EW":   # East-West declaring at both tables: their scores
        scores = [-score for score in scores]
    assert shown(reply) == (scores[0], scores[1], scores[0] - scores[1], law_78b(scores[0] - scores[1]))


@pytest.mark.parametrize("text, lang, expected", [
    ("3NT+1 vs 4S=", "zh",
     "3NT+1 对 4♠= (两桌同一方向做庄):\n  无局: +430 对 +420, 分差 +10 → 0 IMP\n  有局: +630 对 +620, 分差 +10 → 0 IMP\n"
     "第77条 记分, 第78条B款 国际比赛分"),
    ("我们4♠+1，另一桌3NT=，有局", "zh",
     "4♠+1 对 3NT= 有局 (两桌同一方向做庄):\n  +650 对 +600, 分差 +50 → +2 IMP\n第77条 记分, 第78条B款 国际比赛分"),
    ("4S+1 vs 4S-1 vul, imps?", "en",
     "4♠+1 vs 4♠-1 vul (declared from the same direction at both tables):\n"
     "  +650 vs -100, difference +750 → +13 IMPs\nLaw 77, Law 78B"),
    ("4S= N vs 5Cx-2 E board 7", "en",
     "4♠= vs 5♣x-2 (North-South's scores):\n  +620 vs +500, difference +120 → +3 IMPs\nLaw 77, Law 78B"),
    # the declaring sides named before the contracts, not read as the vulnerability
    ("南北4♠= 对 东西5♣x-2 第7副", "zh",
     "4♠= 对 5♣x-2 (南北计分):\n  +620 对 +500, 分差 +120 → +3 IMP\n第77条 记分, 第78条B款 国际比赛分"),
])
def test_a_board_at_two_tables_in_the_chat(text, lang, expected):
    assert auto_reply(text, lang) == expected


@pytest.mark.parametrize("text", ["对方开叫1♥，我叫了1♠", "对方开叫1NT，我下家跟着就叫了1♠，这个叫品算啥？",
                                  "4♠做成了，另一桌3NT宕1，对方说我们藏牌，怎么判", "第50条和第45条"])
def test_an_auction_or_a_rules_question_is_no_comparison(text):
    assert not looks_like_pair(text)


@pytest.mark.parametrize("text, message", [
    ("4S= N vs 5Cx-2 E", "局况"),          # different directions: whose vulnerability?
    ("4S= 有局 vs 3NT+1 无局", "局况"),     # one side cannot be vul at one table only
    ("4S+8 vs 3NT=", "最多超"),
])
def test_a_comparison_that_cannot_be_scored_says_why(text, message):
    with pytest.raises(ScoringInputError, match=message):
        imp_reply(text, "zh")
