"""Finished plain-text replies for score, IMP, matchpoint, board and adjusted-score requests.

The chat core and the ``bridgebot`` CLI both call these.  Each takes the user's text and
``lang`` ("zh", the default, or "en") and returns a compact reply under 4000 characters, or
raises :class:`bot.base.errors.ScoringInputError` for input it cannot use.
"""

from __future__ import annotations

import math
import unicodedata

from bot.scoring import matchpoints as mp
from bot.scoring.boards import SEAT_EN, SEAT_ZH, VUL_EN, VUL_ZH, BoardInfo, board_info, seat_vulnerable, side_of
from bot.scoring.notation import ContractResult, parse_result
from bot.scoring.undertricks import parse_undertricks
from bot.scoring.inputs import adjusted_request, board_number, imp_numbers, mp_method, mp_scores, reply_kind, vp_request
from bot.scoring.pairs import compare, looks_like_pair, read_pair
from bot.scoring.passed_out import is_passed_out_message, passed_out_reply
from bot.scoring.tables import imp_scale
from bot.scoring.vp import blitz_margin, victory_points
from bot.scoring.contracts import ScoreParts, imps, score_parts, undertrick_steps

_SIDE_ZH = {"NS": "南北", "EW": "东西"}
_SIDE_EN = {"NS": "North-South", "EW": "East-West"}
_DOUBLED_ZH = {0: "未加倍", 1: "加倍", 2: "再加倍"}
_DOUBLED_EN = {0: "undoubled", 1: "doubled", 2: "redoubled"}


def _num(value: float) -> str:
    return f"{value:g}"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


# ---- contract scores ------------------------------------------------------------------------


def _parts_text(parts: ScoreParts, result: ContractResult, vulnerable: bool, lang: str) -> str:
    if parts.undertricks:
        steps = undertrick_steps(result.doubled, vulnerable, -result.result)
        if lang == "en":
            return f"{-result.result} down {_DOUBLED_EN[result.doubled]}: " + " + ".join(map(str, steps))
        return f"宕{-result.result}墩 {_DOUBLED_ZH[result.doubled]}: " + " + ".join(map(str, steps))
    names_zh = ["墩分", "超墩", "成局奖分" if parts.is_game else "部分定约奖分", "满贯奖分",
                "加倍完成奖分" if result.doubled == 1 else "再加倍完成奖分"]
    names_en = ["trick score", "overtricks", "game bonus" if parts.is_game else "part-score bonus",
                "slam bonus", "insult bonus"]
    values = [parts.trick_points, parts.overtricks, parts.game_or_partscore, parts.slam, parts.insult]
    names = names_en if lang == "en" else names_zh
    return " + ".join(f"{name} {value}" for name, value in zip(names, values) if value)


def _score_line(result: ContractResult, vulnerable: bool, lang: str, side: str | None = None) -> str:
    """One score with its items, credited to ``side`` (NS/EW), else the declarer's side if known."""
    parts = score_parts(result.level, result.strain, result.doubled, vulnerable, result.tricks)
    total = parts.total
    detail = _parts_text(parts, result, vulnerable, lang)
    side = side or result.declaring_side
    if side is None:
        who = "declarer" if lang == "en" else "庄家方"
        return f"{who} {_signed(total)}  ({detail})"
    other = "EW" if side == "NS" else "NS"
    if lang == "en":
        if total >= 0:
            return f"{_SIDE_EN[side]} {_signed(total)}  ({detail})"
        return f"{_SIDE_EN[other]} {_signed(-total)}, i.e. {_SIDE_EN[side]} {total}  ({detail})"
    if total >= 0:
        return f"{_SIDE_ZH[side]} {_signed(total)}  ({detail})"
    return f"{_SIDE_ZH[other]} {_signed(-total)}, 即{_SIDE_ZH[side]} {total}  ({detail})"


def _board_line(info: BoardInfo, lang: str) -> str:
    if lang == "en":
        return f"Board {info.board}: dealer {SEAT_EN[info.dealer]}, {VUL_EN[info.vulnerability]}"
    return f"第{info.board}副: {SEAT_ZH[info.dealer]}发牌, {VUL_ZH[info.vulnerability]}"


def score_reply(text: str, lang: str = "zh") -> str:
    """The Law 77 score of a typed result (``4S+1 有局``, ``3NTx-2 N board 7``), with its items.

    When the text does not settle whether declarer is vulnerable, both scores are given; a
    passed-out board (「四家不叫」, "pass out") scores 0 (Law 22A)."""
    if is_passed_out_message(text):
        return passed_out_reply(lang)
    result = parse_result(text)
    en = lang == "en"
    lines = []
    if result.board is not None:
        lines.append(_board_line(board_info(result.board), lang))
    head = result.label
    if result.declarer:
        head += f" by {SEAT_EN[result.declarer]}" if en else f" 庄家{SEAT_ZH[result.declarer]}"
    elif result.side:
        head += f" by {_SIDE_EN[result.side]}" if en else f" {_SIDE_ZH[result.side]}做庄"
    if result.vulnerable is None and result.vulnerability_known:
        # "NS" or "EW" without a declarer: one line for each side that might have declared.
        lines.append(head + ":")
        for side in ("NS", "EW"):
            vulnerable = seat_vulnerable(side, result.vulnerability)
            label = (f"declared by {_SIDE_EN[side]} ({'vul' if vulnerable else 'non-vul'})" if en else
                     f"庄家为{_SIDE_ZH[side]} ({'有局' if vulnerable else '无局'})")
            lines.append(f"  {label}: {_score_line(result, vulnerable, lang, side)}")
    elif result.vulnerable is None:
        lines.append(head + ":")
        for vulnerable in (False, True):
            label = ("vul" if vulnerable else "non-vul") if en else ("有局" if vulnerable else "无局")
            lines.append(f"  {label}: {_score_line(result, vulnerable, lang)}")
    else:
        label = ("vul" if result.vulnerable else "non-vul") if en else ("有局" if result.vulnerable else "无局")
        lines.append(f"{head} {label}: {_score_line(result, result.vulnerable, lang)}")
    if result.assumed_made:
        lines.append("(No result given: counted as made exactly.)" if en else "(没有写结果, 按刚好完成计算。)")
    lines.append("Law 77" if en else "第77条 记分表")
    return "\n".join(lines)


def undertricks_reply(text: str, lang: str = "zh") -> str:
    """The Law 77 penalty for undertricks asked without a contract ("3 down doubled vul", 「宕2墩加倍有局」): it
    does not depend on the contract; both vulnerabilities when the message does not say."""
    asked = parse_undertricks(text)
    if asked is None:
        return score_reply(text, lang)   # (its error says what is missing, with an example)
    en = lang == "en"
    head = (f"{asked.down} down {_DOUBLED_EN[asked.doubled]}" if en
            else f"宕{asked.down}墩 {_DOUBLED_ZH[asked.doubled]}")

    def line(vulnerable: bool) -> str:
        steps = undertrick_steps(asked.doubled, vulnerable, asked.down)
        who = "declarer" if en else "庄家方"
        return f"{who} {-sum(steps)}  (" + " + ".join(map(str, steps)) + ")"

    if asked.vulnerable is None:
        lines = [head + ":"] + [f"  {('vul' if v else 'non-vul') if en else ('有局' if v else '无局')}: {line(v)}"
                                for v in (False, True)]
    else:
        label = ("vul" if asked.vulnerable else "non-vul") if en else ("有局" if asked.vulnerable else "无局")
        lines = [f"{head} {label}: {line(asked.vulnerable)}"]
    lines.append("Law 77 (undertricks: the same whatever the contract)" if en else "第77条 记分表 (宕墩罚分与定约无关)")
    return "\n".join(lines)


# ---- IMPs -------------------------------------------------------------------------------------

def _imp_row(diff: int, lang: str) -> tuple[str, int]:
    """The Law 78B row a difference falls in, as text (``600–740``) and its IMPs."""
    low, high, value = next(r for r in reversed(imp_scale()) if abs(diff) >= r[0])
    if high is None:
        return (f"{low}+" if lang == "en" else f"{low}及以上"), value
    return f"{low}–{high}", value


def imp_reply(text: str, lang: str = "zh") -> str:
    """IMPs (Law 78B) for a difference (``520``), two scores from one side's view (``620 -100``) or
    one board's results at two tables (``3NT+1 vs 4S= vul``)."""
    if looks_like_pair(text):
        return _pair_reply(text, lang)
    numbers = imp_numbers(text)
    diff = numbers[0] if len(numbers) == 1 else numbers[0] - numbers[1]
    result = imps(diff)
    span, value = _imp_row(diff, lang)
    if lang == "en":
        head = f"{numbers[0]} vs {numbers[1]}: difference {diff}" if len(numbers) == 2 else f"Difference {diff}"
        return f"{head} → {_signed(result)} IMPs\nLaw 78B: {span} → {value} IMPs"
    head = f"{numbers[0]} 对 {numbers[1]}: 分差 {diff}" if len(numbers) == 2 else f"分差 {diff}"
    return f"{head} → {_signed(result)} IMP\n第78条B款: 分差 {span} → {value} IMP"


def _pair_reply(text: str, lang: str) -> str:
    """Both tables' scores and their IMPs, one line for each vulnerability the text leaves open."""
    first, second = read_pair(text)
    rows = compare(first, second)
    en = lang == "en"
    vs, diff, unit = ("vs", "difference", "IMPs") if en else ("对", "分差", "IMP")
    declarer = first.declarer or second.declarer
    if rows[0].vulnerable is None:
        view = "North-South's scores" if en else "南北计分"
    elif declarer:
        side = side_of(declarer)
        view = f"{_SIDE_EN[side]} declaring at both tables" if en else f"两桌都是{_SIDE_ZH[side]}做庄"
    else:
        view = "declared from the same direction at both tables" if en else "两桌同一方向做庄"
    head = f"{first.label} {vs} {second.label}"
    lines = []
    for row in rows:
        line = f"{_signed(row.ours)} {vs} {_signed(row.theirs)}, {diff} {_signed(row.difference)} → {_signed(row.imps)} {unit}"
        label = None if row.vulnerable is None else (
            ("vul" if row.vulnerable else "non-vul") if en else ("有局" if row.vulnerable else "无局"))
        if label and len(rows) == 1:
            head += f" {label}"
        lines.append(f"  {label}: {line}" if label and len(rows) > 1 else f"  {line}")
    lines.insert(0, f"{head} ({view}):")
    if first.assumed_made or second.assumed_made:
        lines.append("(No result given: counted as made exactly.)" if en else "(没有写结果的定约按刚好完成计算。)")
    lines.append("Law 77, Law 78B" if en else "第77条 记分, 第78条B款 国际比赛分")
    return "\n".join(lines)


# ---- matchpoints -------------------------------------------------------------------------------

def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _right(text: str, width: int = 6) -> str:
    """``text`` right-aligned in ``width`` monospace columns (Chinese characters count as two)."""
    return " " * max(0, width - _width(text)) + text


def mp_reply(text: str, lang: str = "zh", method: str | None = None, scale: int = 2) -> str:
    """Matchpoints (Law 78A) for one board's scores from one direction (``420 450 420 -50``).

    The first score after 我们/we is marked as ours.  ``method`` "mp" (default), "butler" or
    "cross" (cross-IMPs); when None it is read from the text ("butler", "cross"/"交叉").
    ``scale`` 2 gives 2 per score beaten and 1 per tie, 1 gives 1 and ½."""
    scores, ours = mp_scores(text)
    method = method or mp_method(text)
    en = lang == "en"
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    mark = " ← ours" if en else " ← 我们"
    if method == "butler":
        datum, values = mp.butler(scores)
        trim = len(scores) >= mp.BUTLER_TRIM_FROM
        head = (f"Butler IMPs against a datum of {datum} (mean of the scores"
                f"{' without the highest and lowest' if trim else ''}, to the nearest 10)") if en else (
                f"Butler IMP, 基准分 {datum} (成绩的平均{', 去掉最高和最低' if trim else ''}, 取整到10分)")
        columns = ("score", "IMPs") if en else ("成绩", "IMP")
        rows = [(scores[i], _signed(values[i]), i) for i in order]
    elif method == "cross":
        values = mp.cross_imps(scores)
        head = "Cross-IMPs: each score against every other, added up" if en else "交叉IMP: 每个成绩与其余每个成绩比较后相加"
        columns = ("score", "IMPs") if en else ("成绩", "IMP")
        rows = [(scores[i], _signed(values[i]), i) for i in order]
    else:
        points = mp.matchpoints(scores, scale)
        board_top = mp.top(len(scores), scale)
        unit = ("2 per score beaten, 1 per tie" if scale == 2 else "1 per score beaten, ½ per tie") if en else (
            "每胜一个成绩得2分, 相同得1分" if scale == 2 else "每胜一个成绩得1分, 相同得½分")
        head = (f"Matchpoints (Law 78A: {unit}; {len(scores)} scores, top {_num(board_top)})" if en else
                f"比赛分 (第78条A款: {unit}; {len(scores)}个成绩, 顶分 {_num(board_top)})")
        columns = ("score", "MP", "%") if en else ("成绩", "比赛分", "百分比")
        rows = [(scores[i], _num(points[i]), i, f"{100 * points[i] / board_top:.1f}%") for i in order]
    lines = [head, "  ".join(_right(c) for c in columns)]
    for row in rows:
        cells = [_right(str(row[0])), _right(row[1])] + [_right(c) for c in row[3:]]
        lines.append("  ".join(cells) + (mark if row[2] == ours else ""))
    return "\n".join(lines)


# ---- boards and adjusted scores ----------------------------------------------------------------


def board_reply(text: str, lang: str = "zh") -> str:
    """Dealer and vulnerability (Law 2) of a board: ``7号牌``, ``board 7``, ``第7副`` or just ``7``."""
    info = board_info(board_number(text))
    line = _board_line(info, lang)
    same = (info.board - 1) % 16 + 1
    if lang == "en":
        return line + (f" (same as board {same}; Law 2, repeats every 16)" if same != info.board else " (Law 2)")
    return line + (f" (同第{same}副, 每16副一循环, 第2条)" if same != info.board else " (第2条)")


def adjusted_reply(text: str, lang: str = "zh", top: float | None = None) -> str:
    """Law 12C1 artificial adjusted scores in matchpoint and IMP terms.

    Names one kind (``平均正分``/``average plus``…) or lists all three; with a board top
    (``top``, or ``顶分 12``/``top 12`` in the text) the matchpoints are given too."""
    kinds, top_said = adjusted_request(text)
    top = top if top is not None else top_said
    names_zh = {"minus": "平均负分", "average": "平均分", "plus": "平均正分"}
    names_en = {"minus": "average minus", "average": "average", "plus": "average plus"}
    lines = []
    for kind in sorted(kinds, key=list(mp.ADJUSTED_PERCENT).index):
        a = mp.adjusted(kind)
        bound = {"minus": ("至多", "at most "), "average": ("", ""), "plus": ("至少", "at least ")}[kind]
        if lang == "en":
            line = f"{names_en[kind]}: {bound[1]}{a.percent}% in pairs, {_signed(a.imps)} IMPs in teams"
            if top is not None:
                line += f"; {_num(a.matchpoints(top))} MP on a top of {_num(top)}"
        else:
            line = f"{names_zh[kind]}: 双人赛{bound[0]}{a.percent}%, 队式赛 {_signed(a.imps)} IMP"
            if top is not None:
                line += f"; 顶分 {_num(top)} 时为 {_num(a.matchpoints(top))} 比赛分"
        lines.append(line)
    lines.append(
        "Law 12C1 sets the percentages; ±3 IMPs is the usual teams convention (Law 12C1 gives no IMP figure)."
        if lang == "en" else "第12条C款1项规定百分比; 队式赛 ±3 IMP 是通行惯例 (第12条C款1项未给出IMP数值)。"
    )
    return "\n".join(lines)


# ---- dispatch -----------------------------------------------------------------------------------

# ---- Victory Points --------------------------------------------------------------------------

def vp_reply(text: str, lang: str = "zh") -> str:
    """Victory Points of a team match (``赢25 IMP 8副``, ``30 21 8 boards``) on the WBF 2013 continuous
    20-point scale; the Laws give no VP scale, the reply says whose it is."""
    ours, theirs, boards = vp_request(text)
    vp_ours, vp_theirs = victory_points(ours, theirs, boards)
    full = math.ceil(blitz_margin(boards))
    if lang == "en":
        return (f"{boards}-board match, IMPs {ours} : {theirs} → VPs {vp_ours:.2f} : {vp_theirs:.2f}\n"
                f"WBF 2013 continuous 20-point scale (a margin of {full} IMPs or more: 20.00 : 0.00)")
    return (f"{boards}副的比赛, IMP {ours} : {theirs} → VP {vp_ours:.2f} : {vp_theirs:.2f}\n"
            f"WBF 2013 连续 20 分制 VP 表 (分差 {full} IMP 及以上: 20.00 : 0.00)")


REPLIES = {"score": score_reply, "imp": imp_reply, "mp": mp_reply, "vp": vp_reply, "board": board_reply,
           "adjusted": adjusted_reply}


def auto_reply(text: str, lang: str = "zh") -> str | None:
    """The scoring reply for a plain message, or None when it is not a scoring request.

    Raises :class:`ScoringInputError` when it is one but the input is wrong (``8S=``)."""
    kind = reply_kind(text)
    return REPLIES[kind](text, lang) if kind else None
