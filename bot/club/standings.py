"""``/traveller`` and ``/standings``, and the session's reports they show, computed once per
version of the session."""

from __future__ import annotations

import weakref
from collections import OrderedDict

from bot.base.errors import ClubInputError
from bot.base.textnorm import to_halfwidth
from bot.club import hands, render
from bot.club.entry import check_digits, example, example_board, parse_board_number
from bot.club.model import PAIRS, Result, Session
from bot.club.reports import PairsReport, match_result, pairs_report, teams_boards
from bot.club.request import ClubReply, Request, latest_session
from bot.club.store import ClubStore

MEMO_SESSIONS = 16
_memo: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def session_report(store: ClubStore, session: Session) -> tuple[list[Result], PairsReport | None]:
    """The session's results and (pairs) its travellers and standings, computed once per
    version of the session: a report asked for again without a change in between is not redone."""
    cache = _memo.setdefault(store, OrderedDict())
    key = (session.id, store.version(session.id))
    if key not in cache:
        results = store.results(session.id)
        report = pairs_report(results, session.is_mitchell) if session.kind == PAIRS else None
        cache[key] = (results, report)
        while len(cache) > MEMO_SESSIONS:
            cache.popitem(last=False)
    cache.move_to_end(key)
    return cache[key]


def traveller(store: ClubStore, req: Request) -> ClubReply:
    """``/traveller N``: every result on board N with matchpoints (pairs) or IMPs (teams), and the
    hand with its double-dummy analysis when the session has hand records."""
    current = latest_session(store, req)
    b = example_board(current)
    if not req.args.strip():
        raise ClubInputError(f"请写出牌号。例如 /traveller {b}", f"Give a board number; e.g. /traveller {b}")
    check_digits(to_halfwidth(req.args), f"/traveller {b}")
    board = parse_board_number(to_halfwidth(req.args).split()[0], current)
    record = store.hands(current.id).get(board)
    if record is not None and not record[1]:
        # Hands imported before the `hands` extra was installed: analyse them now, once.
        fresh = hands.analyse({board: record[0]})
        if fresh:
            store.set_hands(current.id, {board: record[0]}, fresh)
            record = (record[0], fresh[board])
    results, report = session_report(store, current)
    hand = hands.board_hand_text(record, req.lang)
    board_results = [r for r in results if r.board == board]
    if not board_results:
        text = req.say(f"第 {board} 副还没有成绩。记录成绩: {example(current)}",
                       f"Board {board} has no results yet. To record one: {example(current)}")
        return ClubReply(text + ("\n" + render.board_heading(board, req.lang) + "\n" + hand if hand else ""))
    if current.kind == PAIRS:
        return ClubReply(render.pairs_traveller_text(report.travellers[board], req.lang,
                                                     store.names(current.id), hand))
    return ClubReply(render.teams_traveller_text(current, teams_boards(board_results)[0], req.lang, hand))


def standings_text(store: ClubStore, current: Session, lang: str) -> str:
    """The standings of ``current`` (pairs) or its match result (teams), or that it has no results yet."""
    results, report = session_report(store, current)
    if not results:
        return ("No results yet." if lang == "en" else "还没有成绩。")
    names = store.names(current.id)
    if current.kind == PAIRS:
        return render.pairs_standings_text(current, report.standings, lang, names)
    return render.match_text(current, teams_boards(results), match_result(current, results), lang, names)


def standings(store: ClubStore, req: Request) -> ClubReply:
    """``/standings``: pairs by matchpoint percentage (a Mitchell ranks NS and EW apart), or the
    teams match in IMPs and VPs."""
    current = latest_session(store, req)
    if not session_report(store, current)[0]:
        raise ClubInputError(f"“{current.name}” 还没有成绩。记录成绩: {example(current)}",
                             f"“{current.name}” has no results yet. To record one: {example(current)}")
    return ClubReply(standings_text(store, current, req.lang))
