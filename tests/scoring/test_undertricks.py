"""Undertricks asked without a contract ("3 down doubled vul", 「宕2墩加倍有局罚多少」): Law 77's penalty, which
does not depend on the contract — checked against endplay's scores of a contract that fails by as many."""

from __future__ import annotations

import re

import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul

from bot.scoring.inputs import reply_kind
from bot.scoring.notation import Undertricks, parse_undertricks
from bot.scoring.replies import undertricks_reply

PENALTY = {0: Penalty.passed, 1: Penalty.doubled, 2: Penalty.redoubled}
WORDS = {0: "", 1: " doubled", 2: " redoubled"}


@pytest.mark.parametrize("doubled", [0, 1, 2])
@pytest.mark.parametrize("vulnerable", [False, True])
@pytest.mark.parametrize("down", range(1, 14))
def test_the_penalty_is_endplays_for_any_contract_failing_by_as_many(down, vulnerable, doubled):
    reply = undertricks_reply(f"{down} down{WORDS[doubled]} {'vul' if vulnerable else 'nv'}", "en")
    ours = int(re.search(r"declarer (-\d+)", reply).group(1))
    for level in (1, 4, 7):
        if down <= 6 + level:
            contract = Contract(level=level, denom=Denom.nt, declarer=Player.north, penalty=PENALTY[doubled],
                                result=-down)
            assert ours == contract.score(Vul.both if vulnerable else Vul.none)


@pytest.mark.parametrize("text, expected", [
    ("3 down doubled vul", Undertricks(3, 1, True)),
    ("what is the penalty for 2 down doubled vulnerable", Undertricks(2, 1, True)),
    ("how much is 3 down doubled not vul?", Undertricks(3, 1, False)),
    ("down 1 redoubled nv", Undertricks(1, 2, False)),
    ("宕2墩加倍有局罚多少", Undertricks(2, 1, True)),
    ("宕三 再加倍 无局", Undertricks(3, 2, False)),
    ("宕两墩罚多少", Undertricks(2, 0, None)),
])
def test_undertricks_told_without_a_contract(text, expected):
    assert parse_undertricks(text) == expected and reply_kind(text) == "undertricks"


@pytest.mark.parametrize("text", ["我们宕了2墩，对方说我们藏牌", "2 down doubled, partner says I should have passed",
                                  "3NT down 2", "14 down", "裁判说宕2", "罚张宕2"])
def test_a_rules_question_or_a_contract_is_no_such_request(text):
    assert parse_undertricks(text) is None and reply_kind(text) != "undertricks"


def test_without_a_vulnerability_both_are_shown():
    assert undertricks_reply("宕两墩罚多少") == ("宕2墩 未加倍:\n  无局: 庄家方 -100  (50 + 50)\n"
                                               "  有局: 庄家方 -200  (100 + 100)\n第77条 记分表 (宕墩罚分与定约无关)")
