"""A session's results as one self-contained HTML page (``/export html``): the session's name, date
and movement, the standings, every board's traveller and, with hand records, the four hands as a
compass, the makeable contracts and the par.

The figures come from the report objects the text replies use (:mod:`bot.club.reports`): one
computation, two renderings.  The page has no scripts and no external files; it reads on a phone
(390 px: wide tables scroll inside their own box, never the page), on a desktop and on paper
(:mod:`bot.club.html_style`).  Every name a member typed is escaped: a name is never HTML."""

from __future__ import annotations

import json
import re
from html import escape

from bot.club import hands as hand_records
from bot.club.html_style import STYLE
from bot.club.model import HOWELL, MITCHELL, OPEN_ROOM, PAIRS, PASS, Result, Session
from bot.club.pbn import local_date
from bot.club.reports import (EW, NS, MatchResult, PairsReport, TeamsBoard, Traveller, match_result, mp_text,
                              pairs_report, percent_text, teams_boards)
from bot.club.render import board_heading

_LABELS = {
    "zh": {"standings": "成绩排名", "boards": "各副牌", "rank": "名次", "pair": "对", "mp": "MP", "top": "满分",
           "pct": "%", "bds": "副数", "ns": "南北", "ew": "东西", "contract": "定约", "by": "庄", "res": "结果",
           "room": "房间", "open": "开室", "closed": "闭室", "board": "牌号", "total": "合计", "adj": "调整",
           "no_results": "这副牌还没有成绩。", "makeable": "双明手可做定约", "np": "未打", "adjusted": "调整分",
           "pairs": "双人赛", "teams": "队式赛", "mitchell": "米切尔", "howell": "豪厄尔", "results": "个成绩",
           "pass": "不叫", "unfinished": "尚未计入 (只有一个房间的结果)"},
    "en": {"standings": "Standings", "boards": "Boards", "rank": "Rank", "pair": "Pair", "mp": "MP", "top": "Top",
           "pct": "%", "bds": "Bds", "ns": "NS", "ew": "EW", "contract": "Contract", "by": "By", "res": "Result",
           "room": "Room", "open": "Open", "closed": "Closed", "board": "Board", "total": "Total", "adj": "Adj.",
           "no_results": "No results on this board yet.", "makeable": "Double dummy, makeable", "np": "Not played",
           "adjusted": "Adjusted", "pairs": "Pairs", "teams": "Teams", "mitchell": "Mitchell", "howell": "Howell",
           "results": "result(s)", "pass": "Pass", "unfinished": "Not counted yet (one room only)"},
}
_SEAT_ZH = {"N": "北", "E": "东", "S": "南", "W": "西"}
_SUIT_CLASS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_CONTRACT = re.compile(r"^(?P<level>[1-7])(?P<strain>NT|S|H|D|C)(?P<risk>XX|X)?(?P<made>=|[+-]\d+)$")


def results_page(session: Session, results: list[Result], lang: str, names: dict | None = None,
                 hands: dict[int, tuple[str, str]] | None = None, report: PairsReport | None = None) -> str:
    """The whole page as text (encode it as UTF-8).

    ``names`` is the store's ``{(side, label): name}``; ``hands`` its ``{board: (deal, analysis
    JSON)}``; ``report`` the session's :class:`PairsReport` when the caller already has it (a
    pairs session's report is computed here otherwise)."""
    lang = "en" if lang == "en" else "zh"
    t = _LABELS[lang]
    names, hands = names or {}, hands or {}
    boards = sorted({r.board for r in results} | set(hands))
    if session.kind == PAIRS:
        report = report if report is not None else pairs_report(results, session.is_mitchell)
        standings = _pairs_standings(session, report, names, t)
        board_blocks = [_pairs_board(report.travellers.get(b), b, hands.get(b), lang, t, names, session)
                        for b in boards]
    else:
        by_board = {b.board: b for b in teams_boards(results)}
        standings = _match(session, list(by_board.values()), match_result(session, results), names, t)
        board_blocks = [_teams_board(session, by_board.get(b), b, hands.get(b), lang, t) for b in boards]
    jump = " ".join(f'<a href="#b{b}">{b}</a>' for b in boards)
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{"en" if lang == "en" else "zh-Hans"}">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(session.name)}</title>",
        f"<style>{STYLE}</style></head>",
        "<body><main>",
        f'<header><h1>{escape(session.name)}</h1><p class="meta">{escape(_meta(session, results, t))}</p></header>',
        f'<nav aria-label="{t["boards"]}">{t["boards"]}: {jump}</nav>' if boards else "",
        f'<section class="standings"><h2>{t["standings"]}</h2>{standings}</section>',
        f'<section class="boards"><h2>{t["boards"]}</h2>',
        *board_blocks,
        "</section></main></body></html>",
        ""])


def _meta(session: Session, results: list[Result], t: dict) -> str:
    """``2026-11-30 · 双人赛 · 米切尔 · 40 个成绩``."""
    date = local_date(session.created_at).replace(".", "-")
    kind = t["pairs"] if session.kind == PAIRS else f'{t["teams"]} {session.home} – {session.away}'
    movement = {MITCHELL: t["mitchell"], HOWELL: t["howell"]}.get(session.movement)
    parts = [date, kind] + ([movement] if movement else []) + [f'{len(results)} {t["results"]}']
    return " · ".join(parts)


def _table(head: list[str], rows: list[str], numeric: set[int], css: str = "") -> str:
    """A table in its own horizontally scrolling box; ``rows`` are ready ``<tr>`` strings."""
    cells = "".join(f'<th{" class=n" if i in numeric else ""}>{h}</th>' for i, h in enumerate(head))
    return (f'<div class="wide"><table class="{css}"><thead><tr>{cells}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def _row(cells: list[str], numeric: set[int], css: str = "") -> str:
    """One ``<tr>`` of already escaped cells."""
    tds = "".join(f'<td{" class=n" if i in numeric else ""}>{c}</td>' for i, c in enumerate(cells))
    return f'<tr class="{css}">{tds}</tr>' if css else f"<tr>{tds}</tr>"


def _side(direction: str, t: dict) -> str:
    return t["ns"] if direction == NS else t["ew"] if direction == EW else ""


# ----- standings ------------------------------------------------------------------------


def _pairs_standings(session: Session, report: PairsReport, names: dict, t: dict) -> str:
    """One table per direction (Mitchell) or one for the field (Howell), names under each pair."""
    blocks = []
    for direction, ranking in report.standings.items():
        if not ranking:
            continue
        rows = []
        for s in ranking:
            name = names.get((direction, s.pair), "")
            pair = f'<b>{escape(s.pair)}</b>' + (f'<span class="names">{escape(name)}</span>' if name else "")
            rows.append(_row([f"{s.rank}{'=' if s.tied else ''}", pair, mp_text(s.mp), str(s.top), s.percent,
                              str(s.boards)], {0, 2, 3, 4, 5}))
        title = f"<h3>{_side(direction, t)}</h3>" if direction else ""
        blocks.append(f'<div class="ranking">{title}'
                      f'{_table([t["rank"], t["pair"], t["mp"], t["top"], t["pct"], t["bds"]], rows, {0, 2, 3, 4, 5}, "rank")}'
                      "</div>")
    return f'<div class="rankings">{"".join(blocks)}</div>'


def _match(session: Session, boards: list[TeamsBoard], match: MatchResult, names: dict, t: dict) -> str:
    """The teams match board by board: IMPs, totals, adjusted IMPs and VPs."""
    home, away = escape(session.home), escape(session.away)
    rows = []
    for b in boards:
        scores = b.scores
        if b.not_played:
            rows.append(_row([f'<a href="#b{b.board}">{b.board}</a>', t["np"], t["np"]], {1, 2}, "np"))
        elif scores is None:
            rows.append(_row([f'<a href="#b{b.board}">{b.board}</a>', "…", "…"], {1, 2}))
        elif b.adjusted is not None:
            rows.append(_row([f'<a href="#b{b.board}">{b.board}</a>A', f"{scores[0]:+d}", f"{scores[1]:+d}"],
                             {1, 2}, "adj"))
        else:
            won = scores[0]
            rows.append(_row([f'<a href="#b{b.board}">{b.board}</a>', str(won) if won > 0 else "-",
                              str(-won) if won < 0 else "-"], {1, 2}))
    rows.append(_row([t["total"], str(match.home_imps), str(match.away_imps)], {1, 2}, "sum"))
    if match.home_adjusted or match.away_adjusted:
        rows.append(_row([t["adj"], f"{match.home_adjusted:+d}", f"{match.away_adjusted:+d}"], {1, 2}, "sum"))
    if match.boards:
        rows.append(_row(["VP", f"{match.home_vp:.2f}", f"{match.away_vp:.2f}"], {1, 2}, "sum vp"))
    players = "".join(f'<p class="names">{escape(team)}: {escape(names[("team", team)])}</p>'
                      for team in (session.home, session.away) if names.get(("team", team)))
    unfinished = ""
    if match.unfinished:
        listed = ", ".join(map(str, match.unfinished))
        unfinished = f'<p class="note">{t["unfinished"]}: {listed}</p>'
    return _table([t["board"], home, away], rows, {1, 2}, "match") + unfinished + players


# ----- boards ---------------------------------------------------------------------------


def contract_html(contract: str) -> tuple[str, str]:
    """The contract with its suit symbol and the result apart: ``4SX-1`` → (``4♠X``, ``-1``)."""
    m = _CONTRACT.match(contract)
    if not m:
        return escape(contract), ""
    sign = hand_records.STRAIN_SIGNS[m.group("strain")]
    suit = f'<span class="{_SUIT_CLASS[sign]}">{sign}</span>' if sign in _SUIT_CLASS else sign
    return f'{m.group("level")}{suit}{m.group("risk") or ""}', m.group("made")


def _result_cells(r: Result, t: dict) -> list[str]:
    """Contract, declarer and result cells of one table's result."""
    if r.is_not_played:
        return [f'{t["np"]} (NP)', "-", "-"]
    if r.is_adjusted:
        return [f'{t["adjusted"]} {escape(r.contract)}', "-", "-"]
    if r.contract == PASS:
        return [t["pass"], "-", "-"]
    contract, made = contract_html(r.contract)
    return [contract, escape(r.declarer or "-"), made]


def _score_cells(r: Result) -> list[str]:
    """North-South's and East-West's plus scores: the side that scored has the number, the other
    ``-``; a passed-out board is 0 to both; an adjusted score or a board not played has none."""
    if not r.is_scored:
        return ["-", "-"]
    if r.score_ns == 0:
        return ["0", "0"]
    return [str(r.score_ns), "-"] if r.score_ns > 0 else ["-", str(r.score_ew)]


def _board_open(board: int, lang: str) -> str:
    return f'<article class="board" id="b{board}"><h3>{escape(board_heading(board, lang))}</h3>'


def _pair_cell(side: str, label: str, names: dict, session: Session) -> str:
    name = names.get((side if session.is_mitchell else "", label), "")
    return f'<span title="{escape(name)}">{escape(label)}</span>' if name else escape(label)


def _pairs_board(traveller: Traveller | None, board: int, record: tuple[str, str] | None, lang: str, t: dict,
                 names: dict, session: Session) -> str:
    """One board: the hands, then the traveller — NS's and EW's scores and matchpoints."""
    parts = [_board_open(board, lang), _deal(board, record, lang, t), '<div class="detail">']
    if traveller is None:
        parts.append(f'<p class="note">{t["no_results"]}</p>')
    else:
        rows = []
        for line in traveller.lines:
            r = line.result
            mps = ([mp_text(line.mp_ns), mp_text(line.mp_ew)] if line.mp_ns is not None and line.top else ["-", "-"])
            rows.append(_row([_pair_cell(NS, r.ns, names, session), _pair_cell(EW, r.ew, names, session),
                              *_result_cells(r, t), *_score_cells(r), *mps],
                             {5, 6, 7, 8}, "adj" if r.is_adjusted else "np" if r.is_not_played else ""))
        head = [t["ns"], t["ew"], t["contract"], t["by"], t["res"], f'+{t["ns"]}', f'+{t["ew"]}',
                f'{t["mp"]} {t["ns"]}', f'{t["mp"]} {t["ew"]}']
        parts.append(_table(head, rows, {5, 6, 7, 8}, "traveller"))
        parts.append(f'<p class="note">{escape(_pairs_note(traveller, lang))}</p>')
    parts.append("</div></article>")
    return "".join(parts)


def _pairs_note(traveller: Traveller, lang: str) -> str:
    """The top, and Neuberg's factor when it applied — the text traveller's sentences."""
    count = sum(1 for line in traveller.lines if not line.result.is_not_played)
    adjusted = any(line.result.is_adjusted for line in traveller.lines)
    if lang == "en":
        note = f"{count} table(s), top {traveller.top} MP."
        if traveller.factored:
            note += f" Neuberg: {traveller.compared} scores compared, factored up to {traveller.expected} tables."
        if adjusted:
            note += " Adjusted score (Law 12C1): A+ 60 %, A 50 %, A- 40 % of the top."
        return note
    note = f"共 {count} 桌, 满分 {traveller.top} MP。"
    if traveller.factored:
        note += f"Neuberg 折算: 只有 {traveller.compared} 个成绩可比, 按 {traveller.expected} 桌折算。"
    if adjusted:
        note += "调整分 (第12条C1): A+ 满分的 60%, A 50%, A- 40%。"
    return note


def _teams_board(session: Session, board: TeamsBoard | None, number: int, record: tuple[str, str] | None,
                 lang: str, t: dict) -> str:
    """One teams board: the hands, the two rooms and the IMPs they make."""
    parts = [_board_open(number, lang), _deal(number, record, lang, t), '<div class="detail">']
    if board is None:
        parts.append(f'<p class="note">{t["no_results"]}</p>')
    else:
        rows = []
        for r in (board.open, board.closed):
            if r is None:
                continue
            room = t["open"] if r.room == OPEN_ROOM else t["closed"]
            rows.append(_row([room, *_result_cells(r, t), *_score_cells(r)],
                             {4, 5}, "adj" if r.is_adjusted else "np" if r.is_not_played else ""))
        parts.append(_table([t["room"], t["contract"], t["by"], t["res"], f'+{t["ns"]}', f'+{t["ew"]}'], rows,
                            {4, 5}, "rooms"))
        parts.append(f'<p class="note">{escape(_teams_verdict(session, board, lang))}</p>')
    parts.append("</div></article>")
    return "".join(parts)


def _teams_verdict(session: Session, board: TeamsBoard, lang: str) -> str:
    en = lang == "en"
    if board.not_played:
        return "Not played: the board counts for nothing." if en else "未打: 这副牌不计分。"
    if board.scores is None:
        return "Waiting for the other room." if en else "等待另一个房间的结果。"
    if board.adjusted is not None:
        h, a = board.scores
        return (f"Adjusted: {session.home} {h:+d}, {session.away} {a:+d} IMPs (±3 IMPs, the usual convention)."
                if en else f"调整分: {session.home} {h:+d}, {session.away} {a:+d} IMP (按惯例 ±3 IMP)。")
    if board.home_imps == 0:
        return "Flat board: 0 IMPs." if en else "平局: 0 IMP。"
    winner = session.home if board.home_imps > 0 else session.away
    return f"{winner} +{abs(board.home_imps)} IMPs" if en else f"{winner} +{abs(board.home_imps)} IMP"


# ----- hands ------------------------------------------------------------------------------


def _suit_line(sign: str, cards: str) -> str:
    return f'<div><span class="{_SUIT_CLASS[sign]}">{sign}</span> {cards or "—"}</div>'


def _deal(board: int, record: tuple[str, str] | None, lang: str, t: dict) -> str:
    """The four hands as a compass (North on top), the makeable contracts and the par."""
    if record is None:
        return ""
    deal, analysis = record
    seats = hand_records.deal_hands(deal)
    compass = []
    for seat in "NWES":
        label = seat if lang == "en" else f"{_SEAT_ZH[seat]}"
        suits = "".join(_suit_line(sign, cards) for sign, cards in zip(hand_records.SUITS, seats[seat]))
        compass.append(f'<div class="hand seat-{seat.lower()}"><b>{label}</b>{suits}</div>')
    compass.insert(2, f'<div class="mid" aria-hidden="true">{board}</div>')
    parts = [f'<div class="deal">{"".join(compass)}</div>']
    if analysis:
        parts.append(_makeable(analysis, lang, t))
    return f'<div class="hands">{"".join(parts)}</div>'


def _makeable(analysis: str, lang: str, t: dict) -> str:
    """Levels makeable by each declarer in each strain (``-`` below 7 tricks), then the par line
    as the text traveller words it."""
    data = json.loads(analysis)
    strains = hand_records.STRAINS
    head = "".join(f'<th class=n>{_strain_html(s)}</th>' for s in strains)
    rows = []
    for seat in "NSEW":
        label = seat if lang == "en" else _SEAT_ZH[seat]
        levels = "".join(f"<td class=n>{n - 6 if n >= 7 else '-'}</td>" for n in data["tricks"][seat])
        rows.append(f"<tr><th>{label}</th>{levels}</tr>")
    par = hand_records.analysis_text(analysis, lang).splitlines()[-1]
    return (f'<div class="dd"><table class="makeable" aria-label="{t["makeable"]}"><caption>{t["makeable"]}</caption>'
            f'<thead><tr><th></th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<p class="par">{escape(par)}</p></div>')


def _strain_html(strain: str) -> str:
    sign = hand_records.STRAIN_SIGNS[strain]
    return f'<span class="{_SUIT_CLASS[sign]}">{sign}</span>' if sign in _SUIT_CLASS else sign
