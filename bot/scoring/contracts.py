"""Law 77 contract scores and Law 78B IMPs, computed from ``corpus/tables`` (one source of truth)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.base.errors import ScoringInputError
from bot.scoring.tables import imp_scale, law77

STRAINS = ("C", "D", "H", "S", "NT")
BOOK = 6  # the first six tricks declarer takes are not odd tricks

_DOUBLED_KEY = {1: "doubled", 2: "redoubled"}
_UNDOUBLED_KEY = {0: "undoubled", 1: "doubled", 2: "redoubled"}


@dataclass(frozen=True)
class ScoreParts:
    """A contract's score split into the items of Law 77; ``total`` is the declaring side's score.

    When the contract fails only ``undertricks`` (a positive penalty) is non-zero and
    ``total`` is its negative."""

    trick_points: int = 0
    overtricks: int = 0
    game_or_partscore: int = 0
    slam: int = 0
    insult: int = 0
    undertricks: int = 0
    is_game: bool = False

    @property
    def total(self) -> int:
        """The declaring side's score: positive when made, negative when it fails."""
        made = self.trick_points + self.overtricks + self.game_or_partscore + self.slam + self.insult
        return made - self.undertricks


def check_contract(level: int, strain: str, doubled: int, tricks: int) -> None:
    """Raise :class:`ScoringInputError` unless the arguments describe a possible result."""
    example_zh, example_en = "例如 4S+1 或 3NTx-2", "e.g. 4S+1 or 3NTx-2"
    if not isinstance(level, int) or not 1 <= level <= 7:
        raise ScoringInputError(
            f"定约阶数必须是 1 到 7, 不是 {level}。{example_zh}",
            f"The contract level must be 1 to 7, not {level}; {example_en}.",
        )
    if strain not in STRAINS:
        raise ScoringInputError(
            f"不认识的花色 {strain!s}: 用 C D H S NT (梅花 方块 红心 黑桃 无将)。{example_zh}",
            f"Unknown strain {strain!s}: use C, D, H, S or NT; {example_en}.",
        )
    if doubled not in (0, 1, 2):
        raise ScoringInputError(
            f"加倍只能是 0 (未加倍), 1 (加倍 X) 或 2 (再加倍 XX)。{example_zh}",
            f"Doubled must be 0 (undoubled), 1 (X) or 2 (XX); {example_en}.",
        )
    if not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoringInputError(
            f"赢墩数必须在 0 到 13 之间 (一副牌只有 13 墩)。{example_zh}",
            f"Tricks taken must be between 0 and 13 (a deal has 13 tricks); {example_en}.",
        )


def score_parts(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> ScoreParts:
    """The Law 77 items of a result: ``tricks`` is the total number declarer took (0–13).

    Raises :class:`ScoringInputError` for an impossible contract or trick count."""
    check_contract(level, strain, doubled, tricks)
    table = law77()
    vul = "vul" if vulnerable else "nonvul"
    needed = BOOK + level
    if tricks < needed:
        return ScoreParts(undertricks=sum(undertrick_steps(doubled, vulnerable, needed - tricks)))

    multiplier = table["double_multiplier"][doubled]
    trick_points = _trick_points(strain, level) * multiplier
    is_game = trick_points >= table["game_threshold"]
    bonuses = table["bonuses"]
    extra = tricks - needed
    if doubled:
        overtricks = extra * table["overtricks"][_DOUBLED_KEY[doubled]][vul]
    else:
        overtricks = extra * _trick_points(strain, 1, first=False)
    slam = 0
    if level == 6:
        slam = bonuses["small_slam"][vul]
    elif level == 7:
        slam = bonuses["grand_slam"][vul]
    return ScoreParts(
        trick_points=trick_points,
        overtricks=overtricks,
        game_or_partscore=bonuses["game"][vul] if is_game else bonuses["partscore"],
        slam=slam,
        insult=bonuses["insult"][doubled] if doubled else 0,
        is_game=is_game,
    )


def undertrick_steps(doubled: int, vulnerable: bool, down: int) -> list[int]:
    """The Law 77 penalty for each of ``down`` undertricks, first to last (``[100, 200, 200, 300]``)."""
    steps = law77()["undertricks"]["vul" if vulnerable else "nonvul"][_UNDOUBLED_KEY[doubled]]
    # The table lists the 1st, 2nd and 3rd undertricks; its last entry is each later one.
    return [steps[min(i, len(steps) - 1)] for i in range(down)]


def _trick_points(strain: str, odd_tricks: int, first: bool = True) -> int:
    """Undoubled trick points for ``odd_tricks`` odd tricks (``first``: the count starts at the first)."""
    points = law77()["trick_points"]
    if strain != "NT":
        return points[strain] * odd_tricks
    if first:
        return points["NT_first"] + points["NT_subsequent"] * (odd_tricks - 1)
    return points["NT_subsequent"] * odd_tricks


def contract_score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """The declaring side's score under Law 77, negative when the contract fails.

    ``level`` 1–7; ``strain`` one of ``C D H S NT``; ``doubled`` 0, 1 (X) or 2 (XX);
    ``vulnerable`` whether the declaring side is vulnerable; ``tricks`` the total number
    of tricks declarer took (0–13).  Raises :class:`ScoringInputError` for impossible input.
    """
    return score_parts(level, strain, doubled, vulnerable, tricks).total


def imps(diff: int) -> int:
    """The Law 78B IMPs for a score difference, with its sign (``imps(-520) == -11``).

    A difference that falls between two rows of the table (possible only with adjusted
    scores) counts in the lower row."""
    if isinstance(diff, bool) or not isinstance(diff, int):
        raise ScoringInputError(
            f"分差必须是整数, 不是 {diff!r}。例如 520",
            f"The difference must be a whole number, not {diff!r}; e.g. 520.",
        )
    size = abs(diff)
    result = 0
    for low, _high, value in imp_scale():
        if size >= low:
            result = value
    return result if diff >= 0 else -result


def imp_result(score_a: int, score_b: int) -> int:
    """IMPs won by side A when it scored ``score_a`` and the other table ``score_b`` (Law 78B).

    Both scores are from the same direction's point of view (e.g. both North-South)."""
    return imps(score_a - score_b)
