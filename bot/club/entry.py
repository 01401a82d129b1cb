"""Read one typed result (``5 NS1-EW3 4S+1 N``, ``5 open 3NT= S``, ``5 1-3 pass``) into a scored
:class:`~bot.club.model.Result`: vulnerability from the board number (Law 2), score from the scorer."""

from __future__ import annotations

import re

from bot.base.inputs import odd_digits, plain_digits
from bot.scoring.boards import board_info, side_of
from bot.base.errors import ClubInputError
from bot.club.model import CLOSED_ROOM, NOT_PLAYED, OPEN_ROOM, PAIRS, PASS, Result, Session
from bot.base.errors import ScoringInputError
from bot.scoring.notation import parse_result
from bot.scoring.contracts import contract_score
from bot.scoring.passed_out import is_pass_words
from bot.base.textnorm import to_halfwidth, to_simplified

MAX_LABEL = 20
PAIRS_EXAMPLE = "/r 5 NS1-EW3 4S+1 N"
TEAMS_EXAMPLE = "/r 5 open 4S+1 N"
_ROOMS = {"open": OPEN_ROOM, "o": OPEN_ROOM, "开室": OPEN_ROOM, "开": OPEN_ROOM, "公开室": OPEN_ROOM,
          "closed": CLOSED_ROOM, "close": CLOSED_ROOM, "c": CLOSED_ROOM, "闭室": CLOSED_ROOM,
          "闭": CLOSED_ROOM, "封闭室": CLOSED_ROOM}
_BOARD = re.compile(r"^(?:#|board|bd|b)?(?P<n>[0-9]{1,4})(?:号牌|号|副)?$", re.IGNORECASE)
_LABEL = re.compile(r"^\w{1,%d}$" % MAX_LABEL)
_ADJUSTED_WORDS = {"a+": "A+", "avg+": "A+", "ave+": "A+", "平均+": "A+", "平均正分": "A+", "平均加": "A+",
                   "a": "A", "avg": "A", "ave": "A", "average": "A", "平均": "A", "平均分": "A",
                   "a-": "A-", "avg-": "A-", "ave-": "A-", "平均-": "A-", "平均负分": "A-", "平均减": "A-"}
_PERCENT = re.compile(r"^(?P<p>[0-9]{1,3})%$")
_NOT_PLAYED_WORDS = frozenset({"np", "notplayed", "未打", "没打", "未比赛"})
_NS_PREFIX = re.compile(r"^(?:ns|n|南北)(?=\d)", re.IGNORECASE)
_EW_PREFIX = re.compile(r"^(?:ew|e|东西)(?=\d)", re.IGNORECASE)
_SIDE_WORD = re.compile(r"南北|东西|(?<![a-z])(?:ns|ew)(?![a-z])")
_DASHES = re.compile(r"[\u2212\u2013\u2014\uff0d~]")


def example_board(session: Session | None) -> int:
    """A board number valid in ``session`` for examples: 5, or the last board of a shorter session."""
    return min(5, session.boards) if session is not None else 5


def example(kind: str | Session) -> str:
    """The example ``/r`` line for a session (or a kind of session), with a board it has."""
    session = kind if isinstance(kind, Session) else None
    kind = session.kind if session is not None else kind
    line = PAIRS_EXAMPLE if kind == PAIRS else TEAMS_EXAMPLE
    return line.replace("/r 5 ", f"/r {example_board(session)} ")


def check_digits(text: str, example_text: str) -> None:
    """Refuse digit-like characters other than 0–9 (superscripts, circled or other scripts'
    digits), which look like numbers but are not the ones a label or count can hold."""
    odd = odd_digits(text)
    if odd:
        shown = " ".join(odd)
        raise ClubInputError(f"“{shown}” 不是普通数字: 牌号、对号和数量只能用 0–9。例如 {example_text}",
                             f"“{shown}” is not a plain digit: board, pair and count numbers take 0–9 only; "
                             f"e.g. {example_text}")


def _usage_error(kind: str | Session, zh: str, en: str) -> ClubInputError:
    b = example_board(kind if isinstance(kind, Session) else None)
    if (kind.kind if isinstance(kind, Session) else kind) == PAIRS:
        hint_zh = f"格式: /r 牌号 南北对-东西对 定约结果 庄家, 例如 {example(kind)} 或 /r {b} 1-3 pass"
        hint_en = f"type /r BOARD NS-EW RESULT DECLARER, e.g. {example(kind)} or /r {b} 1-3 pass"
    else:
        hint_zh = f"格式: /r 牌号 open|closed 定约结果 庄家, 例如 {example(kind)} 或 /r {b} closed 3NT= S"
        hint_en = f"type /r BOARD open|closed RESULT DECLARER, e.g. {example(kind)} or /r {b} closed 3NT= S"
    return ClubInputError(f"{zh}。{hint_zh}", f"{en}; {hint_en}.")


def parse_board_number(token: str, session: Session) -> int:
    """The board number in ``token`` (``5``, ``#5``, ``5号``), checked against the session's boards."""
    m = _BOARD.match(token.strip())
    if not m:
        raise _usage_error(session, f"第一个词应该是牌号, 不是 “{token}”",
                           f"The first word should be the board number, not “{token}”")
    n = int(m.group("n"))
    if not 1 <= n <= session.boards:
        raise ClubInputError(
            f"本场比赛没有第 {n} 副牌 (牌号 1–{session.boards})。例如 {example(session)}",
            f"There is no board {n} in this session (boards 1–{session.boards}); e.g. {example(session)}.",
        )
    return n


def _pair_label(text: str, prefix: re.Pattern) -> str:
    label = prefix.sub("", text.strip())
    return label.upper() if label.isascii() else label


def _parse_pairs(tokens: list[str], kind: str | Session, mitchell: bool = False) -> tuple[str, str, list[str]]:
    """The NS and EW pair labels from ``NS1-EW3`` / ``1-3`` / ``NS1 EW3``, and the tokens left."""
    tokens = [_DASHES.sub("-", token) for token in tokens]
    # People type "1 - 3", "1- 3" or "1 -3" too.
    if len(tokens) > 2 and tokens[1] == "-":
        tokens = [f"{tokens[0]}-{tokens[2]}", *tokens[3:]]
    elif len(tokens) > 1 and (tokens[0].endswith("-") or tokens[1].startswith("-")):
        tokens = [tokens[0] + tokens[1], *tokens[2:]]
    first = tokens[0]
    if "-" in first:
        ns_text, _, ew_text = first.partition("-")
        rest = tokens[1:]
    elif len(tokens) > 1 and _NS_PREFIX.match(first) and _EW_PREFIX.match(tokens[1]):
        ns_text, ew_text, rest = first, tokens[1], tokens[2:]
    else:
        raise _usage_error(kind, f"请写出两对牌手, 如 NS1-EW3 或 1-3, 而不是 “{tokens[0]}”",
                           f"Give the two pairs as NS1-EW3 or 1-3, not “{tokens[0]}”")
    if _EW_PREFIX.match(ns_text.strip()) and _NS_PREFIX.match(ew_text.strip()):
        raise _usage_error(kind, f"南北对写在前面: {ew_text}-{ns_text} 应写成 NS…-EW…",
                           f"North-South comes first: write NS…-EW…, not {ns_text}-{ew_text}")
    ns, ew = _pair_label(ns_text, _NS_PREFIX), _pair_label(ew_text, _EW_PREFIX)
    for label in (ns, ew):
        if not _LABEL.match(label):
            raise _usage_error(kind, f"对名 “{label}” 不行: 用编号或不超过 {MAX_LABEL} 个字的名字 (不含空格和 -)",
                               f"“{label}” is not a pair: use a number or a name of at most {MAX_LABEL} "
                               "letters (no spaces or -)")
    if ns == ew and not mitchell:
        raise _usage_error(kind, f"第 {ns} 对不能和自己打 (南北和东西用同样的号码时, 请给东西对换一组号码, 如 NS1-EW11)",
                           f"Pair {ns} cannot play against itself (if NS and EW pairs share numbers, number the "
                           "EW pairs differently, e.g. NS1-EW11)")
    return ns, ew, rest


def _score(session: Session, board: int, words: list[str]) -> tuple[str, str, int]:
    """The canonical contract, the declarer and North-South's score for the result words."""
    text = " ".join(words).strip()
    if not text:
        raise _usage_error(session, "缺少定约和结果", "The contract and result are missing")
    if is_pass_words(text):
        return PASS, "", 0
    try:
        parsed = parse_result(text)
    except ScoringInputError as err:
        # The scorer's own examples mention vulnerability, which /r takes from the board instead.
        zh = err.message_zh.split("。例如")[0].rstrip("。")
        en = err.message_en.split("; e.g.")[0].rstrip(".")
        raise _usage_error(session, zh, en) from None
    # A missing declarer is asked for first, whatever else the words hold: 「4S-1 东西」 names a
    # side, which the scorer reads as a vulnerability, but the table needs the seat.
    if parsed.declarer is None and not parsed.assumed_made:
        said = _SIDE_WORD.search(text.lower()) is not None
        raise _usage_error(session, "请写出庄家 N/E/S/W (或 北/东/南/西)" + ("; 南北、东西只是一方, 不是庄家" if said else ""),
                           "Add the declarer: N, E, S or W" + (" (NS or EW is a side, not a seat)" if said else ""))
    if parsed.board is not None or parsed.vulnerability_known or parsed.vulnerable is not None:
        raise _usage_error(session, "局况由牌号决定 (第2条), 不用写有局/无局或牌号",
                           "The vulnerability comes from the board number (Law 2); leave out vul/nv")
    if parsed.assumed_made:
        raise _usage_error(session, f"请写出结果, 如 {parsed.level}{parsed.strain}= 或 "
                           f"{parsed.level}{parsed.strain}+1 或 {parsed.level}{parsed.strain}-1",
                           f"Add the result, such as {parsed.level}{parsed.strain}= or "
                           f"{parsed.level}{parsed.strain}+1 or {parsed.level}{parsed.strain}-1")
    vulnerable = board_info(board).is_vulnerable(parsed.declarer)
    score = contract_score(parsed.level, parsed.strain, parsed.doubled, vulnerable, parsed.tricks)
    over = parsed.tricks - 6 - parsed.level
    contract = f"{parsed.level}{parsed.strain}{'X' * parsed.doubled}{'=' if over == 0 else f'{over:+d}'}"
    return contract, parsed.declarer, score if side_of(parsed.declarer) == "NS" else -score


def _adjusted(session: Session, words: list[str]) -> str | None:
    """The canonical adjusted score (``A+/A-``, ``60%/40%``, ``NP``) the words give, or None when
    they are an ordinary result."""
    joined = "".join(words).lower()
    if joined in _NOT_PLAYED_WORDS:
        return NOT_PLAYED
    words = [part for word in words for part in word.split("/") if part]  # "A+/A-" as exported
    codes = []
    for word in words:
        code = _ADJUSTED_WORDS.get(word.lower())
        m = _PERCENT.match(word)
        if code is None and m is not None:
            if session.kind != PAIRS:
                raise _usage_error(session, "队式赛的调整分用 A+ A- (±3 IMP), 不用百分比",
                                   "In a teams match an adjusted score is A+ A- (±3 IMPs), not a percentage")
            if int(m.group("p")) > 100:
                raise _usage_error(session, f"百分比最多 100%, 不是 {word}",
                                   f"A percentage is at most 100%, not {word}")
            code = f"{int(m.group('p'))}%"
        codes.append(code)
    if not codes or codes[0] is None:
        return None
    if len(codes) == 1 and codes[0] == "A":
        return "A/A"
    if len(codes) != 2 or None in codes:
        raise _usage_error(session, "调整分要写出双方的, 南北在前: A+ A-、A A、A- A+ 或 60% 40%",
                           "Give the adjusted score of both sides, North-South first: A+ A-, A A, A- A+ "
                           "or 60% 40%")
    return "/".join(codes)


def parse_entry(args: str, session: Session) -> Result:
    """Read the arguments of ``/r`` for ``session`` into a scored :class:`Result` (not yet stored).

    Pairs: ``BOARD NS-EW RESULT DECLARER`` (``5 NS1-EW3 4S+1 N``, ``5 1-3 pass``); in a
    Mitchell ``1-3`` is NS pair 1 against EW pair 3.  Teams: ``BOARD open|closed RESULT
    DECLARER`` (``5 open 4S+1 N``).  Instead of a result: an adjusted score ``A+ A-``,
    ``A A``/``avg``/``平均``, ``60% 40%`` (pairs only), or ``not played``/``未打``.
    Raises :class:`ClubInputError` with what to type instead."""
    text = to_simplified(to_halfwidth(args or ""))
    check_digits(text, example(session))
    tokens = text.split()
    if len(tokens) < 3:
        raise _usage_error(session, "内容不完整", "Something is missing")
    board = parse_board_number(tokens[0], session)
    if session.kind == PAIRS:
        if tokens[1].lower() in _ROOMS:
            raise _usage_error(session, "这是双人赛, 请写两对牌手而不是开室/闭室",
                               "This is a pairs session: give the two pairs, not a room")
        ns, ew, rest = _parse_pairs(tokens[1:], session, session.is_mitchell)
        room = ""
    else:
        room = _ROOMS.get(to_simplified(tokens[1]).lower())
        if room is None and ("-" in tokens[1] or plain_digits(tokens[1])):
            raise _usage_error(session, f"这是队式赛, 第二个词写 open (开室) 或 closed (闭室), 不写对号 “{tokens[1]}”",
                               f"This is a teams match: the second word is open or closed, not the pairs "
                               f"“{tokens[1]}”")
        if room is None:
            raise _usage_error(session, f"第二个词应该是 open (开室) 或 closed (闭室), 不是 “{tokens[1]}”",
                               f"The second word should be open or closed, not “{tokens[1]}”")
        ns, ew = (session.home, session.away) if room == OPEN_ROOM else (session.away, session.home)
        rest = tokens[2:]
    adjusted = _adjusted(session, rest)
    if adjusted is not None:
        return Result(board=board, ns=ns, ew=ew, room=room, contract=adjusted, declarer="", score_ns=0)
    contract, declarer, score_ns = _score(session, board, rest)
    return Result(board=board, ns=ns, ew=ew, room=room, contract=contract, declarer=declarer,
                  score_ns=score_ns)


def outcome(result: Result, lang: str) -> str:
    """The contract and who scored what: ``4S+1 N: 南北 +650``, ``PASS: 0``."""
    if result.contract == PASS:
        return "PASS: 0"
    if result.is_not_played:
        return "not played" if lang == "en" else "未打"
    if result.is_adjusted:
        ns, ew = result.adjusted_codes
        return (f"adjusted score NS {ns}, EW {ew}" if lang == "en" else f"调整分 南北 {ns}, 东西 {ew}")
    if lang == "en":
        side = "NS" if result.score_ns >= 0 else "EW"
    else:
        side = "南北" if result.score_ns >= 0 else "东西"
    return f"{result.contract} {result.declarer}: {side} +{abs(result.score_ns)}"


def describe(result: Result, lang: str) -> str:
    """A one-line description of a result, e.g. ``5号牌 1-3 4S+1 N: 南北 +650``."""
    if result.room:
        who = result.room if lang == "en" else ("开室" if result.room == OPEN_ROOM else "闭室")
    else:
        who = f"{result.ns}-{result.ew}"
    board = f"board {result.board}" if lang == "en" else f"{result.board}号牌"
    return f"{board} {who} {outcome(result, lang)}"
