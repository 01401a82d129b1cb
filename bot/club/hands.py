"""Hand records of a session: the deals read from a dealing program's PBN file, shown compactly
(four hands, ♠♥♦♣), and their double-dummy analysis — the makeable contracts and the par score —
from endplay's solver when the optional extra ``bridgebot[hands]`` is installed.

A deal is kept as PBN text starting with North (``N:AKQ2.K4.A73.8652 …``); the analysis as JSON
``{"tricks": {"N": [NT, ♠, ♥, ♦, ♣], …}, "par": score for NS, "contracts": ["1S+2 E", …]}``."""

from __future__ import annotations

import json
import logging
import re
import threading

from bot.base.errors import ClubInputError

SEATS = "NESW"
RANKS = "AKQJT98765432"
SUITS = "♠♥♦♣"
STRAINS = ("NT", "S", "H", "D", "C")
STRAIN_SIGNS = {"NT": "NT", "S": "♠", "H": "♥", "D": "♦", "C": "♣"}
INSTALL_HINT = "pip install 'bridgebot[hands]'"
_DEAL = re.compile(r"^(?P<first>[NESW]):(?P<hands>\S+ \S+ \S+ \S+)$")
_SEAT_ZH = {"N": "北", "E": "东", "S": "南", "W": "西"}
log = logging.getLogger(__name__)


class DealError(ValueError):
    """A Deal tag that is not four complete hands of one pack."""


def normalize_deal(text: str) -> str:
    """The deal ``text`` (PBN ``<first>:<hand> <hand> <hand> <hand>``, any first seat, ranks in
    any order) as four complete 13-card hands from North, ranks in descending order.

    Raises :class:`DealError` saying what is wrong."""
    m = _DEAL.match(" ".join(text.split()))
    if not m:
        raise DealError("not four hands “first:hand hand hand hand”")
    start = SEATS.index(m.group("first"))
    hands: dict[str, list[str]] = {}
    seen: set[str] = set()
    for i, hand in enumerate(m.group("hands").split()):
        seat = SEATS[(start + i) % 4]
        suits = hand.upper().split(".")
        if len(suits) != 4:
            raise DealError(f"{seat}'s hand “{hand}” does not have four suits")
        cards = [s + rank for s, suit in zip("SHDC", suits) for rank in suit]
        bad = [c for c in cards if c[1] not in RANKS]
        if bad:
            raise DealError(f"{seat}'s hand “{hand}” has a card that is not A K Q J T 9–2")
        if len(cards) != 13:
            raise DealError(f"{seat}'s hand “{hand}” has {len(cards)} cards, not 13")
        twice = seen.intersection(cards) | {c for c in cards if cards.count(c) > 1}
        if twice:
            raise DealError(f"the card {sorted(twice)[0]} is dealt twice")
        seen.update(cards)
        hands[seat] = ["".join(sorted(suit, key=RANKS.index)) for suit in suits]
    return "N:" + " ".join(".".join(hands[seat]) for seat in SEATS)


def deal_hands(deal: str) -> dict[str, list[str]]:
    """``{"N": [spades, hearts, diamonds, clubs], …}`` of a normalised deal."""
    return {seat: hand.split(".") for seat, hand in zip(SEATS, deal[2:].split())}


def deal_from(deal: str, first: str) -> str:
    """The normalised deal written from ``first`` (PBN export starts with the dealer)."""
    hands = deal[2:].split()
    start = SEATS.index(first)
    return f"{first}:" + " ".join(hands[(start + i) % 4] for i in range(4))


def hand_text(deal: str, lang: str) -> str:
    """The four hands, one line each, North, West, East, South: ``北 ♠AKQ2 ♥K4 ♦A73 ♣8652``."""
    hands = deal_hands(deal)
    lines = []
    for seat in "NWES":
        seat_name = seat if lang == "en" else _SEAT_ZH[seat]
        lines.append(seat_name + " " + " ".join(sign + (cards or "-") for sign, cards in zip(SUITS, hands[seat])))
    return "\n".join(lines)


DDS_TABLES_PER_CALL = 40
# DDS keeps its working memory per solver thread, not per caller: two chats' analyses take turns here
# (outside the store's lock, so nobody else waits for them).
_SOLVER = threading.Lock()


def analyse(deals: dict[int, str]) -> dict[int, str]:
    """Double-dummy tricks and par of each deal (board → JSON), or ``{}`` without endplay."""
    try:
        from endplay.dds import calc_all_tables, par
        from endplay.types import Deal, Player, Vul
    except ImportError:
        return {}
    from bot.scoring.boards import board_info

    vul = {None: Vul.none, "NS": Vul.ns, "EW": Vul.ew, "Both": Vul.both}
    out = {}
    boards = sorted(deals)
    # DDS solves at most DDS_TABLES_PER_CALL deals of all five strains in one call ("Too many DD tables
    # requested" beyond it), while a session holds up to 128 boards
    with _SOLVER:
        tables = [table for start in range(0, len(boards), DDS_TABLES_PER_CALL)
                  for table in calc_all_tables([Deal(deals[b]) for b in boards[start:start + DDS_TABLES_PER_CALL]])]
    for board, table in zip(boards, tables):
        rows = table.to_list()  # by strain ♠ ♥ ♦ ♣ NT, then seat N E S W
        order = (4, 0, 1, 2, 3)  # → NT ♠ ♥ ♦ ♣
        tricks = {seat: [rows[s][i] for s in order] for i, seat in enumerate(SEATS)}
        info = board_info(board)
        result = par(table, vul[info.vulnerability], Player.find(info.dealer))
        contracts = []
        for c in result:
            strain = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "nt": "NT"}[c.denom.name]
            risk = {"passed": "", "undoubled": "", "doubled": "X", "redoubled": "XX"}.get(c.penalty.name, "")
            made = "=" if c.result == 0 else f"{c.result:+d}"
            contracts.append(f"{c.level}{strain}{risk}{made} {c.declarer.abbr}")
        out[board] = json.dumps({"tricks": tricks, "par": result.score, "contracts": contracts})
    return out


def analysis_text(analysis: str, lang: str) -> str:
    """The makeable contracts (level per declarer and strain, ``-`` below 7 tricks) and the par."""
    data = json.loads(analysis)
    en = lang == "en"
    lines = ["Double dummy, makeable:" if en else "双明手可做定约:",
             "  " + "".join(f"{STRAIN_SIGNS[s]:>3}" for s in STRAINS)]
    for seat in "NSEW":
        levels = "".join(f"{str(t - 6) if t >= 7 else '-':>3}" for t in data["tricks"][seat])
        lines.append((seat + " " if en else _SEAT_ZH[seat]) + levels)
    par_score = data["par"]
    calls: dict[str, list[str]] = {}
    for contract in data["contracts"]:
        call, seat = contract.split()
        calls.setdefault(call, []).append(seat)
    contracts = ", ".join(_contract_text(call, seats, lang) for call, seats in calls.items()) or (
        "pass" if en else "不叫")
    side = "NS" if par_score >= 0 else "EW"
    if not en:
        side = "南北" if par_score >= 0 else "东西"
    score = f"{side} +{abs(par_score)}" if par_score else "0"
    par = f"Par: {contracts}, {score}" if en else f"最优定约: {contracts}, {score}"
    return "\n".join([*lines, par])


def _contract_text(call: str, seats: list[str], lang: str) -> str:
    level, rest = call[0], call[1:]
    strain = next(s for s in STRAINS if rest.startswith(s))
    risk = rest[len(strain):]  # X/XX and the result: "X-3", "+2", "="
    who = "/".join(seat if lang == "en" else _SEAT_ZH[seat] for seat in seats)
    return f"{level}{STRAIN_SIGNS[strain]}{risk} {who}"


def board_hand_text(record: tuple[str, str] | None, lang: str) -> str:
    """A traveller's hand block: the hands, then the analysis, or how to add it."""
    if record is None:
        return ""
    deal, analysis = record
    parts = [hand_text(deal, lang)]
    if analysis:
        parts.append(analysis_text(analysis, lang))
    else:
        parts.append(f"Double-dummy analysis: {INSTALL_HINT}" if lang == "en"
                     else f"双明手分析需要: {INSTALL_HINT}")
    return "\n".join(parts)


def deal_error(board: int, err: DealError) -> ClubInputError:
    """The user's message for a broken Deal tag."""
    return ClubInputError(f"第 {board} 副的 Deal 不对 ({err}), 没有导入任何牌例。Deal 应是 "
                          "“N:AKQ2.K4.A73.8652 J8.AQT65.Q4.KJ93 …”, 四手各 13 张。",
                          f"The Deal of board {board} is wrong ({err}); no hand was imported. A Deal is "
                          "“N:AKQ2.K4.A73.8652 J8.AQT65.Q4.KJ93 …”, four hands of 13 cards.")
