"""Club replies as plain text in Chinese or English: travellers, standings, the match result, a
hand record and a session summary.  Every line fits a phone: at most :data:`WIDTH` columns of a
monospace font (CJK characters count double) — long names are clipped with …, prose wraps."""

from __future__ import annotations

import unicodedata

from bot.club.model import OPEN_ROOM, PAIRS, PASS, Result, Session
from bot.club.reports import EW, NS, MatchResult, PairStanding, TeamsBoard, Traveller, mp_text, percent_text
from bot.scoring.boards import board_info

WIDTH = 40
LABEL_WIDTH = 4
TEAM_WIDTH = 12
_SEAT_ZH = {"N": "北", "E": "东", "S": "南", "W": "西"}
_VUL_ZH = {None: "双方无局", "NS": "南北有局", "EW": "东西有局", "Both": "双方有局"}
_VUL_EN = {None: "none vul", "NS": "NS vul", "EW": "EW vul", "Both": "both vul"}
_SIDE_ZH = {NS: "南北", EW: "东西", "": ""}


def width(text: str) -> int:
    """Display columns of ``text`` in a monospace font (wide and full-width characters count 2)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` display columns, ending in … when cut."""
    if width(text) <= limit:
        return text
    out = ""
    for ch in text:
        if width(out + ch) > limit - 1:
            break
        out += ch
    return out + "…"


def wrap(text: str, limit: int = WIDTH) -> str:
    """Prose broken into lines of at most ``limit`` columns, at spaces where it can."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if width(candidate) <= limit:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            for ch in word:  # a word (or CJK run) longer than the line: break between characters
                if width(line + ch) > limit:
                    lines.append(line)
                    line = ""
                line += ch
        lines.append(line)
    return "\n".join(lines)


def table(rows: list[list[str]], right: set[int] = frozenset(), gap: int = 1) -> str:
    """Rows of cells as aligned text; columns in ``right`` are right-aligned (numbers)."""
    widths = [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - width(cell))
            cells.append(pad + cell if i in right else cell + pad)
        lines.append((" " * gap).join(cells).rstrip())
    return "\n".join(lines)


def board_heading(board: int, lang: str) -> str:
    """``第5副 · 北发牌 · 南北有局`` / ``Board 5 · dealer N · NS vul``."""
    info = board_info(board)
    if lang == "en":
        return f"Board {board} · dealer {info.dealer} · {_VUL_EN[info.vulnerability]}"
    return f"第{board}副 · {_SEAT_ZH[info.dealer]}发牌 · {_VUL_ZH[info.vulnerability]}"


def _plus(score: int) -> str:
    return str(score) if score > 0 else "-"


def _legend(names: dict, pairs: list[tuple[str, str]], lang: str) -> list[str]:
    """One line per named pair on a traveller: ``南北1 张三 李四``."""
    lines = []
    for side, label in pairs:
        name = names.get((side if (side, label) in names else "", label), "")
        if name:
            who = f"{side}{label}" if lang == "en" else f"{_SIDE_ZH[side]}{label}"
            lines.append(clip(f"{who} {name}", WIDTH))
    return lines


def pairs_traveller_text(traveller: Traveller, lang: str, names: dict | None = None,
                         hand: str = "") -> str:
    """The traveller of one pairs board: each result, North-South's score, matchpoints and %
    (East-West's are the top minus North-South's), then the names, the factor and the hand."""
    en = lang == "en"
    head = ["NS", "EW", "Contract", "By", "Score", "MP", "%"] if en else ["南北", "东西", "定约", "庄", "得分", "MP", "%"]
    rows = [head]
    for line in traveller.lines:
        r = line.result
        if r.is_not_played:
            rows.append([clip(r.ns, LABEL_WIDTH), clip(r.ew, LABEL_WIDTH), r.contract, "-", "-", "-", "-"])
            continue
        score = "-" if r.is_adjusted else str(r.score_ns)
        pct = percent_text(line.mp_ns, line.top) if line.top else "-"
        rows.append([clip(r.ns, LABEL_WIDTH), clip(r.ew, LABEL_WIDTH), r.contract, r.declarer or "-", score,
                     mp_text(line.mp_ns) if line.top else "-", pct])
    count = sum(1 for line in traveller.lines if not line.result.is_not_played)
    parts = [board_heading(traveller.board, lang), table(rows, right={4, 5, 6})]
    others = any(line.result.is_adjusted for line in traveller.lines)
    if en:
        parts.append(wrap(f"{count} table(s), top {traveller.top} MP. Score, MP and % are NS's; EW's MP = top − NS's"
                          + (" (adjusted scores: below)." if others else ".")))
    else:
        parts.append(wrap(f"共 {count} 桌, 满分 {traveller.top} MP。得分、MP 和 % 是南北的; 东西 MP = 满分 − 南北 MP"
                          + (" (调整分见下)。" if others else "。")))
    adjusted = [line for line in traveller.lines if line.result.is_adjusted and line.top]
    for line in adjusted:
        r = line.result
        ns_code, ew_code = r.adjusted_codes
        parts.append(wrap(
            f"{r.ns}-{r.ew} {r.contract}: NS {mp_text(line.mp_ns)} MP ({percent_text(line.mp_ns, line.top)}%), "
            f"EW {mp_text(line.mp_ew)} MP ({percent_text(line.mp_ew, line.top)}%)." if en else
            f"{r.ns}-{r.ew} {r.contract}: 南北 {mp_text(line.mp_ns)} MP ({percent_text(line.mp_ns, line.top)}%), "
            f"东西 {mp_text(line.mp_ew)} MP ({percent_text(line.mp_ew, line.top)}%)。"))
    if any("A+" in line.result.adjusted_codes for line in adjusted):
        parts.append(wrap("A+ is 60% or the pair's percentage on its other boards, whichever is more (A- 40%)."
                          if en else "A+ 取 60% 和该对在本场其他牌上的百分比中较高的 (A- 为 40%)。"))
    if traveller.factored:
        parts.append(wrap(
            f"Neuberg: {traveller.compared} scores compared, factored up to {traveller.expected} tables."
            if en else f"Neuberg 折算: 只有 {traveller.compared} 个成绩可比, 按 {traveller.expected} 桌折算。"))
    if names:
        seen = []
        for line in traveller.lines:
            for side, label in ((NS, line.result.ns), (EW, line.result.ew)):
                if (side, label) not in seen:
                    seen.append((side, label))
        legend = _legend(names, seen, lang)
        if legend:
            parts.append("\n".join(legend))
    if hand:
        parts.append(hand)
    return "\n".join(parts)


def pairs_standings_text(session: Session, standings: dict[str, list[PairStanding]], lang: str,
                         names: dict | None = None) -> str:
    """The pairs ranking(s) by matchpoint percentage — two for a Mitchell, one for a Howell; tied
    ranks are marked with ``=``, a named pair's names on the line under it."""
    en = lang == "en"
    names = names or {}
    parts = []
    for direction, ranking in standings.items():
        if not ranking:
            continue
        title = f"{session.name} — standings" if en else f"{session.name} — 成绩排名"
        if direction:
            title += f" · {direction}" if en else f" · {_SIDE_ZH[direction]}"
        head = ["Rank", "Pair", "MP", "Top", "%", "Bds"] if en else ["名次", "对", "MP", "满分", "%", "副数"]
        rows, named = [head], {}
        for s in ranking:
            rows.append([f"{s.rank}{'=' if s.tied else ''}", clip(s.pair, LABEL_WIDTH), mp_text(s.mp), str(s.top),
                         s.percent, str(s.boards)])
            name = names.get((direction, s.pair), "")
            if name:
                named[len(rows) - 1] = name
        lines = table(rows, right={2, 3, 4, 5}).split("\n")
        out = []
        for i, line in enumerate(lines):
            out.append(line)
            if i in named:
                out.append(clip("     " + named[i], WIDTH))
        parts.append(clip(title, WIDTH) + "\n" + "\n".join(out))
    return "\n\n".join(parts)


def teams_traveller_text(session: Session, board: TeamsBoard, lang: str, hand: str = "") -> str:
    """One teams board: the open and closed room results and the IMPs they make."""
    en = lang == "en"
    head = ["Room", "Contract", "By", "+NS", "+EW"] if en else ["房间", "定约", "庄", "南北", "东西"]
    rows = [head]
    for result in (board.open, board.closed):
        if result is None:
            continue
        room = (result.room if en else ("开室" if result.room == OPEN_ROOM else "闭室"))
        if result.is_scored:
            scores = ["0", "0"] if result.contract == PASS else [_plus(result.score_ns), _plus(result.score_ew)]
        else:
            scores = ["-", "-"]
        rows.append([room, result.contract, result.declarer or "-", *scores])
    home, away = clip(session.home, TEAM_WIDTH), clip(session.away, TEAM_WIDTH)
    if board.not_played:
        verdict = "Not played: the board counts for nothing." if en else "未打: 这副牌不计分。"
    elif board.scores is None:
        missing = "closed" if board.closed is None else "open"
        verdict = (f"Waiting for the {missing} room." if en else
                   f"等待{'闭室' if missing == 'closed' else '开室'}的结果。")
    elif board.adjusted is not None:
        h, a = board.scores
        verdict = (f"Adjusted: {home} {h:+d}, {away} {a:+d} IMPs (±3 IMPs, the usual convention)." if en else
                   f"调整分: {home} {h:+d}, {away} {a:+d} IMP (按惯例 ±3 IMP)。")
    elif board.home_imps == 0:
        verdict = "Flat board: 0 IMPs." if en else "平局: 0 IMP。"
    else:
        winner = home if board.home_imps > 0 else away
        verdict = f"{winner} +{abs(board.home_imps)} IMPs" if en else f"{winner} +{abs(board.home_imps)} IMP"
    parts = [board_heading(board.board, lang), table(rows, right={3, 4}), wrap(verdict)]
    if hand:
        parts.append(hand)
    return "\n".join(parts)


def match_board_rows(boards: list[TeamsBoard], lang: str) -> list[list[str]]:
    """One row a board of a teams match: the board, the IMPs each team won (``A`` after an adjusted board's
    number, 未打/NP when not played, … when only one room has played): the text and the picture both show these."""
    rows = []
    for b in boards:
        scores = b.scores
        if b.not_played:
            rows.append([str(b.board), *(["NP", "NP"] if lang == "en" else ["未打", "未打"])])
        elif scores is None:
            rows.append([str(b.board), "…", "…"])
        elif b.adjusted is not None:
            rows.append([f"{b.board}A", f"{scores[0]:+d}", f"{scores[1]:+d}"])
        else:
            imps = scores[0]
            rows.append([str(b.board), str(imps) if imps > 0 else "-", str(-imps) if imps < 0 else "-"])
    return rows


def match_text(session: Session, boards: list[TeamsBoard], match: MatchResult, lang: str,
               names: dict | None = None) -> str:
    """The teams match: IMPs board by board, the IMP totals, adjusted IMPs and the Victory Points."""
    en = lang == "en"
    home, away = clip(session.home, TEAM_WIDTH), clip(session.away, TEAM_WIDTH)
    rows = [["Board" if en else "牌号", home, away], *match_board_rows(boards, lang)]
    rows.append(["Total" if en else "合计", str(match.home_imps), str(match.away_imps)])
    if match.home_adjusted or match.away_adjusted:
        rows.append(["Adj." if en else "调整", f"{match.home_adjusted:+d}", f"{match.away_adjusted:+d}"])
    if match.boards:
        rows.append(["VP", f"{match.home_vp:.2f}", f"{match.away_vp:.2f}"])
    parts = [clip(session.name, WIDTH), table(rows, right={1, 2})]
    if not match.boards:
        parts.append(wrap("No board has been played in both rooms yet." if en else "还没有两个房间都打完的牌。"))
    else:
        parts.append(wrap(_verdict(match, lang)))
    if any(b.adjusted is not None for b in boards):
        parts.append(wrap("A: adjusted score, ±3 IMPs (Law 12C1 gives only percentages; ±3 IMPs is the usual "
                          "convention)." if en else "A: 调整分, ±3 IMP (第12条C1只给百分比; ±3 IMP 是通行的惯例)。"))
    if match.unfinished:
        listed = ", ".join(map(str, match.unfinished))
        parts.append(wrap(f"Not counted yet (one room only): boards {listed}." if en else
                          f"尚未计入 (只有一个房间的结果): {listed} 号牌。"))
    for team in (session.home, session.away):
        name = (names or {}).get(("team", team), "")
        if name:
            parts.append(clip(f"{team}: {name}", WIDTH))
    return "\n".join(parts)


def _verdict(match: MatchResult, lang: str) -> str:
    if lang == "en":
        basis = (f"VPs on the scheduled {match.scale_boards}-board scale, after {match.boards}"
                 if match.scheduled else f"VPs on the {match.boards} boards completed")
        scale = f"WBF 2013 scale; {basis}"
    else:
        basis = (f"按计划的 {match.scale_boards} 副计 VP, 已完成 {match.boards} 副" if match.scheduled
                 else f"按已完成的 {match.boards} 副计 VP")
        scale = f"WBF 2013 连续VP表; {basis}"
    margin = match.home_margin
    sums = _margin_sums(match, lang)
    if lang == "en":
        lead = (f"{match.home} and {match.away} level" if margin == 0 else
                f"{match.home if margin > 0 else match.away} leads by {abs(margin)} IMPs")
        return f"{lead}{sums}: VP {match.home_vp:.2f}:{match.away_vp:.2f} ({scale})."
    lead = (f"{match.home} 与 {match.away} 打平" if margin == 0 else
            f"{match.home if margin > 0 else match.away} 领先 {abs(margin)} IMP")
    return f"{lead}{sums}, VP {match.home_vp:.2f}:{match.away_vp:.2f} ({scale})。"


def _margin_sums(match: MatchResult, lang: str) -> str:
    """With adjusted scores, how the margin is made of the totals: ``(33 − 18 + 调整 3)``; each team's
    when the two adjustments do not mirror (A+ A+ gives both +3)."""
    if not (match.home_adjusted or match.away_adjusted):
        return ""
    adj = "adj." if lang == "en" else "调整"

    def line(own: int, other: int, adjusted: int) -> str:
        return f"{own} − {other} {'+' if adjusted >= 0 else '−'} {adj} {abs(adjusted)}"

    leader_home = match.home_margin >= 0
    first = (line(match.home_imps, match.away_imps, match.home_adjusted) if leader_home
             else line(match.away_imps, match.home_imps, match.away_adjusted))
    if match.home_adjusted + match.away_adjusted == 0:
        return f" ({first})"
    other_team = match.away if leader_home else match.home
    other_margin = match.away_margin if leader_home else match.home_margin
    second = (line(match.away_imps, match.home_imps, match.away_adjusted) if leader_home
              else line(match.home_imps, match.away_imps, match.home_adjusted))
    if lang == "en":
        return f" ({first}; {other_team}: {second} = {other_margin:+d}, each team's own adjusted IMPs)"
    return f" ({first}; {other_team}: {second} = {other_margin:+d}, 各按自己的调整分)"


def session_text(session: Session, results: list[Result], lang: str, hands: int = 0) -> str:
    """A summary of a session: its kind, movement, name, state, which boards have results."""
    en = lang == "en"
    boards = sorted({r.board for r in results})
    played = ", ".join(map(str, boards)) if boards else ("none yet" if en else "还没有")
    movement = {"mitchell": ("Mitchell", "米切尔"), "howell": ("Howell", "豪厄尔")}.get(session.movement)
    if en:
        kind = "pairs" if session.kind == PAIRS else f"teams match {session.home} vs {session.away}"
        if movement:
            kind += f", {movement[0]}"
        state = "open" if session.is_open else "ended"
        text = (f"Session “{session.name}” ({kind}), {state}; boards 1–{session.boards}.\n"
                f"{len(results)} result(s); boards with results: {played}.")
        return text + (f"\nHand records: {hands} board(s)." if hands else "")
    kind = "双人赛" if session.kind == PAIRS else f"队式赛 {session.home} 对 {session.away}"
    if movement:
        kind += f", {movement[1]}"
    state = "进行中" if session.is_open else "已结束"
    text = (f"比赛 “{session.name}” ({kind}), {state}; 牌号 1–{session.boards}。\n"
            f"共 {len(results)} 个成绩; 有成绩的牌: {played}。")
    return text + (f"\n牌例: {hands} 副。" if hands else "")
