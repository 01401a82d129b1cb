"""Parse a result as people type it — ``4S+1``, ``3NTx-2``, ``4♠+1 有局``, ``4红心超1 北 7号牌`` —
into a :class:`ContractResult`, and tell a score request from an ordinary question.

The words and patterns shared with the other parsers are in :mod:`bot.scoring.notation_words`;
undertricks asked without a contract are read by :mod:`bot.scoring.undertricks`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.base.inputs import digits_value
from bot.scoring.boards import VUL_EN, VUL_ZH, board_info, seat_vulnerable, side_of
from bot.base.errors import ScoringInputError
from bot.base.textnorm import normalize_query
from bot.scoring.notation_words import (CONTRACT, DOUBLED_OF, DOUBLED_RE, FEWER, LEVEL, MAX_CHARS, MORE, NUM,
                                        RESULT_APART, RESULT_RE, STRAIN_OF, STRAIN_RE, input_error, number_of, take,
                                        vulnerability_said)
from bot.scoring.undertricks import Undertricks, parse_undertricks  # noqa: F401  (re-exported: tests read them here)

_DOUBLED_AFTER = re.compile(r"(?<![a-z])(?:redoubled|doubled|rdbl|dbl)(?![a-z])"
                            # 「…被加倍了」, or 加倍 as a word of its own in a list (「1NT宕五 加倍 有局」)
                            r"|(?:(?<=被)|(?<![^\s,，、;；]))(?:再加倍|加倍)(?![^\s,，、。;；了!?！？])")
# A side named right before the contract declared it (「东西4红心加倍宕3」, 「南北方打3NT」, "NS played 4S"); named
# anywhere else it is the vulnerability (「4♠超1 南北」, "4S+1 NS" → North-South vulnerable).
_SIDE_DECLARED = re.compile(
    rf"(?P<side>南北|东西|(?<![a-z])ns(?![a-z])|(?<![a-z])ew(?![a-z]))\s*(?:方|家|两家)?\s*"
    rf"(?:declared|played|in|打了?|做庄|主打)?\s*(?=(?:{LEVEL})\s*(?:{STRAIN_RE})(?![a-wyz]))")
# A level followed by something that is not a strain: "4Q=", "5Z+1" — worth a specific message.
_BAD_STRAIN = re.compile(r"(?<![0-9a-z.])\d{1,2}\s*(?P<strain>[a-z])\s*x{0,2}\s*(?:[=+]|-\s*\d)")
# A two-digit level before a real strain and a result: "10S=", "12红心超1".
_BAD_LEVEL = re.compile(
    rf"(?<![0-9a-z.])(?P<level>\d{{2}})\s*(?:{STRAIN_RE})(?![a-wyz])\s*(?:{DOUBLED_RE})?\s*(?:{RESULT_RE})"
)
_TRICKS = re.compile(rf"(?:(?P<more>超|{MORE})|(?P<fewer>宕|{FEWER}))?(?:拿|打|做|赢|得)?了?\s*(?P<tricks>{NUM})\s*(?:墩|tricks?)")
_BOARD = re.compile(
    r"(?:board|bd|牌号|#)\s*(?P<a>-?\d+)"
    r"|第\s*(?P<b>-?\d+)\s*(?:号牌|副牌|副|号|块牌)"
    r"|(?<![0-9a-z.+=-])(?P<c>\d+)\s*(?:号牌|副牌|号)"
)
_SEATS = {"n": "N", "north": "N", "北": "N", "e": "E", "east": "E", "东": "E",
          "s": "S", "south": "S", "南": "S", "w": "W", "west": "W", "西": "W"}
_SEAT = re.compile(r"(?<![a-z])(?P<latin>north|east|south|west|[nesw])(?![a-z])|(?P<zh>[北东南西])家?")
# Words a result may come wrapped in; any other Latin word is reported, so that a typo such as
# "vull" is not silently ignored (which would drop the vulnerability).
_FILLER_EN = frozenset(
    "what whats is the a an score scores scored scoring for points point how much many by declarer "
    "declared decl with on at in it please result results and of worth get gets do does we i you they "
    "our my their if when are was were be contract bid played play made making took taking won can tell me".split()
)
# What may stand beside a contract alone: its vulnerability, its declarer, punctuation.
_ALONE_EXTRAS = re.compile(r"[\s,，。.!！?？]+|(?:双方|南北|东西)?(?:有局|无局)|庄家|[北东南西]家?"
                           r"|(?<![a-z])(?:vul(?:nerable)?|nv|non-?vul|both|none|ns|ew|[nesw])(?![a-z])")
# A message that names IMPs (「多少IMP」, "imps?", 国际比赛分)
IMP_CUE = re.compile(r"(?<![a-z])imps?(?![a-z])|国际比赛分")
# Not bare 多少 or "points": "1NT开叫要多少点" asks about high-card points, not a score.
_SCORE_CUE = re.compile(r"多少分|几分|得分|记分|计分|算分|分数|罚多少|罚了多少|score")
# A rules question told with a result as its background: asked about, not scored.
_RULES_ASKED = re.compile(r"怎么判|怎么办|怎么处理|如何处理|可以吗|行吗|能不能|可不可以|算不算|违规|犯规|判罚|裁判|藏牌|罚张"
                          r"|(?<![a-z])(?:is (?:that|it|this) (?:ok|okay|allowed|legal|right)|allowed|legal|ruling|penalty"
                          r"|director|td|can|may|should)(?![a-z])")


@dataclass(frozen=True)
class ContractResult:
    """A contract and its result, with what the text said about seats and vulnerability.

    ``tricks`` is the total number of tricks declarer took (0–13).  ``declarer`` is N/E/S/W
    or None.  ``vulnerable`` is whether the declaring side is vulnerable, or None when the
    text does not settle it.  ``vulnerability`` (None/NS/EW/Both) is the table's
    vulnerability, meaningful only when ``vulnerability_known``; it comes from the text or
    from Law 2 for ``board``.  ``assumed_made`` is True when no result was written and the
    contract is taken as made exactly.  ``side`` (NS/EW) is the declaring side when the text names
    a side right before the contract (「东西4红心加倍宕3」, "NS 4S+1") and no seat.
    """

    level: int
    strain: str
    doubled: int
    tricks: int
    declarer: str | None = None
    vulnerable: bool | None = None
    vulnerability: str | None = None
    vulnerability_known: bool = False
    board: int | None = None
    assumed_made: bool = False
    side: str | None = None

    @property
    def declaring_side(self) -> str | None:
        """NS or EW: the declarer's side, or the side named as declaring (「东西4♥宕3」), else None."""
        return side_of(self.declarer) if self.declarer else self.side

    @property
    def result(self) -> int:
        """Overtricks (positive), 0 for made exactly, or undertricks (negative)."""
        return self.tricks - 6 - self.level

    @property
    def label(self) -> str:
        """The result in standard notation, e.g. ``4♠+1``, ``3NTx-2``, ``6♥xx=``."""
        strain = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}[self.strain]
        result = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.level}{strain}{'x' * self.doubled}{result}"


def _too_many_overtricks(level: int, strain: str) -> ScoringInputError:
    most = 13 - 6 - level
    return input_error(f"{level}{strain} 最多超 {most} 墩 (一副牌只有 13 墩)",
                  f"{level}{strain} can make at most {most} overtricks (a deal has 13 tricks)")


def _too_many_undertricks(level: int, strain: str) -> ScoringInputError:
    return input_error(f"{level}{strain} 最多宕 {6 + level} 墩", f"{level}{strain} can go at most {6 + level} down")


def _prepare(text: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise input_error("请写出定约和结果", "Please give a contract and its result")
    if len(text) > MAX_CHARS:
        raise input_error(f"输入太长 ({len(text)} 个字符, 最多 {MAX_CHARS})",
                     f"The text is too long ({len(text)} characters, at most {MAX_CHARS})")
    text = normalize_query(text.replace("\ufe0f", ""))
    return re.sub(r"[\u2212\u2013\u2014\uff0d]", "-", text)


def parse_board(text: str) -> int | None:
    """The board number a text mentions (``board 7``, ``7号牌``, ``第7副``), or None.

    Raises :class:`ScoringInputError` for a board number below 1."""
    m = _BOARD.search(text)
    if not m:
        return None
    n = int(m.group("a") or m.group("b") or m.group("c"))
    if n < 1:
        raise ScoringInputError(
            f"牌号必须是 1 或更大的整数, 不是 {n}。例如: 7号牌",
            f"The board number must be a whole number of 1 or more, not {n}; e.g. board 7.",
        )
    return n


def _contract(m: re.Match) -> tuple[int, str, int, int | None]:
    level = number_of(m.group("level"))
    strain = STRAIN_OF[m.group("strain")]
    if not 1 <= level <= 7:
        raise input_error(f"定约阶数必须是 1 到 7, 不是 {level}", f"The contract level must be 1 to 7, not {level}")
    doubled = DOUBLED_OF[m.group("doubled")] if m.group("doubled") else 0
    if not m.group("result"):
        return level, strain, doubled, None
    needed = 6 + level
    if m.group("exact") or m.group("made"):
        return level, strain, doubled, needed
    if m.group("reached"):
        return level, strain, doubled, 6 + number_of(m.group("reached"))
    if m.group("taken"):
        return level, strain, doubled, number_of(m.group("taken"))
    over = m.group("over") or m.group("over2")
    if over:
        tricks = needed + number_of(over)
        if tricks > 13:
            raise _too_many_overtricks(level, strain)
        return level, strain, doubled, tricks
    under = m.group("under") or m.group("under2")
    under = number_of(under) if under else 1
    if under > needed:
        raise _too_many_undertricks(level, strain)
    if under == 0:
        return level, strain, doubled, needed
    return level, strain, doubled, needed - under


def parse_result(text: str) -> ContractResult:
    """Parse a typed result such as ``4S+1``, ``3NTx-2 N board 7`` or ``3无将加倍宕2 有局``.

    Recognises the level 1–7; strain as C D H S N/NT, ♣♦♥♠ or 梅花/方块/红心/黑桃/无将; X/XX
    or 加倍/再加倍; the result as ``=``, ``+n``, ``-n``, 超n, 宕n, 做成 or ``n墩``; vulnerability as
    vul/nv/有局/无局 (the declaring side) or NS/EW/Both/南北有局/双方无局… (the table), or a
    board number (``board 7``, ``7号牌``) whose Law 2 vulnerability applies; the declarer as
    N/E/S/W or 北/东/南/西.  With no result written the contract counts as made exactly.
    Raises :class:`ScoringInputError` with a bilingual message for anything else.
    """
    text = _prepare(text)
    text = re.sub(r"(?<![a-z])(?:what|it|that)'s(?![a-z])", " ", text)
    board = parse_board(text)
    if board is not None:
        text = _BOARD.sub(" ", text, count=1)
    side = None
    declared_by = _SIDE_DECLARED.search(text)
    if declared_by:
        side = "NS" if declared_by.group("side") in ("南北", "ns") else "EW"
        text = text[: declared_by.start()] + " " + text[declared_by.end():]
    m, rest = _find_contract(text)
    level, strain, doubled, tricks = _contract(m)
    if not doubled:
        # "4H-2 doubled", 「4♠宕两墩，被加倍了」, 「1NT宕五 加倍 有局」: the doubling said after the result (in English
        # words, or Chinese as something done to the contract or a word of a list: 「…对方说要加倍」 tells what
        # somebody wanted, not the contract)
        said_after, rest = take(_DOUBLED_AFTER, rest)
        doubled = DOUBLED_OF[said_after.group(0)] if said_after else 0
    if tricks is None:
        tricks, rest = _tricks_taken(rest, level, strain)
    if tricks is None:
        tricks, rest = _result_apart(rest, level, strain)
    assumed = tricks is None
    if assumed:
        tricks = 6 + level
    said, rest = vulnerability_said(rest)
    declarer, rest = _declarer(rest)
    _check_leftovers(rest)
    if declarer is not None and side is not None and side_of(declarer) != side:
        raise input_error("庄家和做庄的一方不一致", "The declarer is not of the side named as declaring")
    if board is not None:
        _check_board_vulnerability(said, board)
        said.setdefault("table", board_info(board).vulnerability)
    declarer_vul = _declarer_vulnerable(said, declarer or side, board)
    return ContractResult(level, strain, doubled, tricks, declarer, declarer_vul, said.get("table"),
                          "table" in said, board, assumed, None if declarer else side)


def _check_board_vulnerability(said: dict, board: int) -> None:
    """Raise when the text's table vulnerability (「南北有局」, "NS vul", 「东西无局」) is not the board's (Law 2)."""
    actual = board_info(board).vulnerability
    if "table" in said:
        wrong = said["table"] != actual
    elif "side" in said:
        wrong = seat_vulnerable(said["side"], actual)
    else:
        return
    if wrong:
        raise input_error(f"第{board}副是{VUL_ZH[actual]}, 与所写的局况矛盾", f"Board {board} is {VUL_EN[actual]}, "
                     "which contradicts what you wrote")


def _find_contract(text: str) -> tuple[re.Match, str]:
    """The one contract in the text and the rest, or a message saying what is wrong with it."""
    m, rest = take(CONTRACT, text)
    if m is None:
        bad = _BAD_LEVEL.search(text)
        if bad:
            level = bad.group("level")
            raise input_error(f"定约阶数必须是 1 到 7, 不是 {level}", f"The contract level must be 1 to 7, not {level}")
        bad = _BAD_STRAIN.search(text)
        if bad and bad.group("strain") not in STRAIN_OF:
            raise input_error(f"不认识的花色 {bad.group('strain').upper()}: 用 C D H S NT 或 ♣♦♥♠",
                         f"Unknown strain {bad.group('strain').upper()}: use C, D, H, S, NT or ♣♦♥♠")
        raise input_error("没有找到定约和结果", "No contract and result found")
    if CONTRACT.search(rest):
        raise input_error("一次只算一个定约", "Please give one contract at a time")
    return m, rest


def two_results(text: str) -> tuple[str, str] | None:
    """The two tables' results of a comparison (「3NT+1 对 4♠=」, "4S+1 vs 3NT= vul"), as the text of
    each (from its contract up to the next), or None when the text does not hold exactly two contracts.
    The text before the first contract (「我们」, "we had") goes with neither."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return None
    text = _prepare(text)
    found = list(CONTRACT.finditer(text))
    if len(found) != 2:
        return None
    # a side named as declaring goes with its contract (「南北4♠= 对 东西5♣x-2」)
    side_at = {m.end(): m.start() for m in _SIDE_DECLARED.finditer(text)}
    first, second = (side_at.get(m.start(), m.start()) for m in found)
    return text[first:second], text[second:]


def _tricks_taken(rest: str, level: int, strain: str) -> tuple[int | None, str]:
    """Tricks written as a count (``10墩``, ``11 tricks``), or as overtricks or undertricks further on
    (「…我们多拿了一墩」, 「…结果宕了两墩」), or None."""
    t, rest = take(_TRICKS, rest)
    if t is None:
        return None, rest
    count = number_of(t.group("tricks"))
    needed = 6 + level
    if t.group("more"):
        if needed + count > 13:
            raise _too_many_overtricks(level, strain)
        return needed + count, rest
    if t.group("fewer"):
        if count > needed:
            raise _too_many_undertricks(level, strain)
        return needed - count, rest
    if count > 13:
        raise input_error("赢墩数不能超过 13", "Tricks taken cannot exceed 13")
    return count, rest


def _result_apart(rest: str, level: int, strain: str) -> tuple[int | None, str]:
    """Tricks from a result told apart from the contract ("2 down … in 4H", 「4♠…最后宕2」), or None."""
    r, rest = take(RESULT_APART, rest)
    if r is None:
        return None, rest
    needed = 6 + level
    if r.group("over"):
        over = number_of(r.group("over"))
        if needed + over > 13:
            raise _too_many_overtricks(level, strain)
        return needed + over, rest
    under = number_of(r.group("under") or r.group("under2") or r.group("under3"))
    if under > needed:
        raise _too_many_undertricks(level, strain)
    return needed - under, rest


def _declarer(rest: str) -> tuple[str | None, str]:
    seats = {_SEATS[m.group("latin") or m.group("zh")] for m in _SEAT.finditer(rest)}
    if len(seats) > 1:
        raise input_error("庄家只能有一个 (N/E/S/W 或 北/东/南/西)", "Give only one declarer (N, E, S or W)")
    return (seats.pop() if seats else None), _SEAT.sub(" ", rest)


def _declarer_vulnerable(said: dict, declarer: str | None, board: int | None) -> bool | None:
    """Whether the declaring side is vulnerable, None when the text does not settle it;
    raises when an explicit vul/nv contradicts the table's vulnerability."""
    declarer_vul = said.get("declarer")
    if "table" not in said:
        if declarer is not None and side_of(declarer) == said.get("side"):
            return False  # "南北无局" settles North-South only
        return declarer_vul
    sides = [declarer] if declarer is not None else ["NS", "EW"]
    possible = {seat_vulnerable(side, said["table"]) for side in sides}
    if declarer_vul is not None and declarer_vul not in possible:
        where = f"第{board}副" if board is not None else "这个局况"
        where_en = f"board {board}" if board is not None else "that vulnerability"
        raise input_error(f"{where}庄家{'无局' if declarer_vul else '有局'}, 与所写的局况矛盾",
                     f"On {where_en} declarer is {'not ' if declarer_vul else ''}vulnerable, "
                     "which contradicts what you wrote")
    return possible.pop() if len(possible) == 1 else declarer_vul


def _check_leftovers(rest: str) -> None:
    for word in re.findall(r"[a-z]+|\d+", rest):
        if digits_value(word) is not None:
            raise input_error(f"多余的数字 {word} (牌号请写成 7号牌 或 board 7)",
                         f"Unexpected number {word} (write a board as board 7)")
        if word not in _FILLER_EN:
            raise input_error(f"看不懂 “{word}”", f"Cannot read “{word}”")


def asks_rules(normalized: str) -> bool:
    """True when a normalised message with a result in it asks a rules question about it
    (「4♠做成了，对方说我们藏牌，怎么判」) and not its score."""
    return not _SCORE_CUE.search(normalized) and bool(_RULES_ASKED.search(normalized))


def looks_like_score(text: str) -> bool:
    """True when a plain message asks for the score of a contract (``4♠+1 有局多少分``,
    ``3NTx-2``), including malformed ones like ``8S=`` that deserve a helpful error;
    False for ordinary rules questions (``明手能不能提醒庄家``, ``第50条``)."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHARS:
        return False
    text = normalize_query(text.replace("\ufe0f", ""))
    if asks_rules(text):
        return False   # a rules question told with its result (「4♠做成了，对方说我们藏牌，怎么判」)
    for m in CONTRACT.finditer(text):
        if (m.group("result") or _SCORE_CUE.search(text) or _TRICKS.search(text[m.end():])
                or RESULT_APART.search(text[: m.start()] + " " + text[m.end():])):
            return True
        if not _ALONE_EXTRAS.sub("", text[: m.start()] + text[m.end():]):
            return True   # a contract alone (「3NT」, 「6NT有局」, "4S vul") asks what it scores, made
    bad = _BAD_STRAIN.search(text)
    return bool(_BAD_LEVEL.search(text) or (bad and bad.group("strain") not in STRAIN_OF))
