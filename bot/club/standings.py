"""``/traveller`` and ``/standings``, and the session's reports they show, computed once per
version of the session.  Each reply has a 「图片」/"Picture" button: ``/traveller 5 png`` and
``/standings png`` send the same table as a PNG (:mod:`bot.club.picture`)."""

from __future__ import annotations

import weakref
from collections import OrderedDict

from bot.base.errors import ClubInputError
from bot.base.textnorm import to_halfwidth
from bot.club import csvio, hands, render
from bot.club.entry import check_digits, example, example_board, parse_board_number
from bot.club.model import PAIRS, Result, Session
from bot.club import schedule
from bot.club.reports import PairsReport, match_result, pairs_report, teams_boards
from bot.club.request import ClubReply, Request, latest_session
from bot.club.store import ClubStore

MEMO_SESSIONS = 16
PICTURE_WORDS = frozenset({"png", "picture", "图片"})
_memo: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def session_report(store: ClubStore, session: Session) -> tuple[list[Result], PairsReport | None]:
    """The session's results and (pairs) its travellers and standings, computed once per
    version of the session: a report asked for again without a change in between is not redone."""
    cache = _memo.setdefault(store, OrderedDict())
    key = (session.id, store.version(session.id))
    if key not in cache:
        results = store.results(session.id)
        report = pairs_report(results, session.is_mitchell, schedule.plays(session)) if session.kind == PAIRS else None
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
    words = to_halfwidth(req.args).split()
    board = parse_board_number(words[0], current)
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
    if wants_picture(words[1:]):
        from bot.club import picture  # (Pillow loaded only when a picture is drawn)

        png = picture.board_picture(current, board, results, report, req.lang, store.names(current.id), record)
        name = f"{csvio.file_stem(current)}-board-{board}.png"
        return ClubReply(req.say(f"第 {board} 副的成绩 (图片): {name}", f"Board {board} as a picture: {name}"),
                         (name, png))
    button = picture_button(req, f"/traveller {board}")
    if current.kind == PAIRS:
        return ClubReply(render.pairs_traveller_text(report.travellers[board], req.lang,
                                                     store.names(current.id), hand), buttons=button)
    return ClubReply(render.teams_traveller_text(current, teams_boards(board_results)[0], req.lang, hand),
                     buttons=button)


def wants_picture(words: list[str]) -> bool:
    """True when the words after the command ask for the picture (``png``, ``图片``)."""
    return bool(words) and words[0].lower() in PICTURE_WORDS


def picture_button(req: Request, command: str) -> tuple:
    """The one-button row that sends ``command png``: the same table as a picture."""
    return (((req.say("图片", "Picture"), f"{command} png"),),)


def standings_text(store: ClubStore, current: Session, lang: str) -> str:
    """The standings of ``current`` (pairs) or its match result (teams), or that it has no results yet."""
    results, report = session_report(store, current)
    if not results:
        return ("No results yet." if lang == "en" else "还没有成绩。")
    names = store.names(current.id)
    if current.kind == PAIRS:
        text = render.pairs_standings_text(current, report.standings, lang, names)
        # every result 「未打」: no pair has a score to rank
        return text or (f"“{current.name}” has no played result yet (all not played); e.g. {example(current)}"
                        if lang == "en" else f"“{current.name}” 还没有打过的成绩 (都是未打)。例如 {example(current)}")
    return render.match_text(current, teams_boards(results), match_result(current, results), lang, names)


def standings(store: ClubStore, req: Request) -> ClubReply:
    """``/standings``: pairs by matchpoint percentage (a Mitchell ranks NS and EW apart), or the
    teams match in IMPs and VPs."""
    current = latest_session(store, req)
    results, report = session_report(store, current)
    if not results:
        raise ClubInputError(f"“{current.name}” 还没有成绩。记录成绩: {example(current)}",
                             f"“{current.name}” has no results yet. To record one: {example(current)}")
    if wants_picture(to_halfwidth(req.args).split()):
        name, png = standings_picture(store, current, req.lang)
        return ClubReply(req.say(f"“{current.name}” 的成绩排名 (图片): {name}",
                                 f"The standings of “{current.name}” as a picture: {name}"), (name, png))
    return ClubReply(standings_text(store, current, req.lang), buttons=picture_button(req, "/standings"))


def standings_picture(store: ClubStore, current: Session, lang: str) -> tuple[str, bytes]:
    """The standings (or the match) of ``current`` as a PNG file ``(name, bytes)``."""
    results, report = session_report(store, current)
    from bot.club import picture  # (Pillow loaded only when a picture is drawn)

    png = picture.standings_picture(current, results, report, lang, store.names(current.id))
    return f"{csvio.file_stem(current)}-standings.png", png
