"""The session's files: ``/export`` (CSV, PBN, the HTML results page or the standings picture),
``/import`` (CSV results), ``/hands`` (PBN hand records)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from bot.base.errors import ClubInputError
from bot.club import csvio, hands, history, html_page, pbn
from bot.club.entry import example
from bot.club.model import Result, Session
from bot.club.recording import check_clash
from bot.club.request import ClubReply, Request, check_owner, latest_session, open_session
from bot.club.standings import session_report, standings_picture
from bot.club.store import ClubStore


def export(store: ClubStore, req: Request) -> ClubReply:
    """``/export`` sends the session as CSV; ``/export pbn`` as PBN 2.1 with a ScoreTable per board;
    ``/export html`` as one self-contained results page; ``/export png`` the standings as a picture."""
    current = latest_session(store, req)
    results, report = session_report(store, current)
    if not results:
        raise ClubInputError(f"“{current.name}” 还没有成绩可以导出。记录成绩: {example(current)}",
                             f"“{current.name}” has no results to export. To record one: {example(current)}")
    fmt = req.args.strip().lower()
    if fmt not in ("", "csv", "pbn", "html", "png"):
        raise ClubInputError("导出格式有 csv、pbn、html (成绩网页) 和 png (成绩排名图片)。例如 /export 或 /export html",
                             "The export formats are csv, pbn, html (a results page) and png (the standings as a "
                             "picture); e.g. /export or /export html")
    stem = csvio.file_stem(current)
    names = store.names(current.id)
    if fmt == "pbn":
        document = (f"{stem}.pbn", pbn.export_pbn(current, results, names, store.hands(current.id)))
    elif fmt == "html":
        page = html_page.results_page(current, results, req.lang, names, store.hands(current.id), report)
        document = (f"{stem}.html", page.encode("utf-8"))
    elif fmt == "png":
        document = standings_picture(store, current, req.lang)
    else:
        document = (f"{stem}.csv", csvio.export_csv(current, results, names))
    return ClubReply(req.say(f"“{current.name}” 的 {len(results)} 个成绩: {document[0]}",
                             f"The {len(results)} result(s) of “{current.name}”: {document[0]}"), document)


def _seat_keys(r: Result, session: Session) -> list[tuple]:
    """Where a result sits on its board: its room, or its two pairs (by direction in a Mitchell)."""
    if r.room:
        return [(r.board, "room", r.room)]
    sides = ("NS", "EW") if session.is_mitchell else ("", "")
    return [(r.board, sides[0], r.ns), (r.board, sides[1], r.ew)]


def import_results(store: ClubStore, req: Request) -> ClubReply:
    """``/import`` with a CSV attached: add every row to the open session, or nothing at all."""
    current = open_session(store, req)
    if not req.attachment:
        raise ClubInputError("请把 CSV 文件和 /import 一起发送 (作为文件的说明文字; 控制台: /import 文件名)。"
                             "文件格式和 /export 导出的一样。",
                             "Send the CSV file with /import as its caption (console: /import FILE); the format "
                             "is the one /export produces.")
    imported = csvio.import_csv(req.attachment, current)
    new_results = imported.results
    # Each result filed under its board's table and pairs: a clash can only be with a result
    # sharing one of them, so every row is checked against a handful, not the whole session.
    seats: dict[tuple, list[Result]] = defaultdict(list)
    for r in session_report(store, current)[0]:
        for key in _seat_keys(r, current):
            seats[key].append(r)
    for number, new in enumerate(new_results, start=2):
        nearby = list({id(r): r for key in _seat_keys(new, current) for r in seats[key]}.values())
        try:
            if check_clash(new, nearby, current) is not None:
                raise ClubInputError(f"第 {new.board} 副的这一桌已经有成绩", f"board {new.board} of this table "
                                     "already has a result")
        except ClubInputError as err:
            raise ClubInputError(f"第 {number} 行有错, 没有导入任何成绩: {err.message_zh}",
                                 f"Line {number} is wrong, nothing was imported: {err.message_en}") from None
        for key in _seat_keys(new, current):
            seats[key].append(new)
    store.add_results(current.id, new_results, store.next_batch(current.id), req.user_id)
    for (side, pair), name in imported.names.items():
        store.set_name(current.id, side, pair, name)
    named = req.say(f"和 {len(imported.names)} 对的名字", f" and {len(imported.names)} pair name(s)") if imported.names else ""
    return ClubReply(req.say(f"已导入 {len(new_results)} 个成绩{named}到 “{current.name}”。撤销整个导入: /undo",
                             f"Imported {len(new_results)} result(s){named} into “{current.name}”. "
                             "To take the whole import back: /undo"))


def hand_records(store: ClubStore, req: Request) -> ClubReply:
    """``/hands`` with a PBN file of deals attached: the session's hand records, analysed double
    dummy when the ``hands`` extra is installed.  All deals or none."""
    current = open_session(store, req)
    if not req.attachment:
        raise ClubInputError("请把发牌程序的 PBN 文件和 /hands 一起发送 (作为文件的说明文字; 控制台: /hands 文件名)。",
                             "Send the dealing program's PBN file with /hands as its caption (console: "
                             "/hands FILE).")
    deals, beyond = pbn.read_deals(req.attachment, current)
    known = req.analysed or {}
    # Normally every deal was analysed by prepare_hands; only a session changed in between is analysed here.
    analysis = hands.analyse({b: d for b, d in deals.items() if d not in known})
    analysis.update({b: known[d] for b, d in deals.items() if d in known})
    owners = store.hands_set_by(current.id)
    others = sorted({owners[b] for b in deals if b in owners} - {req.user_id})
    if others:
        check_owner(others[0], current, req, "本场已有的牌例", "The session's hand records")
    taken = history.before(store, "hands", current.id, [(b,) for b in sorted(deals)])
    store.set_hands(current.id, deals, analysis, req.user_id)
    history.record(store, "hands", current.id, taken, req.user_id)
    listed = ", ".join(map(str, sorted(deals)))
    text = req.say(f"已导入 {len(deals)} 副牌例 (牌号 {listed})。/traveller {min(deals)} 可以看牌和结果。",
                   f"Imported {len(deals)} hand record(s) (boards {listed}). /traveller {min(deals)} shows the hand "
                   "with the results.")
    if beyond:
        text += req.say(f" 本场只有 1–{current.boards} 号牌, 文件里的 {len(beyond)} 副没有用。",
                        f" This session has boards 1–{current.boards}; {len(beyond)} board(s) of the file were left out.")
    if not analysis:
        text += req.say(f"\n双明手分析 (可做定约和最优定约) 需要另外安装: {hands.INSTALL_HINT}",
                        f"\nFor the double-dummy analysis (makeable contracts, par) install: {hands.INSTALL_HINT}")
    return ClubReply(text)


def prepare_hands(store: ClubStore, req: Request) -> Request:
    """Before ``/hands``'s transaction: read the attached deals and analyse them double dummy, so
    the seconds of solving hold no lock that another chat's command waits for.  Returns ``req``
    carrying the analysis; anything wrong is left for :func:`hand_records` to say."""
    if not req.attachment:
        return req
    with store.transaction():
        current = store.open_session(req.chat_id)
    if current is None:
        return req
    try:
        deals, _ = pbn.read_deals(req.attachment, current)
    except ClubInputError:
        return req
    analysis = hands.analyse(deals)
    return replace(req, analysed={deals[board]: text for board, text in analysis.items()})
