"""The club commands: ``/session``, ``/r``, ``/undo``, ``/redo``, ``/traveller``, ``/standings``, ``/export``,
``/import``.  Each handler runs inside one store transaction and returns a :class:`ClubReply`;
user mistakes are raised as :class:`ClubInputError` and never change what is stored."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.club import csvio, render
from bot.club.entry import describe, example, outcome, parse_board_number, parse_entry
from bot.base.errors import ClubInputError
from bot.club.model import PAIRS, TEAMS, Result, Session
from bot.club.reports import match_result, pairs_standings, pairs_traveller, teams_boards
from bot.club.store import ClubStore
from bot.base.textnorm import to_halfwidth, to_simplified

DEFAULT_BOARDS = 36
MAX_BOARDS = 128
MAX_NAME = 60
_KINDS = {"pairs": PAIRS, "pair": PAIRS, "双人": PAIRS, "双人赛": PAIRS, "对式": PAIRS,
          "teams": TEAMS, "team": TEAMS, "队式": TEAMS, "队式赛": TEAMS, "团体": TEAMS, "团体赛": TEAMS}
_BOARDS_TOKEN = re.compile(r"^(?:boards?=(?P<a>\d{1,4})|(?P<b>\d{1,4})(?:副|boards?))$", re.IGNORECASE)
_VERSUS = re.compile(r"\s+(?:vs\.?|v|对|对阵)\s+", re.IGNORECASE)
_SESSION_USAGE_ZH = ("用法: /session new pairs [名称] 或 /session new teams [A队 vs B队], "
                     "/session show, /session end, /session delete, /session restore。例如 /session new pairs 周三双人赛")
_SESSION_USAGE_EN = ("Usage: /session new pairs [name] or /session new teams [Team A vs Team B], "
                     "/session show, /session end, /session delete, /session restore; e.g. /session new pairs Wednesday pairs")


@dataclass(frozen=True)
class ClubReply:
    """What the chat sends back: text, and optionally a file ``(filename, bytes)``."""

    text: str
    document: tuple[str, bytes] | None = None


@dataclass(frozen=True)
class Request:
    """One club command as the chat core hands it over."""

    args: str
    chat_id: str
    user_id: str
    user_is_admin: bool
    lang: str
    attachment: bytes | None = None

    def say(self, zh: str, en: str) -> str:
        """The text in the requester's language."""
        return en if self.lang == "en" else zh


def _no_open_session(req: Request) -> ClubInputError:
    return ClubInputError("这个群现在没有进行中的比赛。先开一场: /session new pairs 周三双人赛 "
                          "(队式赛: /session new teams A队 vs B队)",
                          "There is no open session in this chat. Start one: /session new pairs Wednesday "
                          "(teams: /session new teams Lions vs Tigers)")


def _open_session(store: ClubStore, req: Request) -> Session:
    session = store.open_session(req.chat_id)
    if session is None:
        raise _no_open_session(req)
    return session


def _latest_session(store: ClubStore, req: Request) -> Session:
    session = store.latest_session(req.chat_id)
    if session is None:
        raise _no_open_session(req)
    return session


def _check_manager(session: Session, req: Request, action_zh: str, action_en: str) -> None:
    if not (req.user_is_admin or req.user_id == session.creator_id):
        raise ClubInputError(f"只有开这场比赛的人或群管理员可以{action_zh}。其他人可以继续用 /r 记录成绩。",
                             f"Only the person who started this session or a group admin may {action_en} it. "
                             "Anyone may still record results with /r.")


# ----- /session ------------------------------------------------------------------------


def session(store: ClubStore, req: Request) -> ClubReply:
    """``/session new pairs|teams [name]``, ``/session show``, ``/session end``, ``/session delete``,
    ``/session restore``."""
    words = to_halfwidth(req.args).split(maxsplit=1)
    action = words[0].lower() if words else ""
    rest = words[1] if len(words) > 1 else ""
    handlers = {"new": _session_new, "start": _session_new, "开始": _session_new, "新": _session_new,
                "show": _session_show, "查看": _session_show, "end": _session_end, "结束": _session_end,
                "delete": _session_delete, "删除": _session_delete,
                "restore": _session_restore, "恢复": _session_restore}
    handler = handlers.get(to_simplified(action))
    if handler is None:
        raise ClubInputError(_SESSION_USAGE_ZH, _SESSION_USAGE_EN)
    return handler(store, req, rest)


def _session_new(store: ClubStore, req: Request, rest: str) -> ClubReply:
    tokens = rest.split()
    kind = _KINDS.get(to_simplified(tokens[0]).lower()) if tokens else None
    if kind is None:
        raise ClubInputError("请说明是双人赛还是队式赛: /session new pairs 周三双人赛 或 /session new teams A队 vs B队",
                             "Say pairs or teams: /session new pairs Wednesday or /session new teams Lions vs Tigers")
    current = store.open_session(req.chat_id)
    if current is not None:
        raise ClubInputError(f"这个群已经有一场进行中的比赛 “{current.name}”。先用 /session end 结束它, 再开新的。",
                             f"This chat already has an open session “{current.name}”. "
                             "Close it with /session end first.")
    boards, name_words = DEFAULT_BOARDS, []
    for token in tokens[1:]:
        m = _BOARDS_TOKEN.match(token)
        if m:
            boards = int(m.group("a") or m.group("b"))
        else:
            name_words.append(token)
    if not 1 <= boards <= MAX_BOARDS:
        raise ClubInputError(f"副数要在 1 到 {MAX_BOARDS} 之间。例如 /session new pairs 周三双人赛 18副",
                             f"The number of boards must be 1 to {MAX_BOARDS}; e.g. /session new pairs Wed 18boards")
    name = " ".join(name_words)
    if len(name) > MAX_NAME:
        raise ClubInputError(f"名称太长 (最多 {MAX_NAME} 个字)。例如 /session new pairs 周三双人赛",
                             f"The name is too long (at most {MAX_NAME} characters); e.g. /session new pairs Wed")
    home, away = "", ""
    if kind == TEAMS:
        sides = _VERSUS.split(name, maxsplit=1) if name else []
        home, away = (s.strip() for s in sides) if len(sides) == 2 else (req.say("主队", "Home"), req.say("客队", "Away"))
        if home == away:
            raise ClubInputError("两个队的名字要不一样。例如 /session new teams A队 vs B队",
                                 "The two teams need different names; e.g. /session new teams Lions vs Tigers")
    name = name or req.say("双人赛" if kind == PAIRS else f"{home} 对 {away}",
                           "Pairs" if kind == PAIRS else f"{home} vs {away}")
    created = store.create_session(req.chat_id, kind, name, req.user_id, boards, home, away)
    if kind == PAIRS:
        how = req.say("记录成绩: /r 5 NS1-EW3 4S+1 N (牌号 南北对-东西对 结果 庄家), 一副没人叫: /r 5 1-3 pass",
                      "Record results: /r 5 NS1-EW3 4S+1 N (board NS-EW result declarer); passed out: /r 5 1-3 pass")
    else:
        how = req.say(f"{home} 开室坐南北, 闭室坐东西。记录成绩: /r 5 open 4S+1 N 或 /r 5 closed 3NT= S",
                      f"{home} sits NS in the open room, EW in the closed room. "
                      "Record results: /r 5 open 4S+1 N or /r 5 closed 3NT= S")
    return ClubReply(req.say(f"已开始 “{created.name}” (牌号 1–{boards})。{how}",
                             f"Started “{created.name}” (boards 1–{boards}). {how}"))


def _session_show(store: ClubStore, req: Request, rest: str) -> ClubReply:
    current = _latest_session(store, req)
    return ClubReply(render.session_text(current, store.results(current.id), req.lang))


def _session_end(store: ClubStore, req: Request, rest: str) -> ClubReply:
    current = _open_session(store, req)
    _check_manager(current, req, "结束比赛", "end")
    store.end_session(current.id)
    closing = req.say(f"“{current.name}” 已结束, 成绩都保留着 (/traveller, /standings, /export 仍可用)。",
                      f"“{current.name}” has ended; its results are kept (/traveller, /standings, /export "
                      "still work).")
    return ClubReply(closing + "\n\n" + _standings_text(current, store.results(current.id), req.lang))


def _session_delete(store: ClubStore, req: Request, rest: str) -> ClubReply:
    current = _latest_session(store, req)
    _check_manager(current, req, "删除比赛", "delete")
    count = store.delete_session(current.id)
    return ClubReply(req.say(f"已删除 “{current.name}” 和它的 {count} 个成绩。删错了可以 /session restore 恢复。",
                             f"Deleted “{current.name}” and its {count} result(s). Deleted by mistake? "
                             "/session restore brings it back."))


def _session_restore(store: ClubStore, req: Request, rest: str) -> ClubReply:
    found = store.deleted_session(req.chat_id)
    if found is None:
        raise ClubInputError("这个群没有删除过的比赛可以恢复。", "This chat has no deleted session to bring back.")
    deleted, ended = found
    _check_manager(deleted, req, "恢复比赛", "restore")
    current = store.open_session(req.chat_id)
    if not ended and current is not None:
        raise ClubInputError(f"这个群已经有一场进行中的比赛 “{current.name}”。先用 /session end 结束它, 再恢复。",
                             f"This chat already has an open session “{current.name}”. Close it with /session end "
                             "first, then restore.")
    store.restore_session(deleted.id, ended)
    count = len(store.results(deleted.id))
    state = req.say("已结束" if ended else "进行中", "ended" if ended else "open")
    return ClubReply(req.say(f"已恢复 “{deleted.name}” ({state}, {count} 个成绩)。",
                             f"Restored “{deleted.name}” ({state}, {count} result(s))."))


# ----- /r and /undo ----------------------------------------------------------------------


def _same_table(a: Result, b: Result) -> bool:
    return a.room == b.room if a.room else (a.ns, a.ew) == (b.ns, b.ew)


def check_clash(new: Result, existing: list[Result], session: Session) -> Result | None:
    """The result ``new`` replaces (same board and table), or None; raises if a pair would
    appear twice on the board."""
    for old in existing:
        if old.board != new.board or _same_table(old, new):
            continue
        if not new.room and {old.ns, old.ew} & {new.ns, new.ew}:
            pair = next(p for p in (new.ns, new.ew) if p in (old.ns, old.ew))
            raise ClubInputError(
                f"第 {pair} 对在第 {new.board} 副已经有成绩: {old.ns}-{old.ew} {old.contract} {old.declarer}。"
                f"要改这个成绩请再发一次 /r {old.board} {old.ns}-{old.ew} 加上新结果; 刚刚记错了可以 /undo。",
                f"Pair {pair} already has a result on board {new.board}: {old.ns}-{old.ew} {old.contract} "
                f"{old.declarer}. To change it send /r {old.board} {old.ns}-{old.ew} with the new result; "
                "to take back the last record use /undo.")
    return next((old for old in existing if old.board == new.board and _same_table(old, new)), None)


def record(store: ClubStore, req: Request) -> ClubReply:
    """``/r BOARD NS-EW RESULT DECLARER`` (pairs) or ``/r BOARD open|closed RESULT DECLARER`` (teams)."""
    current = _open_session(store, req)
    new = parse_entry(req.args, current)
    existing = store.results(current.id, new.board)
    old = check_clash(new, existing, current)
    if old is not None and (old.contract, old.declarer) == (new.contract, new.declarer):
        return ClubReply(req.say(f"这个成绩已经记过了, 没有改动: {describe(old, 'zh')}",
                                 f"Already recorded, nothing changed: {describe(old, 'en')}"))
    store.add_result(current.id, new, store.next_batch(current.id), req.user_id, replaces=old)
    count = len(existing) + (0 if old else 1)
    if old is not None:
        return ClubReply(req.say(f"已更正: {describe(old, 'zh')} → {outcome(new, 'zh')}。撤销: /undo",
                                 f"Corrected: {describe(old, 'en')} → {outcome(new, 'en')}. To take it back: /undo"))
    return ClubReply(req.say(f"已记录: {describe(new, 'zh')} (第 {new.board} 副共 {count} 个成绩)",
                             f"Recorded: {describe(new, 'en')} ({count} result(s) on board {new.board})"))


def _is_manager(session: Session, req: Request) -> bool:
    return req.user_is_admin or req.user_id == session.creator_id


def undo(store: ClubStore, req: Request) -> ClubReply:
    """``/undo``: take back the caller's own last record or import in the chat's open session
    (the session's creator or an admin: anyone's last).  Nothing is erased: ``/redo`` brings
    it back."""
    current = _open_session(store, req)
    manager = _is_manager(current, req)
    removed, restored = store.undo_last(current.id, req.user_id, recorded_by=None if manager else req.user_id)
    if not removed:
        if manager:
            raise ClubInputError(f"“{current.name}” 还没有成绩可以撤销。记录成绩: {example(current.kind)}",
                                 f"“{current.name}” has no result to take back. To record one: {example(current.kind)}")
        raise ClubInputError(f"你在 “{current.name}” 里没有可以撤销的成绩: 每人只能撤销自己记录的成绩, "
                             "开这场比赛的人或群管理员可以撤销任何人的。",
                             f"You have no result to take back in “{current.name}”: members take back their own "
                             "records; the person who started the session or a group admin may take back anyone's.")
    if len(removed) == 1:
        text = req.say(f"已撤销: {describe(removed[0], 'zh')}", f"Taken back: {describe(removed[0], 'en')}")
    else:
        text = req.say(f"已撤销上次导入的 {len(removed)} 个成绩。", f"Took back the {len(removed)} imported results.")
    if restored:
        back = "; ".join(describe(r, req.lang) for r in restored)
        text += req.say(f"\n恢复原来的成绩: {back}", f"\nRestored the earlier result: {back}")
    return ClubReply(text)


def redo(store: ClubStore, req: Request) -> ClubReply:
    """``/redo``: bring back what the caller's last ``/undo`` took back (the session's creator or
    an admin: anyone's last undo), unless the table has a newer result by now."""
    current = _open_session(store, req)
    undone = store.last_undone(current.id, None if _is_manager(current, req) else req.user_id)
    if not undone:
        raise ClubInputError(f"“{current.name}” 里没有可以恢复的撤销。/redo 恢复你上一次 /undo 撤销的成绩。",
                             f"Nothing undone to bring back in “{current.name}”. /redo brings back what your last "
                             "/undo took back.")
    for result, replaced in undone:
        now = check_clash(result, store.results(current.id, result.board), current)
        if now is not None and now.id != replaced:
            raise ClubInputError(
                f"第 {result.board} 副这一桌后来又记了成绩 ({describe(now, 'zh')}), 没有恢复。要改请直接用 /r。",
                f"Board {result.board} of this table has a newer result ({describe(now, 'en')}); nothing was "
                "brought back. Use /r to change it.")
    store.redo(undone)
    if len(undone) == 1:
        return ClubReply(req.say(f"已恢复: {describe(undone[0][0], 'zh')}", f"Brought back: {describe(undone[0][0], 'en')}"))
    return ClubReply(req.say(f"已恢复 {len(undone)} 个成绩。", f"Brought back {len(undone)} results."))


# ----- reports ---------------------------------------------------------------------------


def traveller(store: ClubStore, req: Request) -> ClubReply:
    """``/traveller N``: every result on board N with matchpoints (pairs) or IMPs (teams)."""
    current = _latest_session(store, req)
    if not req.args.strip():
        raise ClubInputError("请写出牌号。例如 /traveller 5", "Give a board number; e.g. /traveller 5")
    board = parse_board_number(to_halfwidth(req.args).split()[0], current)
    results = store.results(current.id, board)
    if not results:
        raise ClubInputError(f"第 {board} 副还没有成绩。记录成绩: {example(current.kind)}",
                             f"Board {board} has no results yet. To record one: {example(current.kind)}")
    if current.kind == PAIRS:
        return ClubReply(render.pairs_traveller_text(board, pairs_traveller(results), req.lang))
    return ClubReply(render.teams_traveller_text(current, teams_boards(results)[0], req.lang))


def _standings_text(current: Session, results: list[Result], lang: str) -> str:
    if not results:
        return ("No results yet." if lang == "en" else "还没有成绩。")
    if current.kind == PAIRS:
        return render.pairs_standings_text(current, pairs_standings(results), lang)
    boards = teams_boards(results)
    return render.match_text(current, boards, match_result(current, results), lang)


def standings(store: ClubStore, req: Request) -> ClubReply:
    """``/standings``: pairs by matchpoint percentage, or the teams match in IMPs and VPs."""
    current = _latest_session(store, req)
    results = store.results(current.id)
    if not results:
        raise ClubInputError(f"“{current.name}” 还没有成绩。记录成绩: {example(current.kind)}",
                             f"“{current.name}” has no results yet. To record one: {example(current.kind)}")
    return ClubReply(_standings_text(current, results, req.lang))


# ----- files -----------------------------------------------------------------------------


def export(store: ClubStore, req: Request) -> ClubReply:
    """``/export`` sends the session as CSV; ``/export pbn`` as PBN with a ScoreTable per board."""
    current = _latest_session(store, req)
    results = store.results(current.id)
    if not results:
        raise ClubInputError(f"“{current.name}” 还没有成绩可以导出。记录成绩: {example(current.kind)}",
                             f"“{current.name}” has no results to export. To record one: {example(current.kind)}")
    fmt = req.args.strip().lower()
    if fmt not in ("", "csv", "pbn"):
        raise ClubInputError("导出格式只有 csv 和 pbn。例如 /export 或 /export pbn",
                             "The export formats are csv and pbn; e.g. /export or /export pbn")
    stem = csvio.file_stem(current)
    if fmt == "pbn":
        document = (f"{stem}.pbn", csvio.export_pbn(current, results))
    else:
        document = (f"{stem}.csv", csvio.export_csv(current, results))
    return ClubReply(req.say(f"“{current.name}” 的 {len(results)} 个成绩: {document[0]}",
                             f"The {len(results)} result(s) of “{current.name}”: {document[0]}"), document)


def import_results(store: ClubStore, req: Request) -> ClubReply:
    """``/import`` with a CSV attached: add every row to the open session, or nothing at all."""
    current = _open_session(store, req)
    if not req.attachment:
        raise ClubInputError("请把 CSV 文件和 /import 一起发送 (作为文件的说明文字)。文件格式和 /export 导出的一样。",
                             "Send the CSV file with /import as its caption; the format is the one /export "
                             "produces.")
    new_results = csvio.import_csv(req.attachment, current)
    existing = store.results(current.id)
    seen: list[Result] = []
    for number, new in enumerate(new_results, start=2):
        try:
            if check_clash(new, existing + seen, current) is not None:
                raise ClubInputError(f"第 {new.board} 副的这一桌已经有成绩", f"board {new.board} of this table "
                                     "already has a result")
        except ClubInputError as err:
            raise ClubInputError(f"第 {number} 行有错, 没有导入任何成绩: {err.message_zh}",
                                 f"Line {number} is wrong, nothing was imported: {err.message_en}") from None
        seen.append(new)
    batch = store.next_batch(current.id)
    for new in new_results:
        store.add_result(current.id, new, batch, req.user_id)
    return ClubReply(req.say(f"已导入 {len(new_results)} 个成绩到 “{current.name}”。撤销整个导入: /undo",
                             f"Imported {len(new_results)} result(s) into “{current.name}”. "
                             "To take the whole import back: /undo"))


HANDLERS = {"session": session, "r": record, "undo": undo, "redo": redo, "traveller": traveller,
            "standings": standings, "export": export, "import": import_results}
