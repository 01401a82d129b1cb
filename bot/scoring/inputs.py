"""Read what people type for IMP, matchpoint, board and adjusted-score requests, and tell
which kind of scoring request a plain message is.

Every function raises :class:`bot.base.errors.ScoringInputError` (with an example of the right
form) for input it cannot use.
"""

from __future__ import annotations

import re

from bot.scoring.boards import board_info
from bot.scoring.tables import imp_scale
from bot.base.errors import ScoringInputError
from bot.scoring.notation import IMP_CUE, MAX_CHARS, looks_like_score, parse_board
from bot.scoring.undertricks import parse_undertricks
from bot.scoring.pairs import looks_like_pair
from bot.scoring.passed_out import is_passed_out_message
from bot.base.textnorm import normalize_query

MAX_SCORES = 100  # one board's traveller; keeps the table under Telegram's 4096 characters
MAX_SCORE = 20000  # no bridge score or difference comes near this; larger numbers are typos
MAX_BOARD = 10000
MAX_TOP = 1000  # a board top is 2 × (tables − 1) or so; a club never plays 500 tables
_INTEGER = re.compile(r"(?<![\d.])[-+]?\d+(?![\d.])")
# The words an IMP or matchpoint request may come wrapped in ("we were +620 and they were +170 at the other
# table, imps?"); any other Latin word is reported, so that a typo is not silently dropped.
_SCORE_TALK = frozenset("we us our ours were was they them their at in on other others table tables room rooms open "
                        "closed for got get scored score scores points pts and vs v versus against to what how many is "
                        "are the".split())
_IMP_WORDS = _SCORE_TALK | frozenset("imp imps diff difference".split())
_MP_WORDS = _SCORE_TALK | frozenset("mp mps matchpoint matchpoints matchpointed butler cross imp imps".split())
_OURS = re.compile(r"我们|我方|咱们|(?<![a-z])(?:we|us|our|ours)(?![a-z])")
ADJUSTED_WORDS = [
    ("plus", r"平均正分|平均加|平均\+|average\s*plus|avg\s*\+|(?<![a-z])(?:a|ave)\+"),
    ("minus", r"平均负分|平均减|平均-|average\s*minus|avg\s*-|(?<![a-z])(?:a|ave)-(?![a-z0-9])"),
    ("average", r"平均分|average|avg"),
]


def prepare(text: str, example_zh: str, example_en: str) -> str:
    """The text normalised (:func:`bot.base.textnorm.normalize_query`), or an error when it is
    empty or longer than ``MAX_CHARS``; the examples go into the message."""
    if not isinstance(text, str) or not text.strip():
        raise ScoringInputError(f"请写出要算的内容。例如: {example_zh}", f"Please say what to work out; e.g. {example_en}.")
    if len(text) > MAX_CHARS:
        raise ScoringInputError(
            f"输入太长 ({len(text)} 个字符, 最多 {MAX_CHARS})。例如: {example_zh}",
            f"The text is too long ({len(text)} characters, at most {MAX_CHARS}); e.g. {example_en}.",
        )
    return normalize_query(text.replace("\u2212", "-"))


# A count told beside the scores — 「双人赛8桌」, "13 tables", 「打了24副」 — is no score.
_COUNT = re.compile(r"(?<![\d.+-])\d+\s*(?:个|张)?(?:桌|副牌|副|轮|人|(?:tables?|boards?|rounds?|pairs?|teams?)(?![a-z]))")


def without_counts(text: str) -> str:
    """``text`` with the counts told beside its scores (8桌, 13 tables, 24副) blanked out."""
    return _COUNT.sub(" ", text)


def _integers(text: str, allowed_words: frozenset[str], example_zh: str, example_en: str) -> list[int]:
    text = without_counts(text)
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


def imp_numbers(text: str) -> list[int]:
    """The one difference or two scores of an IMP request (``620 对 -100`` → ``[620, -100]``)."""
    example_zh, example_en = "620 -100 (两个分数) 或 520 (分差)", "620 -100 (two scores) or 520 (a difference)"
    text = prepare(text, example_zh, example_en)
    numbers = _integers(text, _IMP_WORDS, example_zh, example_en)
    if len(numbers) not in (1, 2):
        raise ScoringInputError(
            f"请给一个分差或两个分数 (找到 {len(numbers)} 个数)。例如: {example_zh}",
            f"Give one difference or two scores (found {len(numbers)} numbers); e.g. {example_en}.",
        )
    return numbers


def mp_scores(text: str) -> tuple[list[int], int | None]:
    """The scores of a matchpoint request and the index of ours (after 我们/we), or None."""
    example_zh, example_en = "420 450 420 -50", "420 450 420 -50"
    text = prepare(text, example_zh, example_en)
    if parse_board(text) is not None:
        text = re.sub(r"(?:board|bd|#)\s*\d+|第?\s*\d+\s*(?:号牌|副牌|副|号)", " ", text, count=1)
    text = without_counts(text)
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


VP_CUE = re.compile(r"(?<![a-z])vps?(?![a-z])|victory\s*points?|胜利分")
_MATCH_BOARDS = re.compile(r"(?<![\d.])(\d{1,4})\s*(?:副牌?|块牌|(?:boards?|bds?)(?![a-z]))")
_VP_AMOUNT = re.compile(r"(?<![\d.])[-+]?\d+(?:\.\d+)?\s*(?:个)?\s*(?:vps?(?![a-z])|胜利分)")
_LOST = re.compile(r"输|落后|(?<![a-z])(?:lost|lose|losing|down|behind)(?![a-z])")
_VP_WORDS = _SCORE_TALK | frozenset("imp imps vp vps victory point points won win winning by lost lose losing down behind up "
                                    "match of in over after a board boards bd bds convert into".split())
MAX_MATCH_BOARDS = 100   # a team match is 8–32 boards; a whole session of one match at most this
MAX_MATCH_IMPS = 1000


def vp_request(text: str) -> tuple[int, int, int]:
    """Both sides' IMPs (ours first) and the match's boards of a Victory Point request:
    「赢了25 imp 8副」 → (25, 0, 8), 「输了12 imp，8副」 → (0, 12, 8), ``30 21 8 boards`` → (30, 21, 8)."""
    example_zh, example_en = "赢25 IMP, 8副 (或 30 比 21, 8副)", "won by 25 IMPs, 8 boards (or 30 21 8 boards)"
    text = prepare(text, example_zh, example_en)
    boards = _MATCH_BOARDS.search(text)
    if boards is None:
        raise ScoringInputError(f"VP 按比赛的副数换算, 请写出副数。例如: {example_zh}",
                                f"VPs depend on the match's length: give the number of boards; e.g. {example_en}.")
    count = int(boards.group(1))
    if not 1 <= count <= MAX_MATCH_BOARDS:
        raise ScoringInputError(f"一场比赛 1 到 {MAX_MATCH_BOARDS} 副, 不是 {count}。例如: {example_zh}",
                                f"A match has 1 to {MAX_MATCH_BOARDS} boards, not {count}; e.g. {example_en}.")
    rest = text[: boards.start()] + " " + text[boards.end():]
    for word in re.findall(r"[a-z]+", rest):
        if word not in _VP_WORDS:
            raise ScoringInputError(f"看不懂 “{word}”。例如: {example_zh}", f"Cannot read “{word}”; e.g. {example_en}.")
    numbers = [abs(int(n)) for n in _INTEGER.findall(rest)]
    if len(numbers) not in (1, 2) or any(n > MAX_MATCH_IMPS for n in numbers):
        raise ScoringInputError(
            f"请给 IMP 差或双方的 IMP (找到 {len(numbers)} 个数)。例如: {example_zh}",
            f"Give the IMP margin or both sides' IMPs (found {len(numbers)} numbers); e.g. {example_en}.",
        )
    if len(numbers) == 2:
        return numbers[0], numbers[1], count
    margin = numbers[0]
    lost = _LOST.search(rest) or re.search(r"(?<![\d.])-\s*\d", rest)
    return (0, margin, count) if lost else (margin, 0, count)


def mp_method(text: str) -> str:
    """The method a matchpoint request names: "butler", "cross" (cross-IMPs) or "mp" (plain)."""
    text = normalize_query(text)
    if re.search(r"butler|巴特勒", text):
        return "butler"
    if re.search(r"cross|交叉", text):
        return "cross"
    return "mp"


def board_number(text: str) -> int:
    """The board number of a board request: ``7号牌``, ``board 7``, ``第7副`` or just ``7``."""
    example_zh, example_en = "7号牌 或 board 7", "board 7"
    text = prepare(text, example_zh, example_en)
    n = parse_board(text)
    if n is None:
        numbers = _INTEGER.findall(text)
        if len(numbers) != 1:
            raise ScoringInputError(f"请给一个牌号。例如: {example_zh}", f"Please give one board number; e.g. {example_en}.")
        n = int(numbers[0])
    if n > MAX_BOARD:
        raise ScoringInputError(f"牌号 {n} 太大。例如: {example_zh}", f"Board number {n} is too large; e.g. {example_en}.")
    board_info(n)  # raises for n < 1
    return n


def looks_like_adjusted(text: str) -> bool:
    """True when the text asks about an artificial adjusted score (平均正分, average plus, A+ …)."""
    text = normalize_query(text) if isinstance(text, str) and len(text) <= MAX_CHARS else ""
    return any(re.search(p, text) for _, p in ADJUSTED_WORDS)


def adjusted_request(text: str) -> tuple[list[str], float | None]:
    """The adjusted-score kinds a text names ("minus", "average", "plus"; all three when it
    names none) and the board top it gives (``顶分 12``, ``top 12``), or None."""
    text = prepare(text, "平均正分 顶分 12", "average plus top 12")
    kinds = [kind for kind, pattern in ADJUSTED_WORDS if re.search(pattern, text)]
    found = re.search(r"(?:顶分|top)\s*([0-9]+)", text)
    top = int(found.group(1)) if found and len(found.group(1)) <= 6 else None
    if found and (top is None or not 1 <= top <= MAX_TOP):
        raise ScoringInputError(
            f"顶分要在 1 到 {MAX_TOP} 之间。例如: 平均正分 顶分 12",
            f"The top must be 1 to {MAX_TOP}; e.g. average plus top 12.")
    return kinds[:1] or ["minus", "average", "plus"], top


# What an adjusted score is worth (「平均正分是多少」, 「…算几个IMP」, "what is average plus"), or the word alone
# (「平均正分？」) — not a question that only mentions one (「裁判给了平均正分，我们还能申诉吗？」 is about appeals).
_ADJUSTED_VALUE = re.compile(r"多少|几|是什么|算什么|百分|顶分|(?<![a-z])(?:what|how|worth|top)(?![a-z])")
_ADJUSTED_ALONE = re.compile("|".join(p for _, p in ADJUSTED_WORDS) + r"|[\s?？。.!！]")
# 「输了7个IMP」, "lost 7 IMPs": a number of IMPs won or lost (at most 24), not a score to convert.
_IMP_AMOUNT = re.compile(r"(?<![\d.])[-+]?(\d{1,2})\s*(?:个)?\s*(?:imps?|国际比赛分)(?![a-z])")
_MP_CUE = re.compile(r"(?<!国际)比赛分|(?<![a-z])mps?(?![a-z])|matchpoint|别桌|百分比")
_MP_METHOD_CUE = re.compile(r"butler|巴特勒|cross|交叉")
_BOARD_CUE = re.compile(r"发牌|局况|谁发|dealer|vulnerab|(?<![a-z])vul(?![a-z])|有局|无局")
# 「620比170」, 「620对-170」, "620 vs 170": two scores set against each other read as an IMP request.
_SCORE_PAIR = re.compile(r"^[-+]?(\d+)\s*(?:比|对|vs\.?|v|versus|against|:)\s*[-+]?(\d+)$")
# What may stand around a board number alone (「17号牌」, "board 7?", 「第17副呢」).
_BOARD_ALONE = re.compile(r"(?:board|bd|牌号|#)\s*\d+|第?\s*\d+\s*(?:号牌|副牌|副|号|块牌)|[\s?？。.!！呢吗]")
# Requests for a scoring table: 「77表」, "77 table", 「IMP表」, "imp table", 「局况表」 (not 「记分表」:
# players mean the score sheet by that), and the words that may stand around one.
_TABLE_FILLER = re.compile(r"[\s?？。.!！]|请|给我|看看|看一下|查一下|查看|打开|显示|the|show|me|please|law|规则|第|条|的")
TABLES = (
    ("78B", r"(?<![a-z])imps?\s*(?:table|scale|表)|国际比赛分(?:换算)?表|78\s*(?:b\s*)?(?:table|表)"),
    ("2", r"(?:board|局况|发牌|牌套)\s*(?:table|表)|(?<!\d)2\s*(?:table|表)"),
    ("77", r"(?:law\s*)?77\s*(?:table|表)|(?:score|scoring)\s*table"),
)


def reply_kind(text: str) -> str | None:
    """Which reply fits a plain message: "score", "undertricks", "imp", "mp", "vp", "board", "adjusted" or None
    (not a scoring request — e.g. an ordinary rules question)."""
    if not isinstance(text, str) or not text.strip():
        return None
    if asks_something_else(normalize_query(text)):
        return None   # a story told with its contract and result, asking a rules question at the end
    if is_passed_out_message(text):
        return "score"   # 「pass out」 alone: a passed-out board's score, not Law 30
    if looks_like_pair(text):
        return "imp"   # one board's results at two tables (「3NT+1 对 4♠=」)
    if looks_like_score(text):
        return "score"
    if len(text) > MAX_CHARS:
        return None
    if parse_undertricks(text) is not None:
        return "undertricks"   # 「宕2墩加倍有局」, "3 down doubled vul": no contract needed
    norm = normalize_query(text)
    numbers = _INTEGER.findall(without_counts(norm))
    # (「我们赢了20 VP，排名第三」 tells VPs won; only IMPs to convert make a VP request)
    if VP_CUE.search(norm) and _INTEGER.findall(_VP_AMOUNT.sub(" ", without_counts(norm))):
        return "vp"
    if _MP_METHOD_CUE.search(norm) and len(numbers) >= 2:
        return "mp"
    if IMP_CUE.search(norm) and _scores_beside_imps(norm):
        return "imp"
    if _MP_CUE.search(norm) and len(numbers) >= 2:
        return "mp"
    if looks_like_adjusted(norm) and (_ADJUSTED_VALUE.search(norm) or not _ADJUSTED_ALONE.sub("", norm)):
        return "adjusted"
    if _mentions_board(norm) and (_BOARD_CUE.search(norm) or not _BOARD_ALONE.sub("", norm)):
        return "board"
    pair = _SCORE_PAIR.match(norm.strip(" ?？。"))
    if pair and all(int(n) % 10 == 0 for n in pair.groups()) and max(int(n) for n in pair.groups()) >= 20:
        return "imp"
    return None


# What a question asking for a score, IMPs, matchpoints or VPs says (after normalisation: simplified, half-width).
_ASKS_A_SCORE = re.compile(r"多少|几分|得分|记分|计分|分数|怎么算|怎样算|如何算|比赛分|imps?\b|\bmps?\b|\bvps?\b|matchpoints?"
                           r"|\bscor|\bpoints?\b|how many|how much|worth", re.I)
# A sentence ends at 。？！ (after normalisation ? !) or at an English full stop followed by a space.
_SENTENCE_END = re.compile(r"(?<=[。?!])|(?<=[a-z0-9)]\.)\s+")


def asks_something_else(norm: str) -> bool:
    """True when a message of two or more sentences asks its question(s) — the sentences ending in a
    question mark, else the last one — without asking for a score: a player telling a board (「東家打3NT，
    南家…庄家能要求补偿吗？」) asks about the rules, whatever contract and result the story holds."""
    sentences = [s.strip() for s in _SENTENCE_END.split(norm) if s.strip()]
    if len(sentences) < 2:
        return False
    asked = [s for s in sentences if s.endswith("?")] or sentences[-1:]
    return not any(_ASKS_A_SCORE.search(s) for s in asked)


def _scores_beside_imps(norm: str) -> bool:
    """True when a message naming IMPs holds a number that is not itself a number of IMPs (24 at most):
    「620 对 -100 多少IMP」, 「差520是多少imp」 — not 「我们输了7个IMP，IMP是什么」."""
    most = imp_scale()[-1][2]   # the top row of Law 78B's table
    rest = _IMP_AMOUNT.sub(lambda m: " " if int(m.group(1)) <= most else m.group(0), norm)
    return bool(_INTEGER.findall(rest))


def table_request(text: str) -> str | None:
    """The clause whose table a message asks for — "77" (scores), "78B" (IMPs), "2" (boards) —
    when the message is such a request (「77表」, "imp table", 「局况表」), else None."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return None
    norm = normalize_query(text)
    for clause, pattern in TABLES:
        found = re.search(pattern, norm)
        # Only the request itself (「看一下77表」): a sentence around it is a question about the table.
        if found and len(_TABLE_FILLER.sub("", norm[: found.start()] + norm[found.end():])) <= 2:
            return clause
    return None


def _mentions_board(text: str) -> bool:
    try:
        return parse_board(text) is not None
    except ScoringInputError:
        return True  # "board 0 谁发牌" is a board request with a bad number
