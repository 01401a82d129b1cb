"""A pairs session's tables and boards a round: checked against its movement when it is started,
and its schedule (which pairs meet on which boards in each round) as text for the tables."""

from __future__ import annotations

from bot.base.errors import ClubInputError
from bot.club import movements
from bot.club.model import HOWELL, Session

EXAMPLE = "/session new pairs mitchell 7桌 每轮3副 21副"
EXAMPLE_EN = "/session new pairs mitchell 7 tables 3 boards a round 21 boards"


def rounds_and_sets(movement: str, tables: int) -> tuple[int, int]:
    """The rounds a movement plays at ``tables`` tables and the board sets in play: a Mitchell has a
    set at each table (``T`` rounds, ``T − 1`` with the skip), a complete Howell ``2T − 1`` of both."""
    if movement == HOWELL:
        return movements.howell_rounds(tables), movements.howell_rounds(tables)
    return movements.mitchell_rounds(tables), tables


def plan(movement: str, tables: int, per_round: int, boards: int | None) -> int:
    """The boards a round of a session with ``tables`` tables: ``per_round`` as typed, or the
    ``boards`` shared out over the movement's board sets.  Raises :class:`ClubInputError` with a
    form that works when the two do not fit the tables."""
    most = movements.MAX_HOWELL_TABLES if movement == HOWELL else movements.MAX_TABLES
    if not 2 <= tables <= most:
        raise ClubInputError(f"桌数要在 2 到 {most} 之间。例如 {EXAMPLE}",
                             f"The tables must be 2 to {most}; e.g. {EXAMPLE_EN}")
    rounds, sets = rounds_and_sets(movement, tables)
    fits = f"{tables} 桌打 {rounds} 轮, 共 {sets} 组牌"
    fits_en = f"{tables} tables play {rounds} rounds with {sets} sets of boards"
    if not per_round:
        if boards is None or boards % sets:
            raise ClubInputError(f"请写出每轮几副 ({fits})。例如 {EXAMPLE}",
                                 f"Say how many boards a round ({fits_en}); e.g. {EXAMPLE_EN}")
        return boards // sets
    if boards is not None and boards != sets * per_round:
        raise ClubInputError(f"{fits}, 每轮 {per_round} 副就是 {sets * per_round} 副, 不是 {boards} 副。例如 {EXAMPLE}",
                             f"{fits_en}: {per_round} boards a round make {sets * per_round} boards, not {boards}; "
                             f"e.g. {EXAMPLE_EN}")
    return per_round


def plays(session: Session) -> int:
    """How many times the session's movement plays each board (0 when its tables were not given):
    every table in a Mitchell or a Howell, one table fewer in a skip Mitchell."""
    if not session.tables or not session.per_round:
        return 0
    rounds, sets = rounds_and_sets(session.movement, session.tables)
    return rounds * session.tables // sets


def movement_text(session: Session, lang: str) -> str:
    """The schedule of a pairs session started with its tables: for each round, each table's
    North-South and East-West pairs and boards — one aligned block a round."""
    en = lang == "en"
    tables, per_round = session.tables, session.per_round
    rounds = rounds_and_sets(session.movement, tables)[0]
    if session.movement == HOWELL:
        schedule, shared = movements.howell(tables, rounds)
    else:
        schedule, shared = movements.mitchell(tables, rounds), False
    name = ("Howell" if en else "豪厄尔") if session.movement == HOWELL else ("Mitchell" if en else "米切尔")
    pairs = 2 * tables
    if en:
        lines = [f"{name} movement: {tables} tables, {pairs} pairs, {rounds} rounds of {per_round} board(s), "
                 f"{session.boards} boards in play."]
    else:
        lines = [f"{name}移位: {tables} 桌, {pairs} 对, {rounds} 轮, 每轮 {per_round} 副, 共 {session.boards} 副牌。"]
    if session.movement == HOWELL:
        lines.append(f"Pair {pairs} stays at table 1 NS; the others move." if en else
                     f"第 {pairs} 对坐 1 桌南北不动, 其余各对移位。")
        if shared:
            lines.append("With so few tables every table plays the round's boards in turn (shared)." if en
                         else "桌数少: 每轮各桌轮流打同一组牌 (共用)。")
    else:
        skip = tables % 2 == 0 and rounds > tables // 2
        lines.append("NS stay; EW move up a table, the boards down a table" if en else
                     "南北不动; 东西每轮往上一桌, 牌往下一桌")
        if skip:
            lines[-1] += (f"; after round {tables // 2} EW skip a table." if en else
                          f"; 第 {tables // 2} 轮后东西跳过一桌。")
        else:
            lines[-1] += "." if en else "。"
    for r, row in enumerate(schedule, start=1):
        head = ["Tbl", "NS-EW", "Boards"] if en else ["桌", "南北-东西", "牌号"]
        cells = [head] + [[str(t.table), f"{t.ns}-{t.ew}", _boards(t.board_set, per_round)] for t in row]
        widths = [max(_width(c[i]) for c in cells) for i in range(3)]
        block = ["  ".join(c[i] + " " * (widths[i] - _width(c[i])) for i in range(3)).rstrip() for c in cells]
        lines.append((f"Round {r}" if en else f"第{r}轮") + "\n" + "\n".join(block))
    return "\n".join(lines)


def _boards(board_set: int, per_round: int) -> str:
    first, last = movements.boards_of(board_set, per_round)
    return str(first) if first == last else f"{first}–{last}"


def _width(text: str) -> int:
    return sum(2 if "\u4e00" <= ch <= "\u9fff" else 1 for ch in text)
