"""The words and patterns a result is typed in — numbers in words, strains, doubling, the result
of a contract, the vulnerability — shared by the parsers of :mod:`bot.scoring.notation` and
:mod:`bot.scoring.undertricks`."""

from __future__ import annotations

import re

from bot.base.inputs import digits_value
from bot.base.errors import ScoringInputError

MAX_CHARS = 1000
EXAMPLES_ZH = "例如 4S+1 有局、3NTx-2 北 7号牌、4红心超1 无局"
EXAMPLES_EN = "e.g. 4S+1 vul, 3NTx-2 N board 7, 4H= nv"

_CN_NUMBERS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
               "十": 10, "十一": 11, "十二": 12, "十三": 13}
# "down one", "two down", "ten tricks": English players count tricks in words
_EN_NUMBERS = {word: n for n, word in enumerate(
    "one two three four five six seven eight nine ten eleven twelve thirteen".split(), start=1)}
_NUMBER_OF = {**_CN_NUMBERS, **_EN_NUMBERS}
_EN_NUM = "|".join(sorted(_EN_NUMBERS, key=len, reverse=True))
NUM = rf"\d{{1,2}}|十[一二三]?|[一二两三四五六七八九]|(?<![a-z])(?:{_EN_NUM})(?![a-z])"
LEVEL = r"\d(?!\d)|[一二两三四五六七八九]"  # one digit: "68D" is a clause, not a contract
_STRAINS = {
    "C": ("梅花", "草花", "♣", "♧", "c", "clubs", "club"),
    "D": ("方块", "方片", "方砖", "♦", "♢", "d", "diamonds", "diamond"),
    "H": ("红心", "红桃", "♥", "♡", "h", "hearts", "heart"),
    "S": ("黑桃", "♠", "♤", "s", "spades", "spade"),
    "NT": ("无将", "无王", "无主", "nt", "n", "notrumps", "notrump", "no trumps", "no trump", "no-trump"),
}
STRAIN_OF = {word: strain for strain, words in _STRAINS.items() for word in words}
STRAIN_RE = "|".join(sorted(map(re.escape, STRAIN_OF), key=len, reverse=True))
DOUBLED_OF = {"xx": 2, "**": 2, "再加倍": 2, "redoubled": 2, "rdbl": 2,
               "x": 1, "*": 1, "加倍": 1, "doubled": 1, "dbl": 1}
DOUBLED_RE = "|".join(sorted(map(re.escape, DOUBLED_OF), key=len, reverse=True))
_MADE_WORDS = r"做成|完成|正好|刚好|打成|成了|made|making|make"
# 「超了一墩」, 「多拿了一墩」 are overtricks, 「宕了两墩」, 「少拿两墩」, 「差一墩」 undertricks — not tricks taken in all
MORE = r"多(?:拿|打|做|赢|得)?"
FEWER = r"少(?:拿|打|做|赢|得)?|差"
RESULT_RE = (
    rf"(?P<exact>=)"
    rf"|(?:\+|超过|超|{MORE})\s*了?\s*(?P<over>{NUM})(?:\s*墩)?"
    rf"|(?:made|make)\s*\+\s*(?P<over2>{NUM})"
    # "4S making 5": the level reached, 11 tricks
    rf"|(?:making|made)\s+(?P<reached>[1-7]|one|two|three|four|five|six|seven)(?![0-9a-z])(?!\s*tricks?)"
    # "3NT making 9", "4S made 11": no level is that high, so the tricks taken
    rf"|(?:making|made)\s+(?P<taken>8|9|1[0-3]|eight|nine|ten|eleven|twelve|thirteen)(?![0-9a-z])(?!\s*tricks?)"
    rf"|(?:-|宕|down|off|{FEWER})\s*了?\s*(?P<under>{NUM})(?:\s*墩)?(?![cdhsn♣♦♥♠])"
    rf"|(?P<under2>{NUM})\s*(?:down|off)(?![a-z])"
    rf"|(?P<down1>宕|down)"
    # (「做成了11墩」: the count that follows says how many)
    rf"|(?P<made>{_MADE_WORDS})(?!\s*了?\s*(?:{NUM})\s*(?:墩|tricks?))"
)
CONTRACT = re.compile(
    rf"(?<![0-9a-z.])(?P<level>{LEVEL})\s*(?P<strain>{STRAIN_RE})(?![a-wyz])"
    # (「5♦被加倍宕两墩」: was doubled)
    rf"(?:\s*(?:被\s*)?(?P<doubled>{DOUBLED_RE})(?![a-z])了?)?"
    rf"(?:\s*[,，]?\s*(?P<result>{RESULT_RE}))?"
)
# A result told apart from its contract: "2 down doubled in 4H", 「宕2，4♠加倍」
RESULT_APART = re.compile(
    rf"(?<![0-9a-z])(?P<under>{NUM})\s*(?:down|off)(?![a-z])|(?<![a-z])down\s*(?P<under2>{NUM})(?![0-9a-z])"
    rf"|(?:宕|{FEWER})\s*了?\s*(?P<under3>{NUM})|(?:超|{MORE})\s*了?\s*(?P<over>{NUM})"
)
# Order matters: longer phrases first, so "双方无局" is not read as "无局".
_VULNERABILITY = [
    (r"双方有局|都有局|全有局|both\s*vul(?:nerable)?|(?<![a-z])(?:both|all)(?![a-z])", ("table", "Both")),
    (r"双方无局|都无局|全无局|none\s*vul(?:nerable)?|(?<![a-z])neither(?![a-z])", ("table", None)),
    (r"南北无局", ("side", "NS")),
    (r"东西无局", ("side", "EW")),
    (r"南北有局|(?<![a-z])ns\s*vul(?:nerable)?(?![a-z])|(?<![a-z])ns(?![a-z])|南北(?!\s*[无])",
     ("table", "NS")),
    (r"东西有局|(?<![a-z])ew\s*vul(?:nerable)?(?![a-z])|(?<![a-z])ew(?![a-z])|东西(?!\s*[无])",
     ("table", "EW")),
    (r"无局|(?<![a-z])(?:nv|non-?vul(?:nerable)?|not\s*vul(?:nerable)?)(?![a-z])", ("declarer", False)),
    (r"有局|(?<![a-z])(?:vul(?:nerable)?)(?![a-z])", ("declarer", True)),
]
# The other side's vulnerability: 「对方有局」, 「防守方无局」, "they are vul", "opps nv" — not the declarer's
_OTHER_SIDE_VUL = re.compile(
    r"(?:对方|对手|防守方|防家|他们|敌方|(?<![a-z])(?:opps?|opponents?|they|defenders?|defence|defense)(?:\s+(?:are|were|is))?)"
    r"\s*(?:有局|无局|(?:not\s*|non-?)?vul(?:nerable)?(?![a-z])|nv(?![a-z]))")


def number_of(text: str) -> int:
    """The number ``text`` says: digits, or a number word (「两」, "ten")."""
    value = digits_value(text)
    return value if value is not None else _NUMBER_OF[text]


def input_error(zh: str, en: str) -> ScoringInputError:
    """The error for a result that cannot be read, with examples of the right form."""
    return ScoringInputError(f"{zh}。{EXAMPLES_ZH}", f"{en}; {EXAMPLES_EN}.")


def take(pattern: re.Pattern, text: str) -> tuple[re.Match | None, str]:
    """The first match of ``pattern`` and the text with that match blanked out."""
    m = pattern.search(text)
    if not m:
        return None, text
    return m, text[: m.start()] + " " + text[m.end():]


def vulnerability_said(rest: str) -> tuple[dict, str]:
    """What the text says about vulnerability: ``{"declarer": bool}``, ``{"table": None|NS|EW|Both}``
    or ``{"side": NS|EW}`` (that side not vulnerable), at most one of them.  The other side's
    (「对方有局」, "opps vul") settles nothing about the declarer's and is set aside."""
    rest = _OTHER_SIDE_VUL.sub(" ", rest)
    said: dict = {}
    for pattern, (kind, value) in _VULNERABILITY:
        found, rest = take(re.compile(pattern), rest)
        if found is None:
            continue
        if said:
            raise input_error("局况写了两次", "The vulnerability is given twice")
        said[kind] = value
    return said, rest
