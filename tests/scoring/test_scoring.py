"""Law 77 scores against endplay (an independent implementation) and Law 78B against the source text."""

import re
from pathlib import Path

import pytest
import yaml
from endplay.types import Contract, Denom, Penalty, Player, Vul

from bot.base.errors import ScoringInputError
from bot.rulebook.model import CORPUS_DIR
from bot.scoring.contracts import contract_score, imp_result, imps, score_parts

ENDPLAY_DENOM = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
ENDPLAY_PENALTY = {0: Penalty.passed, 1: Penalty.doubled, 2: Penalty.redoubled}
SOURCE = next((CORPUS_DIR / "sources").glob("000_*.txt"))


def endplay_score(level, strain, doubled, vulnerable, tricks):
    contract = Contract(level=level, denom=ENDPLAY_DENOM[strain], declarer=Player.north,
                        penalty=ENDPLAY_PENALTY[doubled], result=tricks - 6 - level)
    return contract.score(Vul.both if vulnerable else Vul.none)


@pytest.mark.parametrize("doubled", [0, 1, 2])
@pytest.mark.parametrize("strain", ["C", "D", "H", "S", "NT"])
@pytest.mark.parametrize("level", range(1, 8))
def test_every_result_matches_endplay(level, strain, doubled):
    ours = {(v, t): contract_score(level, strain, doubled, v, t) for v in (False, True) for t in range(14)}
    theirs = {(v, t): endplay_score(level, strain, doubled, v, t) for v in (False, True) for t in range(14)}
    assert ours == theirs


@pytest.mark.parametrize(
    "level, strain, doubled, vulnerable, tricks, expected",
    [
        (4, "S", 0, True, 11, 650),
        (4, "S", 0, False, 11, 450),
        (3, "NT", 0, False, 9, 400),
        (3, "NT", 1, False, 7, -300),
        (2, "H", 1, False, 8, 470),  # doubled into game
        (1, "NT", 2, False, 7, 560),
        (1, "C", 0, False, 7, 70),
        (7, "NT", 2, True, 13, 2980),
        (6, "D", 0, True, 12, 1370),
        (4, "S", 1, False, 6, -800),  # 4th undertrick non-vulnerable doubled costs 300
        (1, "C", 1, False, 0, -1700),
        (7, "NT", 2, True, 0, -7600),
        (6, "NT", 0, True, 0, -1200),
    ],
)
def test_known_scores(level, strain, doubled, vulnerable, tricks, expected):
    assert contract_score(level, strain, doubled, vulnerable, tricks) == expected


def test_parts_add_up_and_name_the_bonuses():
    parts = score_parts(6, "H", 2, False, 12)
    assert (parts.trick_points, parts.overtricks, parts.game_or_partscore, parts.slam, parts.insult) == (
        720, 0, 300, 500, 100)
    assert parts.total == 1620


@pytest.mark.parametrize(
    "args",
    [(8, "S", 0, False, 13), (0, "NT", 0, False, 7), (4, "Q", 0, False, 10), (4, "S", 3, False, 10),
     (3, "NT", 0, False, 14), (3, "NT", 0, False, -1)],
)
def test_impossible_arguments_raise_the_typed_error(args):
    with pytest.raises(ScoringInputError):
        contract_score(*args)


def source_imp_rows():
    """The Law 78B rows as printed in the source text: (low, high or None, imps)."""
    block = SOURCE.read_text(encoding="utf-8").split("B.国际比赛分")[1].split("C.总分")[0]
    spans = re.findall(r"(\d+)—(\d+)|(\d+)\(含\)以上", block)
    return [(int(a or c), int(b) if b else None, i + 1) for i, (a, b, c) in enumerate(spans)]


def test_source_imp_table_is_read_whole():
    rows = source_imp_rows()
    assert len(rows) == 24 and rows[0] == (20, 40, 1) and rows[-1] == (4000, None, 24)


@pytest.mark.parametrize("low, high, value", source_imp_rows())
def test_every_imp_row_at_both_edges_and_one_past(low, high, value):
    assert imps(low) == value and imps(-low) == -value
    assert imps(low - 10) == value - 1
    if high is None:
        assert imps(high or 9990) == 24
    else:
        assert imps(high) == value and imps(-high) == -value
        assert imps(high + 10) == value + 1


@pytest.mark.parametrize("diff, expected", [(0, 0), (10, 0), (-10, 0), (15, 0), (45, 1), (20000, 24)])
def test_imps_small_and_in_between(diff, expected):
    assert imps(diff) == expected


@pytest.mark.parametrize("a, b, expected", [(620, -100, 12), (-100, 620, -12), (420, 450, -1), (650, 650, 0)])
def test_imp_result(a, b, expected):
    assert imp_result(a, b) == expected


def _leaves(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from _leaves(value)
    elif isinstance(node, list):
        for value in node:
            yield from _leaves(value)
    elif isinstance(node, int) and not isinstance(node, bool):
        yield node


def test_every_figure_in_the_source_law77_is_in_the_table():
    text = SOURCE.read_text(encoding="utf-8")
    block = re.search(r"^第77条.*?(?=^第78条)", text, re.S | re.M).group(0)
    # "(12墩)" and "(13墩)" are trick counts, not score figures.
    figures = {int(n) for n in re.findall(r"\d+(?!\d|墩)", block) if n != "77"}
    table = yaml.safe_load(Path(CORPUS_DIR / "tables" / "law77.yaml").read_text(encoding="utf-8"))
    values = set(_leaves(table))
    tricks = table["trick_points"]
    doubled_rows = {p * m for p in tricks.values() for m in table["double_multiplier"].values()}
    assert figures and figures - (values | doubled_rows) == set()
