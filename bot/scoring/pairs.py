"""One board's results at two tables — 「3NT+1 对 4♠=」, "4S+1 vs 3NT= vul, imps?" — scored (Law 77)
and compared in IMPs (Law 78B), the way a team checks its scorecard."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.base.errors import ScoringInputError
from bot.base.textnorm import normalize_query
from bot.scoring.boards import seat_vulnerable, side_of
from bot.scoring.contracts import contract_score, imps
from bot.scoring.notation import (IMP_CUE, ContractResult, asks_rules, looks_like_score, parse_board, parse_result,
                                  two_results)

# The words that join two tables' results; the rest of each table's text is read as a result is.
_JOINING = re.compile(r"(?<![a-z])(?:vs|v|versus|against|imps?|diff|difference|other|table|tables|room|rooms|open|closed"
                      r"|teammates?|ours|theirs|team)(?![a-z])|\.")
_EXAMPLE_ZH = "例如 3NT+1 对 4S= 有局 (两桌同一方向做庄), 或 4S= 北 对 5Cx-2 东 7号牌"
_EXAMPLE_EN = "e.g. 3NT+1 vs 4S= vul (both declared from the same direction), or 4S= N vs 5Cx-2 E board 7"


@dataclass(frozen=True)
class TableScores:
    """The two tables' scores, ``ours`` (the first table) and ``theirs``, as the side declaring at both
    scores them, for one vulnerability, its ``vulnerable``; or, when the declarers sit in different
    directions, as North-South scores them (``vulnerable`` None)."""

    ours: int
    theirs: int
    vulnerable: bool | None

    @property
    def difference(self) -> int:
        """The first table's score less the second's."""
        return self.ours - self.theirs

    @property
    def imps(self) -> int:
        """The difference in IMPs (Law 78B)."""
        return imps(self.difference)


def _error(zh: str, en: str) -> ScoringInputError:
    return ScoringInputError(f"{zh}。{_EXAMPLE_ZH}", f"{en}; {_EXAMPLE_EN}.")


def looks_like_pair(text: str) -> bool:
    """True when a message compares one board's results at two tables (「3NT+1 对 4♠=」,
    "4S+1 vs 3NT= vul, imps?"); False for an auction (「对方开叫1♥，我叫了1♠」) or a rules question."""
    try:
        parts = two_results(text)
    except ScoringInputError:
        return False
    if parts is None:
        return False
    norm = normalize_query(text)
    if asks_rules(norm) and not IMP_CUE.search(norm):
        return False
    return all(looks_like_score(_JOINING.sub(" ", part)) for part in parts)


def read_pair(text: str) -> tuple[ContractResult, ContractResult]:
    """The two results of a comparison, each with the board, vulnerability and declarer's side the
    text gives for either (one board: the same for both).  Raises :class:`ScoringInputError`."""
    board = parse_board(text)
    parts = two_results(text)
    if parts is None:
        raise _error("请给两桌的结果", "Give the results at both tables")
    results = []
    for part in parts:
        part = _JOINING.sub(" ", part)
        if board is not None and parse_board(part) is None:
            part += f" board {board}"
        results.append(parse_result(part))
    first, second = results
    # what one table's text says about the board holds at the other table too
    if not first.vulnerability_known and second.vulnerability_known:
        first = replace(first, vulnerability=second.vulnerability, vulnerability_known=True)
    if not second.vulnerability_known and first.vulnerability_known:
        second = replace(second, vulnerability=first.vulnerability, vulnerability_known=True)
    return first, second


def _side(result: ContractResult) -> str | None:
    return result.declaring_side


def _vulnerable(result: ContractResult, side: str | None) -> bool | None:
    if result.vulnerable is not None:
        return result.vulnerable
    if side is not None and result.vulnerability_known:
        return seat_vulnerable(side, result.vulnerability)
    return None


def compare(first: ContractResult, second: ContractResult) -> list[TableScores]:
    """The comparison for each vulnerability the text leaves possible (one, or non-vul then vul).

    Without declarers (or with one), both tables are taken as declared from the same direction."""
    side_a, side_b = _side(first), _side(second)
    same = side_a is None or side_b is None or side_a == side_b
    if same:
        side = side_a or side_b
        vul_a, vul_b = _vulnerable(first, side), _vulnerable(second, side)
        if vul_a is not None and vul_b is not None and vul_a != vul_b:
            raise _error("两桌是同一副牌，同一方向做庄的局况不会不同", "One board: the same side cannot be vulnerable at one "
                         "table and not at the other")
        settled = vul_a if vul_a is not None else vul_b
        return [TableScores(_score(first, v), _score(second, v), v)
                for v in ((settled,) if settled is not None else (False, True))]
    vul_a, vul_b = _vulnerable(first, side_a), _vulnerable(second, side_b)
    if vul_a is None or vul_b is None:
        raise _error("两桌庄家方向不同，请写出局况 (如 双方有局、南北有局) 或牌号",
                     "The declarers sit in different directions: give the vulnerability (e.g. NS vul, both vul) or "
                     "the board number")
    # North-South's score at each table
    ns_a = _score(first, vul_a) if side_a == "NS" else -_score(first, vul_a)
    ns_b = _score(second, vul_b) if side_b == "NS" else -_score(second, vul_b)
    return [TableScores(ns_a, ns_b, None)]


def _score(result: ContractResult, vulnerable: bool) -> int:
    return contract_score(result.level, result.strain, result.doubled, vulnerable, result.tricks)
