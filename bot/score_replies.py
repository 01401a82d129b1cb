"""Finished plain-text replies for score, IMP, matchpoint, board and adjusted-score requests.

The chat core and the ``bridgebot`` CLI both call these.  Each takes the user's text and
``lang`` ("zh", the default, or "en") and returns a compact reply under 4000 characters, or
raises :class:`bot.errors.ScoringInputError` for input it cannot use.
"""

from __future__ import annotations

import re
import unicodedata

from bot import matchpoints as mp
from bot.boards import SEAT_EN, SEAT_ZH, VUL_EN, VUL_ZH, BoardInfo, board_info, seat_vulnerable, side_of
from bot.errors import ScoringInputError
from bot.notation import MAX_CHARS, ContractResult, looks_like_score, parse_board, parse_result
from bot.score_tables import imp_scale
from bot.scoring import ScoreParts, imps, score_parts, undertrick_steps
from bot.textnorm import normalize_query

MAX_SCORES = 100  # one board's traveller; keeps the table under Telegram's 4096 characters
MAX_SCORE = 20000  # no bridge score or difference comes near this; larger numbers are typos
_INTEGER = re.compile(r"(?<![\d.])[-+]?\d+(?![\d.])")
_SIDE_ZH = {"NS": "南北", "EW": "东西"}
_SIDE_EN = {"NS": "North-South", "EW": "East-West"}
_DOUBLED_ZH = {0: "未加倍", 1: "加倍", 2: "再加倍"}
_DOUBLED_EN = {0: "undoubled", 1: "doubled", 2: "redoubled"}


def _num(value: float) -> str:
    return f"{value:g}"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _prepare(text: str, example_zh: str, example_en: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise ScoringInputError(f"请写出要算的内容。例如: {example_zh}", f"Please say what to work out; e.g. {example_en}.")
    if len(text) > MAX_CHARS:
        raise ScoringInputError(
            f"输入太长 ({len(text)} 个字符, 最多 {MAX_CHARS})。例如: {example_zh}",
            f"The text is too long ({len(text)} characters, at most {MAX_CHARS}); e.g. {example_en}.",
        )
    return normalize_query(text.replace("\u2212", "-"))


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
    side = side or (side_of(result.declarer) if result.declarer else None)
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

    When the text does not settle whether declarer is vulnerable, both scores are given."""
    result = parse_result(text)
    en = lang == "en"
    lines = []
    if result.board is not None:
        lines.append(_board_line(board_info(result.board), lang))
    head = result.label
    if result.declarer:
        head += f" by {SEAT_EN[result.declarer]}" if en else f" 庄家{SEAT_ZH[result.declarer]}"
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


# ---- IMPs -------------------------------------------------------------------------------------

_IMP_WORDS = frozenset("imp imps vs v versus and diff difference to against how many what is the".split())


def _integers(text: str, allowed_words: frozenset[str], example_zh: str, example_en: str) -> list[int]:
    for word in re.findall(r"[a-z]+", text):
        if word not in allowed_words:
            raise ScoringInputError(f"看不懂 “{word}”。例如: {example_zh}", f"Cannot read “{word}”; e.g. {example_en}.")
    numbers = [int(n) for n in _INTEGER.findall(text)]
    for n in numbers:
        if abs(n) > MAX_SCORE:
            raise ScoringInputError(
                f"{n} 不像桥牌分数 (绝对值最多 {MAX_SCORE})。例如: {example_zh}",
                f"{n} does not look like a bridge score (at most {MAX_SCORE} either way); e.g. {example_en}.",
            )
    return numbers


def _imp_row(diff: int, lang: str) -> tuple[str, int]:
    """The Law 78B row a difference falls in, as text (``600–740``) and its IMPs."""
    low, high, value = next(r for r in reversed(imp_scale()) if abs(diff) >= r[0])
    if high is None:
        return (f"{low}+" if lang == "en" else f"{low}及以上"), value
    return f"{low}–{high}", value


def imp_numbers(text: str) -> list[int]:
    """The one difference or two scores of an IMP request (``620 对 -100`` → ``[620, -100]``)."""
    example_zh, example_en = "620 -100 (两个分数) 或 520 (分差)", "620 -100 (two scores) or 520 (a difference)"
    text = _prepare(text, example_zh, example_en)
    numbers = _integers(text, _IMP_WORDS, example_zh, example_en)
    if len(numbers) not in (1, 2):
        raise ScoringInputError(
            f"请给一个分差或两个分数 (找到 {len(numbers)} 个数)。例如: {example_zh}",
            f"Give one difference or two scores (found {len(numbers)} numbers); e.g. {example_en}.",
        )
    return numbers


def imp_reply(text: str, lang: str = "zh") -> str:
    """IMPs (Law 78B) for a difference (``520``) or two scores from one side's view (``620 -100``)."""
    numbers = imp_numbers(text)
    diff = numbers[0] if len(numbers) == 1 else numbers[0] - numbers[1]
    result = imps(diff)
    span, value = _imp_row(diff, lang)
    if lang == "en":
        head = f"{numbers[0]} vs {numbers[1]}: difference {diff}" if len(numbers) == 2 else f"Difference {diff}"
        return f"{head} → {_signed(result)} IMPs\nLaw 78B: {span} → {value} IMPs"
    head = f"{numbers[0]} 对 {numbers[1]}: 分差 {diff}" if len(numbers) == 2 else f"分差 {diff}"
    return f"{head} → {_signed(result)} IMP\n第78条B款: 分差 {span} → {value} IMP"


# ---- matchpoints -------------------------------------------------------------------------------

_MP_WORDS = frozenset(
    "mp mps matchpoint matchpoints matchpointed scores score we us our ours others other tables table "
    "and vs what how many is are the butler cross imp imps".split()
)
_OURS = re.compile(r"我们|我方|咱们|(?<![a-z])(?:we|us|our|ours)(?![a-z])")


def mp_scores(text: str) -> tuple[list[int], int | None]:
    """The scores of a matchpoint request and the index of ours (after 我们/we), or None."""
    example_zh, example_en = "420 450 420 -50", "420 450 420 -50"
    text = _prepare(text, example_zh, example_en)
    if parse_board(text) is not None:
        text = re.sub(r"(?:board|bd|#)\s*\d+|第?\s*\d+\s*(?:号牌|副牌|副|号)", " ", text, count=1)
    ours_at = _OURS.search(text)
    numbers = _integers(text, _MP_WORDS, example_zh, example_en)
    if len(numbers) < 2:
        raise ScoringInputError(
            f"至少要两个成绩才能比较 (找到 {len(numbers)} 个)。例如: {example_zh}",
            f"At least two scores are needed to compare (found {len(numbers)}); e.g. {example_en}.",
        )
    if len(numbers) > MAX_SCORES:
        raise ScoringInputError(
            f"成绩太多 ({len(numbers)} 个, 最多 {MAX_SCORES})。例如: {example_zh}",
            f"Too many scores ({len(numbers)}, at most {MAX_SCORES}); e.g. {example_en}.",
        )
    odd = [n for n in numbers if n % 10]
    if odd:
        raise ScoringInputError(
            f"{odd[0]} 不是桥牌分数 (分数都是 10 的倍数)。例如: {example_zh}",
            f"{odd[0]} is not a bridge score (scores are multiples of 10); e.g. {example_en}.",
        )
    ours = None
    if ours_at:
        after = [m for m in _INTEGER.finditer(text) if m.start() >= ours_at.end()]
        if after:
            ours = [m.start() for m in _INTEGER.finditer(text)].index(after[0].start())
    return numbers, ours


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _right(text: str, width: int = 6) -> str:
    """``text`` right-aligned in ``width`` monospace columns (Chinese characters count as two)."""
    return " " * max(0, width - _width(text)) + text


def _mp_method(text: str) -> str:
    if re.search(r"butler|巴特勒", text):
        return "butler"
    if re.search(r"cross|交叉", text):
        return "cross"
    return "mp"


def mp_reply(text: str, lang: str = "zh", method: str | None = None, scale: int = 2) -> str:
    """Matchpoints (Law 78A) for one board's scores from one direction (``420 450 420 -50``).

    The first score after 我们/we is marked as ours.  ``method`` "mp" (default), "butler" or
    "cross" (cross-IMPs); when None it is read from the text ("butler", "cross"/"交叉").
    ``scale`` 2 gives 2 per score beaten and 1 per tie, 1 gives 1 and ½."""
    scores, ours = mp_scores(text)
    method = method or _mp_method(normalize_query(text))
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


def board_number(text: str) -> int:
    """The board number of a board request: ``7号牌``, ``board 7``, ``第7副`` or just ``7``."""
    example_zh, example_en = "7号牌 或 board 7", "board 7"
    text = _prepare(text, example_zh, example_en)
    n = parse_board(text)
    if n is None:
        numbers = _INTEGER.findall(text)
        if len(numbers) != 1:
            raise ScoringInputError(f"请给一个牌号。例如: {example_zh}", f"Please give one board number; e.g. {example_en}.")
        n = int(numbers[0])
    if n > 10000:
        raise ScoringInputError(f"牌号 {n} 太大。例如: {example_zh}", f"Board number {n} is too large; e.g. {example_en}.")
    board_info(n)  # raises for n < 1
    return n


def board_reply(text: str, lang: str = "zh") -> str:
    """Dealer and vulnerability (Law 2) of a board: ``7号牌``, ``board 7``, ``第7副`` or just ``7``."""
    info = board_info(board_number(text))
    line = _board_line(info, lang)
    same = (info.board - 1) % 16 + 1
    if lang == "en":
        return line + (f" (same as board {same}; Law 2, repeats every 16)" if same != info.board else " (Law 2)")
    return line + (f" (同第{same}副, 每16副一循环, 第2条)" if same != info.board else " (第2条)")


_ADJUSTED_WORDS = [
    ("plus", r"平均正分|平均加|平均\+|average\s*plus|avg\s*\+|a\+|ave\+"),
    ("minus", r"平均负分|平均减|平均-|average\s*minus|avg\s*-|a-|ave-"),
    ("average", r"平均分|average|avg"),
]


def looks_like_adjusted(text: str) -> bool:
    """True when the text asks about an artificial adjusted score (平均正分, average plus, A+ …)."""
    text = normalize_query(text) if isinstance(text, str) and len(text) <= MAX_CHARS else ""
    return any(re.search(p, text) for _, p in _ADJUSTED_WORDS)


def adjusted_reply(text: str, lang: str = "zh", top: float | None = None) -> str:
    """Law 12C1 artificial adjusted scores in matchpoint and IMP terms.

    Names one kind (``平均正分``/``average plus``…) or lists all three; with a board top
    (``top``, or ``顶分 12``/``top 12`` in the text) the matchpoints are given too."""
    text = _prepare(text, "平均正分 顶分 12", "average plus top 12")
    kinds = [kind for kind, pattern in _ADJUSTED_WORDS if re.search(pattern, text)]
    kinds = kinds[:1] or ["minus", "average", "plus"]
    found = re.search(r"(?:顶分|top)\s*(\d+)", text)
    if top is None and found:
        top = int(found.group(1))
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

_IMP_CUE = re.compile(r"(?<![a-z])imps?(?![a-z])|国际比赛分")
_MP_CUE = re.compile(r"(?<!国际)比赛分|(?<![a-z])mps?(?![a-z])|matchpoint|别桌|百分比")
_MP_METHOD_CUE = re.compile(r"butler|巴特勒|cross|交叉")
_BOARD_CUE = re.compile(r"发牌|局况|谁发|dealer|vulnerab|(?<![a-z])vul(?![a-z])|有局|无局")


def reply_kind(text: str) -> str | None:
    """Which reply fits a plain message: "score", "imp", "mp", "board", "adjusted" or None
    (not a scoring request — e.g. an ordinary rules question)."""
    if not isinstance(text, str) or not text.strip():
        return None
    if looks_like_score(text):
        return "score"
    if len(text) > MAX_CHARS:
        return None
    norm = normalize_query(text)
    numbers = _INTEGER.findall(norm)
    if _MP_METHOD_CUE.search(norm) and len(numbers) >= 2:
        return "mp"
    if _IMP_CUE.search(norm) and numbers:
        return "imp"
    if _MP_CUE.search(norm) and len(numbers) >= 2:
        return "mp"
    if looks_like_adjusted(norm) and re.search(r"多少|是什么|what|how|调整|adjusted|\?|？", norm):
        return "adjusted"
    if parse_board_safe(norm) is not None and _BOARD_CUE.search(norm):
        return "board"
    return None


def parse_board_safe(text: str) -> int | None:
    """Like :func:`bot.notation.parse_board` but returns the bad number instead of raising."""
    try:
        return parse_board(text)
    except ScoringInputError:
        return -1


REPLIES = {"score": score_reply, "imp": imp_reply, "mp": mp_reply, "board": board_reply,
           "adjusted": adjusted_reply}


def auto_reply(text: str, lang: str = "zh") -> str | None:
    """The scoring reply for a plain message, or None when it is not a scoring request.

    Raises :class:`ScoringInputError` when it is one but the input is wrong (``8S=``)."""
    kind = reply_kind(text)
    return REPLIES[kind](text, lang) if kind else None
