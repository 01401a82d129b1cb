"""A session's results as files: CSV export and import, and a PBN results section (``ScoreTable``).

The export CSV can be imported again: import reads the columns it needs by name and ignores
the rest, so a file from a spreadsheet works as long as its header names them."""

from __future__ import annotations

import csv
import io
import re

from bot.scoring.boards import board_info
from bot.club.entry import parse_entry
from bot.base.errors import ClubInputError
from bot.club.model import PAIRS, PASS, Result, Session
from bot.club.reports import pairs_traveller, teams_boards

MAX_IMPORT_BYTES = 512 * 1024
MAX_IMPORT_ROWS = 2000
PAIRS_COLUMNS = ("board", "ns", "ew", "contract", "declarer", "score_ns", "score_ew", "mp_ns", "mp_ew")
TEAMS_COLUMNS = ("board", "room", "ns", "ew", "contract", "declarer", "score_ns", "score_ew", "imps_home")
PAIRS_NEEDED = ("board", "ns", "ew", "contract", "declarer")
TEAMS_NEEDED = ("board", "room", "contract", "declarer")
_CANONICAL = re.compile(r"^(?P<level>[1-7])(?P<strain>C|D|H|S|NT)(?P<x>X{0,2})(?P<result>=|[+-]\d{1,2})$")
_PBN_VUL = {None: "None", "NS": "NS", "EW": "EW", "Both": "All"}


def file_stem(session: Session) -> str:
    """A safe file name stem for a session's exports: ``session-12``."""
    return f"session-{session.id}"


def export_csv(session: Session, results: list[Result]) -> bytes:
    """The session's results as UTF-8 CSV (with a BOM so spreadsheet programs read Chinese right)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    if session.kind == PAIRS:
        writer.writerow(PAIRS_COLUMNS)
        for board in sorted({r.board for r in results}):
            lines = pairs_traveller([r for r in results if r.board == board])
            for line in sorted(lines, key=lambda line: line.result.id):
                r = line.result
                writer.writerow([r.board, r.ns, r.ew, r.contract, r.declarer, r.score_ns, r.score_ew,
                                 line.mp_ns, line.mp_ew])
    else:
        writer.writerow(TEAMS_COLUMNS)
        for board in teams_boards(results):
            for r in (board.open, board.closed):
                if r is not None:
                    imps = "" if board.home_imps is None else board.home_imps
                    writer.writerow([r.board, r.room, r.ns, r.ew, r.contract, r.declarer, r.score_ns,
                                     r.score_ew, imps])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _pbn_contract(contract: str) -> tuple[str, str]:
    """The PBN ``Contract`` and ``Result`` (tricks taken) of a canonical contract like ``4S+1``."""
    if contract == PASS:
        return "Pass", "-"
    m = _CANONICAL.match(contract)
    level = int(m.group("level"))
    over = 0 if m.group("result") == "=" else int(m.group("result"))
    return f"{level}{m.group('strain')}{m.group('x')}", str(6 + level + over)


def _pbn_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def export_pbn(session: Session, results: list[Result]) -> bytes:
    """The session as PBN 2.1 games, one per board, each with a ``ScoreTable`` of its results."""
    date = session.created_at[:10].replace("-", ".")
    lines = ["% PBN 2.1", "% EXPORT", ""]
    pairs = session.kind == PAIRS
    for board in sorted({r.board for r in results}):
        info = board_info(board)
        lines += [f'[Event "{_pbn_escape(session.name)}"]', '[Site ""]', f'[Date "{date}"]',
                  f'[Board "{board}"]', f'[Dealer "{info.dealer}"]', f'[Vulnerable "{_PBN_VUL[info.vulnerability]}"]',
                  f'[Scoring "{"MP" if pairs else "IMP"}"]']
        board_results = [r for r in results if r.board == board]
        if pairs:
            lines.append('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
                         'Score_NS\\6R;Score_EW\\6R;MP_NS\\4R;MP_EW\\4R"]')
            for line in sorted(pairs_traveller(board_results), key=lambda line: line.result.id):
                r = line.result
                contract, tricks = _pbn_contract(r.contract)
                lines.append(" ".join([f'"{_pbn_escape(r.ns)}"', f'"{_pbn_escape(r.ew)}"', contract,
                                       r.declarer or "-", tricks, _pbn_score(r.score_ns), _pbn_score(r.score_ew),
                                       str(line.mp_ns), str(line.mp_ew)]))
        else:
            lines.append('[ScoreTable "Room\\6L;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]')
            for r in board_results:
                contract, tricks = _pbn_contract(r.contract)
                lines.append(" ".join([r.room.capitalize(), contract, r.declarer or "-", tricks,
                                       _pbn_score(r.score_ns), _pbn_score(r.score_ew)]))
        lines.append("")
    return "\r\n".join(lines).encode("utf-8")


def _pbn_score(score: int) -> str:
    return str(score) if score >= 0 else "-"


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ClubInputError("无法读取这个文件: 请存为 UTF-8 编码的 CSV 文件。",
                         "Cannot read this file: please save it as a UTF-8 CSV file.")


def import_csv(data: bytes, session: Session) -> list[Result]:
    """Read an uploaded CSV into scored results for ``session``; nothing is stored here.

    Pairs columns: board, ns, ew, contract, declarer.  Teams: board, room, contract, declarer.
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
    rows = list(csv.reader(io.StringIO(text)))
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
    results = []
    for number, row in enumerate(rows[1:], start=2):
        cells = {name: (row[i].strip() if i < len(row) else "") for name, i in where.items()}
        if session.kind == PAIRS:
            line = f"{cells['board']} {cells['ns']}-{cells['ew']} {cells['contract']} {cells['declarer']}"
        else:
            line = f"{cells['board']} {cells['room']} {cells['contract']} {cells['declarer']}"
        try:
            results.append(parse_entry(line, session))
        except ClubInputError as err:
            raise ClubInputError(f"第 {number} 行有错, 没有导入任何成绩: {err.message_zh}",
                                 f"Line {number} is wrong, nothing was imported: {err.message_en}") from None
    return results
