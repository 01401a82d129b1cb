"""Club replies as plain text in Chinese or English: travellers, standings, the match result and a
session summary.  Columns are aligned for a monospace font (CJK characters count double)."""

from __future__ import annotations

import unicodedata

from bot.scoring.boards import board_info
from bot.club.model import OPEN_ROOM, PAIRS, PASS, Result, Session
from bot.club.reports import MatchResult, PairStanding, TeamsBoard, TravellerLine, percent_text

_SEAT_ZH = {"N": "北", "E": "东", "S": "南", "W": "西"}
_VUL_ZH = {None: "双方无局", "NS": "南北有局", "EW": "东西有局", "Both": "双方有局"}
_VUL_EN = {None: "none vul", "NS": "NS vul", "EW": "EW vul", "Both": "both vul"}


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def table(rows: list[list[str]], right: set[int] = frozenset()) -> str:
    """Rows of cells as aligned text; columns in ``right`` are right-aligned (numbers)."""
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - _width(cell))
            cells.append(pad + cell if i in right else cell + pad)
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def board_heading(board: int, lang: str) -> str:
    """``第5副 · 北发牌 · 南北有局`` / ``Board 5 · dealer N · NS vul``."""
    info = board_info(board)
    if lang == "en":
        return f"Board {board} · dealer {info.dealer} · {_VUL_EN[info.vulnerability]}"
    return f"第{board}副 · {_SEAT_ZH[info.dealer]}发牌 · {_VUL_ZH[info.vulnerability]}"


def _plus(score: int) -> str:
    return str(score) if score > 0 else "-"


def _contract_cells(result: Result) -> list[str]:
    return [result.contract, result.declarer or "-"]


def pairs_traveller_text(board: int, lines: list[TravellerLine], lang: str) -> str:
    """The traveller of one pairs board: each result, both sides' scores, matchpoints and %."""
    en = lang == "en"
    head = (["NS", "EW", "Contract", "By", "+NS", "+EW", "NS-MP", "EW-MP", "NS%", "EW%"] if en else
            ["南北", "东西", "定约", "庄", "南北得分", "东西得分", "南北MP", "东西MP", "南北%", "东西%"])
    rows = [head]
    for line in lines:
        r = line.result
        scores = ["0", "0"] if r.contract == PASS else [_plus(r.score_ns), _plus(r.score_ew)]
        pct = ([percent_text(line.mp_ns, line.top), percent_text(line.mp_ew, line.top)] if line.top
               else ["-", "-"])
        rows.append([r.ns, r.ew, *_contract_cells(r), *scores, str(line.mp_ns), str(line.mp_ew), *pct])
    top = lines[0].top if lines else 0
    footer = (f"{len(lines)} result(s), top {top} MP" if en else f"共 {len(lines)} 桌, 满分 {top} MP")
    return "\n".join([board_heading(board, lang), table(rows, right={4, 5, 6, 7, 8, 9}), footer])


def pairs_standings_text(session: Session, standings: list[PairStanding], lang: str) -> str:
    """The pairs ranking by matchpoint percentage; tied ranks are marked with ``=``."""
    en = lang == "en"
    head = ["Rank", "Pair", "MP", "Top", "%", "Boards"] if en else ["名次", "对", "MP", "满分", "%", "副数"]
    rows = [head]
    for s in standings:
        rows.append([f"{s.rank}{'=' if s.tied else ''}", s.pair, str(s.mp), str(s.top), s.percent, str(s.boards)])
    title = f"{session.name} — standings" if en else f"{session.name} — 成绩排名"
    return "\n".join([title, table(rows, right={2, 3, 4, 5})])


def teams_traveller_text(session: Session, board: TeamsBoard, lang: str) -> str:
    """One teams board: the open and closed room results and the IMPs they make."""
    en = lang == "en"
    head = ["Room", "Contract", "By", "+NS", "+EW"] if en else ["房间", "定约", "庄", "南北得分", "东西得分"]
    rows = [head]
    for result in (board.open, board.closed):
        if result is None:
            continue
        room = (result.room if en else ("开室" if result.room == OPEN_ROOM else "闭室"))
        scores = ["0", "0"] if result.contract == PASS else [_plus(result.score_ns), _plus(result.score_ew)]
        rows.append([room, *_contract_cells(result), *scores])
    if board.home_imps is None:
        missing = "closed" if board.closed is None else "open"
        verdict = (f"Waiting for the {missing} room." if en else
                   f"等待{'闭室' if missing == 'closed' else '开室'}的结果。")
    elif board.home_imps == 0:
        verdict = "Flat board: 0 IMPs." if en else "平局: 0 IMP。"
    else:
        winner = session.home if board.home_imps > 0 else session.away
        verdict = f"{winner} +{abs(board.home_imps)} IMPs" if en else f"{winner} +{abs(board.home_imps)} IMP"
    return "\n".join([board_heading(board.board, lang), table(rows, right={3, 4}), verdict])


def match_text(session: Session, boards: list[TeamsBoard], match: MatchResult, lang: str) -> str:
    """The teams match: IMPs board by board, the IMP totals and the Victory Points."""
    en = lang == "en"
    head = ["Board", session.home, session.away] if en else ["牌号", session.home, session.away]
    rows = [head]
    for b in boards:
        imps = b.home_imps
        if imps is None:
            rows.append([str(b.board), "…", "…"])
        else:
            rows.append([str(b.board), str(imps) if imps > 0 else "-", str(-imps) if imps < 0 else "-"])
    rows.append(["Total" if en else "合计", str(match.home_imps), str(match.away_imps)])
    if match.boards:
        rows.append(["VP", f"{match.home_vp:.2f}", f"{match.away_vp:.2f}"])
    parts = [session.name, table(rows, right={1, 2})]
    if not match.boards:
        parts.append("No board has been played in both rooms yet." if en else "还没有两个房间都打完的牌。")
    else:
        parts.append(_verdict(match, lang))
    if match.unfinished:
        listed = ", ".join(map(str, match.unfinished))
        parts.append(f"Not counted yet (one room only): boards {listed}." if en else
                     f"尚未计入 (只有一个房间的结果): {listed} 号牌。")
    return "\n".join(parts)


def _verdict(match: MatchResult, lang: str) -> str:
    scale = (f"WBF 2013 continuous VP scale, {match.boards} boards" if lang == "en" else
             f"WBF 2013 连续VP表, {match.boards} 副")
    if match.home_imps == match.away_imps:
        return (f"Drawn at {match.home_imps}:{match.away_imps} IMPs, 10.00:10.00 VP ({scale})." if lang == "en"
                else f"{match.home} 与 {match.away} 以 IMP {match.home_imps}:{match.away_imps} 战平, "
                     f"VP 10.00:10.00 ({scale})。")
    home_won = match.home_imps > match.away_imps
    winner, loser = (match.home, match.away) if home_won else (match.away, match.home)
    w_imps, l_imps = sorted((match.home_imps, match.away_imps), reverse=True)
    w_vp, l_vp = (match.home_vp, match.away_vp) if home_won else (match.away_vp, match.home_vp)
    if lang == "en":
        return f"{winner} beat {loser} by {w_imps}:{l_imps} IMPs, {w_vp:.2f}:{l_vp:.2f} VP ({scale})."
    return f"{winner} 以 IMP {w_imps}:{l_imps} 战胜 {loser}, VP {w_vp:.2f}:{l_vp:.2f} ({scale})。"


def session_text(session: Session, results: list[Result], lang: str) -> str:
    """A summary of a session: its kind, name, state and which boards have results."""
    en = lang == "en"
    boards = sorted({r.board for r in results})
    played = ", ".join(map(str, boards)) if boards else ("none yet" if en else "还没有")
    if en:
        kind = "pairs" if session.kind == PAIRS else f"teams match {session.home} vs {session.away}"
        state = "open" if session.is_open else "ended"
        return (f"Session “{session.name}” ({kind}), {state}; boards 1–{session.boards}.\n"
                f"{len(results)} result(s); boards with results: {played}.")
    kind = "双人赛" if session.kind == PAIRS else f"队式赛 {session.home} 对 {session.away}"
    state = "进行中" if session.is_open else "已结束"
    return (f"比赛 “{session.name}” ({kind}), {state}; 牌号 1–{session.boards}。\n"
            f"共 {len(results)} 个成绩; 有成绩的牌: {played}。")
