"""PBN 2.1 (Portable Bridge Notation) in and out: the deals of a dealing program's file for the
hand records, and a session's results as an export-format file.

Export format, as the standard asks: every game has the 15 mandatory tags in order (``?`` where
a value is unknown, empty where it does not apply — a game per board sums up many tables, so
its players, declarer, contract and result do not apply), the Deal starts with the dealer, the
Date is the session's local date (``$BRIDGEBOT_TZ``, default Asia/Shanghai), and each
``ScoreTable`` cell is padded to the width its column declares.

Character set: the standard prescribes ISO 8859-1.  A file whose text fits it is written in
ISO 8859-1, byte for byte standard.  Chinese (or any other) names do not fit; rather than lose
them to ``?``, such a file is written in UTF-8 and says so in its first lines
(``% Encoding: UTF-8``), which is what current bridge programs read."""

from __future__ import annotations

import logging
import os
import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.base.inputs import plain_digits
from bot.base.errors import ClubInputError
from bot.club.csvio import decode_upload
from bot.club.hands import DealError, deal_error, deal_from, normalize_deal
from bot.club.model import PAIRS, PASS, Result, Session
from bot.club import schedule
from bot.club.reports import TeamsBoard, Traveller, mp_text, pairs_report, percent_text, teams_boards
from bot.scoring.boards import board_info

DEFAULT_TZ = "Asia/Shanghai"
SHANGHAI = timezone(timedelta(hours=8), DEFAULT_TZ)
MAX_PBN_BYTES = 512 * 1024
MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")
_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_CANONICAL = re.compile(r"^(?P<level>[1-7])(?P<strain>C|D|H|S|NT)(?P<x>X{0,2})(?P<result>=|[+-]\d{1,2})$")
_PBN_VUL = {None: "None", "NS": "NS", "EW": "EW", "Both": "All"}
log = logging.getLogger(__name__)


def local_date(created_at: str) -> str:
    """The PBN date (``2026.11.30``) of a UTC ISO timestamp, in ``$BRIDGEBOT_TZ`` (default
    Asia/Shanghai); ``????.??.??`` when the timestamp cannot be read."""
    name = os.environ.get("BRIDGEBOT_TZ") or DEFAULT_TZ
    try:
        zone = ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        log.warning("unknown time zone %r in BRIDGEBOT_TZ; using %s", name, DEFAULT_TZ)
        zone = SHANGHAI  # Asia/Shanghai is UTC+8 all year: no time-zone database needed for it
    try:
        moment = datetime.fromisoformat(created_at)
    except ValueError:
        return "????.??.??"
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(zone).strftime("%Y.%m.%d")


def _decode(data: bytes) -> str:
    text = decode_upload(data)
    # Else the standard's own character set, ISO 8859-1: every byte is a character.
    return text if text is not None else data.decode("latin-1")


def read_deals(data: bytes, session: Session) -> tuple[dict[int, str], list[int]]:
    """The deals of a PBN file for ``session``: ``({board: normalised deal}, [boards beyond the
    session])``.  Games without a Deal are skipped; a broken Deal, a board number that is not a
    number, or a file with no deal at all raises :class:`ClubInputError` (nothing is kept)."""
    if len(data) > MAX_PBN_BYTES:
        raise ClubInputError(f"文件太大 ({len(data) // 1024} KB, 最多 {MAX_PBN_BYTES // 1024} KB), 没有导入任何牌例。",
                             f"The file is too large ({len(data) // 1024} KB, at most {MAX_PBN_BYTES // 1024} KB); "
                             "no hand was imported.")
    text = _decode(data)
    deals: dict[int, str] = {}
    beyond: list[int] = []
    previous: dict[str, str] = {}
    for game in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
        tags: dict[str, str] = {}
        for name, value in _TAG.findall(game):
            value = value.replace('\\"', '"').replace("\\\\", "\\")
            tags.setdefault(name, previous.get(name, value) if value == "#" else value)
        if not tags:
            continue
        previous = tags
        if "Deal" not in tags:
            continue
        number = tags.get("Board", "").strip()
        if not plain_digits(number) or not 1 <= int(number) <= 9999:
            raise ClubInputError(f"有一副牌的 Board 不是牌号 (“{number[:10]}”), 没有导入任何牌例。",
                                 f"A game's Board is not a board number (“{number[:10]}”); no hand was imported.")
        board = int(number)
        try:
            deal = normalize_deal(tags["Deal"])
        except DealError as err:
            raise deal_error(board, err) from None
        if board > session.boards:
            beyond.append(board)
        else:
            deals[board] = deal
    if not deals:
        raise ClubInputError(f"文件里没有本场 (牌号 1–{session.boards}) 的牌例: 需要带 [Board] 和 [Deal] 的 PBN 文件。",
                             f"The file has no deal for this session (boards 1–{session.boards}): send a PBN file "
                             "with [Board] and [Deal] tags.")
    return deals, beyond


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _contract_cells(r: Result) -> list[str]:
    """``Contract``, ``Declarer`` and ``Result`` (tricks taken) of a table: ``4S N 11``,
    ``Pass - -``; an adjusted score keeps its code (``A+A-``, ``60%40%``: one token, no spaces)
    and a board not played ``NP``."""
    if r.contract == PASS:
        return ["Pass", "-", "-"]
    if r.is_adjusted:
        return [r.contract.replace("/", ""), "-", "-"]
    if r.is_not_played:
        return ["NP", "-", "-"]
    m = _CANONICAL.match(r.contract)
    level = int(m.group("level"))
    over = 0 if m.group("result") == "=" else int(m.group("result"))
    return [f"{level}{m.group('strain')}{m.group('x')}", r.declarer, str(6 + level + over)]


def _score_cells(r: Result) -> list[str]:
    """``Score_NS`` and ``Score_EW``: the side that scored gets the points, the other ``-``;
    ``0 0`` for a passed-out board, ``- -`` for an adjusted score or a board not played."""
    if r.contract == PASS:
        return ["0", "0"]
    if not r.is_scored:
        return ["-", "-"]
    return [str(r.score_ns), "-"] if r.score_ns > 0 else ["-", str(-r.score_ns)]


def _score_table(columns: list[tuple[str, str]], rows: list[list[str]]) -> list[str]:
    """A ``ScoreTable`` tag and its rows; each column's declared width is its widest cell, and
    every cell is padded to it (``L`` left, ``R`` right)."""
    widths = [max([1] + [len(row[i]) for row in rows]) for i in range(len(columns))]
    header = ";".join(f"{name}\\{w}{align}" for (name, align), w in zip(columns, widths))
    lines = [f'[ScoreTable "{header}"]']
    for row in rows:
        lines.append(" ".join(cell.ljust(w) if align == "L" else cell.rjust(w)
                              for cell, w, (_, align) in zip(row, widths, columns)).rstrip())
    return lines


def _quoted(text: str) -> str:
    return f'"{_escape(text)}"'


def _players(name: str) -> str:
    """A pair's names as PBN lists several players: separated by semicolons (``张三;李四``)."""
    return ";".join(name.split())


def _pairs_rows(traveller: Traveller, names: dict, mitchell: bool) -> list[list[str]]:
    """Each table of a pairs board in entry order: pairs, names, result, scores, MP and %."""
    rows = []
    for line in sorted(traveller.lines, key=lambda line: line.result.id):
        r = line.result
        side = ("NS", "EW") if mitchell else ("", "")
        played = line.mp_ns is not None and line.top > 0
        rows.append([
            _quoted(r.ns), _quoted(r.ew),
            _quoted(_players(names.get((side[0], r.ns), ""))), _quoted(_players(names.get((side[1], r.ew), ""))),
            *_contract_cells(r), *_score_cells(r),
            mp_text(line.mp_ns) if played else "-", mp_text(line.mp_ew) if played else "-",
            percent_text(line.mp_ns, line.top) if played else "-",
            percent_text(line.mp_ew, line.top) if played else "-",
        ])
    return rows


PAIRS_COLUMNS = [("PairId_NS", "R"), ("PairId_EW", "R"), ("Names_NS", "L"), ("Names_EW", "L"), ("Contract", "L"),
                 ("Declarer", "R"), ("Result", "R"), ("Score_NS", "R"), ("Score_EW", "R"), ("MP_NS", "R"),
                 ("MP_EW", "R"), ("Percentage_NS", "R"), ("Percentage_EW", "R")]
TEAMS_COLUMNS = [("Room", "L"), ("Team_NS", "L"), ("Team_EW", "L"), ("Contract", "L"), ("Declarer", "R"),
                 ("Result", "R"), ("Score_NS", "R"), ("Score_EW", "R"), ("IMP_NS", "R"), ("IMP_EW", "R")]


def export_pbn(session: Session, results: list[Result], names: dict | None = None,
               hands: dict[int, tuple[str, str]] | None = None) -> bytes:
    """The session as PBN 2.1 export format: one game per board with results, each with all
    15 mandatory tags, the Deal when the hand records have it, and a ``ScoreTable``."""
    names, hands = names or {}, hands or {}
    pairs = session.kind == PAIRS
    date = local_date(session.created_at)
    games = []
    report = pairs_report(results, session.is_mitchell, schedule.plays(session)) if pairs else None
    teams = {} if pairs else {b.board: b for b in teams_boards(results)}
    for board in sorted({r.board for r in results}):
        info = board_info(board)
        deal = deal_from(hands[board][0], info.dealer) if board in hands else "?"
        tags = {"Event": session.name, "Site": "?", "Date": date, "Board": str(board),
                "West": "", "North": "", "East": "", "South": "", "Dealer": info.dealer,
                "Vulnerable": _PBN_VUL[info.vulnerability], "Deal": deal,
                "Scoring": "MP;MP1" if pairs else "IMP", "Declarer": "", "Contract": "", "Result": ""}
        lines = [f'[{tag} "{_escape(tags[tag])}"]' for tag in MANDATORY]
        if pairs:
            lines += _score_table(PAIRS_COLUMNS, _pairs_rows(report.travellers[board], names, session.is_mitchell))
        else:
            lines += _score_table(TEAMS_COLUMNS, _teams_rows(session, teams[board]))
        games.append("\r\n".join(lines))
    text = "\r\n\r\n".join(games) + "\r\n"
    try:
        return ("% PBN 2.1\r\n% EXPORT\r\n" + text).encode("latin-1")
    except UnicodeEncodeError:
        return ("% PBN 2.1\r\n% EXPORT\r\n% Encoding: UTF-8\r\n" + text).encode("utf-8")


def _teams_rows(session: Session, board: TeamsBoard) -> list[list[str]]:
    """Each room of a teams board with the IMPs of the pairs sitting there: a played board's
    winners get its IMPs (``-`` for the other side); an adjusted board shows each team's ±3
    on the adjusted room's line."""
    rows = []
    for r in (board.open, board.closed):
        if r is None:
            continue
        imps = ["-", "-"]
        if board.scores is not None and (board.adjusted is None or r is board.adjusted):
            home, away = board.scores
            ns, ew = (home, away) if r.ns == session.home else (away, home)
            imps = [str(ns), str(ew)] if board.adjusted is not None else [str(v) if v > 0 else "-" for v in (ns, ew)]
        rows.append([r.room.capitalize(), _quoted(r.ns), _quoted(r.ew), *_contract_cells(r), *_score_cells(r), *imps])
    return rows
