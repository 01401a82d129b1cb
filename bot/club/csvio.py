"""A session's results as CSV: export and import (PBN is :mod:`bot.club.pbn`).

The export CSV can be imported again: import reads the columns it needs by name and ignores
the rest, so a file from a spreadsheet works as long as its header names them.  Exported text
cells that a spreadsheet would run as a formula (starting with ``= + - @``, a tab or a CR)
get a leading apostrophe; numbers stay numbers."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from bot.club.entry import parse_entry
from bot.base.errors import ClubInputError
from bot.club.model import PAIRS, Result, Session
from bot.club import schedule
from bot.club.reports import mp_text, pairs_report, teams_boards

MAX_IMPORT_BYTES = 512 * 1024
MAX_IMPORT_ROWS = 2000
MAX_FIELD = 100
PAIRS_COLUMNS = ("board", "ns", "ew", "contract", "declarer", "score_ns", "score_ew", "mp_ns", "mp_ew",
                 "names_ns", "names_ew")
TEAMS_COLUMNS = ("board", "room", "ns", "ew", "contract", "declarer", "score_ns", "score_ew", "imps_home",
                 "imps_away")
PAIRS_NEEDED = ("board", "ns", "ew", "contract", "declarer")
NAME_COLUMNS = ("names_ns", "names_ew")
MAX_NAME = 40
TEAMS_NEEDED = ("board", "room", "contract", "declarer")
_NUMBER = re.compile(r"^-?[0-9]+(?:\.[0-9]+)?$")


def neutralise(cell: object) -> object:
    """A CSV cell a spreadsheet will not run as a formula: text starting with ``= + - @``, a
    tab or a CR gets a leading apostrophe (numbers are left as they are)."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.match(cell):
        return "'" + cell
    return cell


def file_stem(session: Session) -> str:
    """A safe file name stem for a session's exports: ``session-12``."""
    return f"session-{session.id}"


def export_csv(session: Session, results: list[Result], names: dict | None = None) -> bytes:
    """The session's results as UTF-8 CSV (with a BOM so spreadsheet programs read Chinese right)."""
    names = names or {}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    write = lambda row: writer.writerow([neutralise(cell) for cell in row])  # noqa: E731
    if session.kind == PAIRS:
        write(PAIRS_COLUMNS)
        sides = ("NS", "EW") if session.is_mitchell else ("", "")
        for traveller in pairs_report(results, session.is_mitchell, schedule.plays(session)).travellers.values():
            for line in sorted(traveller.lines, key=lambda line: line.result.id):
                r = line.result
                mps = (["", ""] if line.mp_ns is None or not line.top
                       else [mp_text(line.mp_ns), mp_text(line.mp_ew)])
                scores = [r.score_ns, r.score_ew] if r.is_scored else ["", ""]  # an adjusted score has none
                write([r.board, r.ns, r.ew, r.contract, r.declarer, *scores, *mps,
                       names.get((sides[0], r.ns), ""), names.get((sides[1], r.ew), "")])
    else:
        write(TEAMS_COLUMNS)
        for board in teams_boards(results):
            for r in (board.open, board.closed):
                if r is not None:
                    scores = board.scores or ("", "")
                    points = [r.score_ns, r.score_ew] if r.is_scored else ["", ""]
                    write([r.board, r.room, r.ns, r.ew, r.contract, r.declarer, *points, *scores])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def decode_upload(data: bytes) -> str | None:
    """The text of an uploaded file: UTF-8 (with or without a BOM) or GB18030 (what Excel and
    WPS save on a Chinese system); None when it is neither."""
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def _decode(data: bytes) -> str:
    text = decode_upload(data)
    if text is not None:
        return text
    raise ClubInputError("无法读取这个文件: 请存为 UTF-8 编码的 CSV 文件。",
                         "Cannot read this file: please save it as a UTF-8 CSV file.")


@dataclass(frozen=True)
class ImportedFile:
    """What a CSV file holds: its results in file order and the pairs' names (``{(side, pair): name}``)."""

    results: list[Result]
    names: dict[tuple[str, str], str]


def import_csv(data: bytes, session: Session) -> ImportedFile:
    """Read an uploaded CSV into scored results for ``session`` and the names it gives; nothing is
    stored here.

    Pairs columns: board, ns, ew, contract, declarer, and names_ns, names_ew when present (the
    other columns /export writes follow from these).  Teams: board, room, contract, declarer.
    Raises :class:`ClubInputError` naming the first bad line, or when the file is too large."""
    needed = PAIRS_NEEDED if session.kind == PAIRS else TEAMS_NEEDED
    example_zh = ("第一行: board,ns,ew,contract,declarer; 之后每行一个成绩, 如 5,1,3,4S+1,N" if session.kind == PAIRS
                  else "第一行: board,room,contract,declarer; 之后每行一个成绩, 如 5,open,4S+1,N")
    example_en = ("header board,ns,ew,contract,declarer, then one result a line, e.g. 5,1,3,4S+1,N"
                  if session.kind == PAIRS else
                  "header board,room,contract,declarer, then one result a line, e.g. 5,open,4S+1,N")
    if len(data) > MAX_IMPORT_BYTES:
        raise ClubInputError(f"文件太大 ({len(data) // 1024} KB, 最多 {MAX_IMPORT_BYTES // 1024} KB), 没有导入任何成绩。",
                             f"The file is too large ({len(data) // 1024} KB, at most {MAX_IMPORT_BYTES // 1024} KB); "
                             "nothing was imported.")
    text = _decode(data)
    too_long = ClubInputError(f"文件里有一格超过 {MAX_FIELD} 个字符, 没有导入任何成绩。{example_zh}",
                              f"A cell of the file is longer than {MAX_FIELD} characters; nothing was imported; "
                              f"{example_en}.")
    try:
        rows = list(csv.reader(io.StringIO(text)))
    except csv.Error:  # a field past the csv module's own limit, or a NUL byte
        raise too_long from None
    if any(len(cell) > MAX_FIELD for row in rows for cell in row):
        raise too_long
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if len(rows) - 1 > MAX_IMPORT_ROWS:
        raise ClubInputError(f"文件有 {len(rows) - 1} 行成绩, 最多 {MAX_IMPORT_ROWS} 行; 没有导入任何成绩。",
                             f"The file has {len(rows) - 1} result lines, at most {MAX_IMPORT_ROWS}; "
                             "nothing was imported.")
    if len(rows) < 2:
        raise ClubInputError(f"文件里没有成绩。{example_zh}", f"The file holds no results; {example_en}.")
    header = [cell.strip().lower() for cell in rows[0]]
    missing = [name for name in needed if name not in header]
    if missing:
        raise ClubInputError(f"第一行缺少列: {', '.join(missing)}。{example_zh}",
                             f"The header lacks the column(s) {', '.join(missing)}; {example_en}.")
    where = {name: header.index(name) for name in needed}
    names_at = {name: header.index(name) for name in NAME_COLUMNS if name in header}
    results, names = [], {}
    for number, row in enumerate(rows[1:], start=2):
        cells = {name: (row[i].strip() if i < len(row) else "") for name, i in where.items()}
        if session.kind == PAIRS:
            line = f"{cells['board']} {cells['ns']}-{cells['ew']} {cells['contract']} {cells['declarer']}"
        else:
            line = f"{cells['board']} {cells['room']} {cells['contract']} {cells['declarer']}"
        try:
            result = parse_entry(line, session)
            results.append(result)
            _read_names(row, names_at, result, session, names)
        except ClubInputError as err:
            raise ClubInputError(f"第 {number} 行有错, 没有导入任何成绩: {err.message_zh}",
                                 f"Line {number} is wrong, nothing was imported: {err.message_en}") from None
    return ImportedFile(results, names)


def _read_names(row: list[str], names_at: dict[str, int], result: Result, session: Session,
                names: dict[tuple[str, str], str]) -> None:
    """The ``names_ns``/``names_ew`` cells of a pairs row into ``names`` (``{(side, pair): name}``);
    a pair named two ways in one file is refused."""
    sides = ("NS", "EW") if session.is_mitchell else ("", "")
    for column, side, pair in (("names_ns", sides[0], result.ns), ("names_ew", sides[1], result.ew)):
        i = names_at.get(column)
        name = " ".join(row[i].split()) if i is not None and i < len(row) else ""
        if not name:
            continue
        if len(name) > MAX_NAME:
            raise ClubInputError(f"名字最多 {MAX_NAME} 个字: “{name[:12]}…”", f"A name is at most {MAX_NAME} characters")
        if names.setdefault((side, pair), name) != name:
            raise ClubInputError(f"第 {side}{pair} 对有两个名字: “{names[(side, pair)]}” 和 “{name}”",
                                 f"Pair {side}{pair} has two names: “{names[(side, pair)]}” and “{name}”")
