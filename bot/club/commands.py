"""The club commands: ``/session``, ``/r``, ``/undo``, ``/redo``, ``/traveller``, ``/standings``, ``/export``,
``/import``, ``/pair``, ``/team`` and ``/hands``.  Each handler runs inside one store transaction and returns a :class:`ClubReply`;
user mistakes are raised as :class:`ClubInputError` and never change what is stored."""

from __future__ import annotations

import re
import weakref
from collections import OrderedDict, defaultdict
from dataclasses import dataclass

from bot.club import csvio, hands, pbn, render
from bot.club.entry import check_digits, describe, example, example_board, outcome, parse_board_number, parse_entry
from bot.base.errors import ClubInputError
from bot.club.model import HOWELL, MITCHELL, PAIRS, TEAMS, Result, Session
from bot.club.reports import PairsReport, match_result, pairs_report, teams_boards
from bot.club.store import ClubStore
from bot.base.textnorm import to_halfwidth, to_simplified

DEFAULT_BOARDS = 36
MAX_BOARDS = 128
MAX_NAME = 60
MAX_PAIR_NAME = 40
MEMO_SESSIONS = 16
CONFIRM_WORDS = frozenset({"确认", "確認", "confirm", "yes", "是"})
_MOVEMENTS = {"mitchell": MITCHELL, "米切尔": MITCHELL, "米歇尔": MITCHELL, "howell": HOWELL, "豪厄尔": HOWELL,
              "豪威尔": HOWELL}
_KINDS = {"pairs": PAIRS, "pair": PAIRS, "双人": PAIRS, "双人赛": PAIRS, "对式": PAIRS,
          "teams": TEAMS, "team": TEAMS, "队式": TEAMS, "队式赛": TEAMS, "团体": TEAMS, "团体赛": TEAMS}
_BOARDS_TOKEN = re.compile(r"^(?:boards?=(?P<a>\d{1,4})|(?P<b>\d{1,4})(?:副|boards?))$", re.IGNORECASE)
_VERSUS = re.compile(r"\s+(?:vs\.?|v|对|对阵)\s+", re.IGNORECASE)
_SESSION_USAGE_ZH = ("用法: /session new pairs [mitchell|howell] [名称] [N副] 或 /session new teams [A队 vs B队], "
                     "/session show, /session end, /session delete, /session restore。例如 /session new pairs 周三双人赛")
_SESSION_USAGE_EN = ("Usage: /session new pairs [mitchell|howell] [name] [N boards] or /session new teams "
                     "[Team A vs Team B], /session show, /session end, /session delete, /session restore; "
                     "e.g. /session new pairs Wednesday pairs")


@dataclass(frozen=True)
class ClubReply:
    """What the chat sends back: text, optionally a file ``(filename, bytes)``, and rows of
    buttons ``((label, command), …)`` whose tap sends the command."""

    text: str
    document: tuple[str, bytes] | None = None
    buttons: tuple[tuple[tuple[str, str], ...], ...] = ()


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

    @property
    def here(self) -> str:
        """How the chat is named in Chinese: 「这个群」 in a group (Telegram group ids are
        negative), 「这里」 in a one-to-one chat or the console."""
        return "这个群" if self.chat_id.startswith("-") else "这里"


def _no_open_session(req: Request) -> ClubInputError:
    return ClubInputError(f"{req.here}现在没有进行中的比赛。先开一场: /session new pairs 周三双人赛 "
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
        raise ClubInputError(f"{req.here}已经有一场进行中的比赛 “{current.name}”。先用 /session end 结束它, 再开新的。",
                             f"This chat already has an open session “{current.name}”. "
                             "Close it with /session end first.")
    check_digits(rest, "/session new pairs 周三双人赛 18副")
    movement, boards, boards_given, name = _new_session_words(kind, tokens[1:])
    if not 1 <= boards <= MAX_BOARDS:
        raise ClubInputError(f"副数要在 1 到 {MAX_BOARDS} 之间。例如 /session new pairs 周三双人赛 18副",
                             f"The number of boards must be 1 to {MAX_BOARDS}; e.g. /session new pairs Wed 18boards")
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
    created = store.set_session_options(created.id, movement, boards_given)
    return ClubReply(req.say(f"已开始 “{created.name}” (牌号 1–{boards})。{_how_to_record(created, req)}",
                             f"Started “{created.name}” (boards 1–{boards}). {_how_to_record(created, req)}"))


def _new_session_words(kind: str, words: list[str]) -> tuple[str, int, bool, str]:
    """The movement, board count (and whether one was given) and name in the words after
    ``/session new pairs|teams``."""
    movement = MITCHELL if kind == PAIRS else ""
    if kind == PAIRS and words and to_simplified(words[0]).lower() in _MOVEMENTS:
        movement = _MOVEMENTS[to_simplified(words[0]).lower()]
        words = words[1:]
    # "8 boards" / "8 副" as two words, the same as "8boards" / "8副".
    words = re.sub(r"(?<![^\s])([0-9]{1,4})\s+(boards?|副)(?![^\s])", r"\1\2", " ".join(words),
                   flags=re.IGNORECASE).split()
    boards, boards_given, name_words = DEFAULT_BOARDS, False, []
    for token in words:
        m = _BOARDS_TOKEN.match(token)
        if m:
            boards, boards_given = int(m.group("a") or m.group("b")), True
        else:
            name_words.append(token)
    return movement, boards, boards_given, " ".join(name_words)


def _how_to_record(created: Session, req: Request) -> str:
    """How results are typed in a new session, with a board it has."""
    b, home = example_board(created), created.home
    if created.movement == MITCHELL:
        how = req.say(f"米切尔: 南北对和东西对各自编号、各自排名。记录成绩: /r {b} NS1-EW3 4S+1 N "
                      f"(牌号 南北对-东西对 结果 庄家; /r {b} 1-3 … 即南北1对东西3), 一副没人叫: /r {b} 1-3 pass",
                      f"Mitchell: NS and EW pairs are numbered and ranked apart. Record results: "
                      f"/r {b} NS1-EW3 4S+1 N (board NS-EW result declarer; 1-3 is NS1 against EW3); "
                      f"passed out: /r {b} 1-3 pass")
    elif created.movement == HOWELL:
        how = req.say(f"豪厄尔: 所有对一个编号、一个排名。记录成绩: /r {b} 1-3 4S+1 N (牌号 南北对-东西对 结果 庄家), "
                      f"一副没人叫: /r {b} 1-3 pass",
                      f"Howell: one numbering, one ranking. Record results: /r {b} 1-3 4S+1 N (board NS-EW result "
                      f"declarer); passed out: /r {b} 1-3 pass")
    else:
        how = req.say(f"{home} 开室坐南北, 闭室坐东西。记录成绩: /r {b} open 4S+1 N 或 /r {b} closed 3NT= S。",
                      f"{home} sits NS in the open room, EW in the closed room. "
                      f"Record results: /r {b} open 4S+1 N or /r {b} closed 3NT= S.")
    if created.kind == TEAMS:
        scheduled = created.boards_given
        how += req.say(f"VP 按{f'计划的 {created.boards} 副' if scheduled else '已完成的副数'}计算。",
                       f" VPs on the {f'scheduled {created.boards}' if scheduled else 'completed'} boards.")
    return how


def _session_show(store: ClubStore, req: Request, rest: str) -> ClubReply:
    current = _latest_session(store, req)
    return ClubReply(render.session_text(current, store.results(current.id), req.lang,
                                         hands=len(store.hands(current.id))))


def _session_end(store: ClubStore, req: Request, rest: str) -> ClubReply:
    current = _open_session(store, req)
    _check_manager(current, req, "结束比赛", "end")
    store.end_session(current.id)
    closing = req.say(f"“{current.name}” 已结束, 成绩都保留着 (/traveller, /standings, /export 仍可用)。",
                      f"“{current.name}” has ended; its results are kept (/traveller, /standings, /export "
                      "still work).")
    return ClubReply(render.wrap(closing) + "\n\n" + _standings_text(store, current, req.lang))


def _session_delete(store: ClubStore, req: Request, rest: str) -> ClubReply:
    current = _latest_session(store, req)
    _check_manager(current, req, "删除比赛", "delete")
    count = len(store.results(current.id))
    named, dealt = len(store.names(current.id)), len(store.hands(current.id))
    if to_simplified(rest.strip()).lower() not in CONFIRM_WORDS:
        lost_zh = f"{count} 个成绩" + (f"、{named} 个名字" if named else "") + (f"、{dealt} 副牌例" if dealt else "")
        lost_en = f"{count} result(s)" + (f", {named} name(s)" if named else "") + (f", {dealt} hand record(s)"
                                                                                     if dealt else "")
        return ClubReply(
            req.say(f"确定要删除 “{current.name}” 吗? 它的 {lost_zh} 都会被删掉 "
                    "(删错了开赛人或管理员可以用 /session restore 找回)。确认请点下面的按钮或发送 /session delete 确认",
                    f"Delete “{current.name}”? Its {lost_en} will be deleted (the person who started it or an "
                    "admin can bring it back with /session restore). To confirm tap the button or send "
                    "/session delete confirm"),
            buttons=(((req.say("确认删除", "Delete it"), "/session delete confirm"),),))
    store.delete_session(current.id)
    return ClubReply(req.say(f"已删除 “{current.name}” 和它的 {count} 个成绩。删错了可以 /session restore 恢复。",
                             f"Deleted “{current.name}” and its {count} result(s). Deleted by mistake? "
                             "/session restore brings it back."))


def _session_restore(store: ClubStore, req: Request, rest: str) -> ClubReply:
    found = store.deleted_session(req.chat_id)
    if found is None:
        raise ClubInputError(f"{req.here}没有删除过的比赛可以恢复。", "This chat has no deleted session to bring back.")
    deleted, ended = found
    _check_manager(deleted, req, "恢复比赛", "restore")
    current = store.open_session(req.chat_id)
    if not ended and current is not None:
        raise ClubInputError(f"{req.here}已经有一场进行中的比赛 “{current.name}”。先用 /session end 结束它, 再恢复。",
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


def _shared_pair(old: Result, new: Result, session: Session) -> str | None:
    """The pair ``new`` has in common with ``old`` (``NS1`` in a Mitchell), or None."""
    if session.is_mitchell:
        if old.ns == new.ns:
            return f"NS{new.ns}"
        return f"EW{new.ew}" if old.ew == new.ew else None
    common = [p for p in (new.ns, new.ew) if p in (old.ns, old.ew)]
    return common[0] if common else None


def check_clash(new: Result, existing: list[Result], session: Session) -> Result | None:
    """The result ``new`` replaces (same board and table), or None; raises if a pair would
    appear twice on the board."""
    for old in existing:
        if old.board != new.board or _same_table(old, new):
            continue
        pair = None if new.room else _shared_pair(old, new, session)
        if pair is not None:
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
            raise ClubInputError(f"“{current.name}” 还没有成绩可以撤销。记录成绩: {example(current)}",
                                 f"“{current.name}” has no result to take back. To record one: {example(current)}")
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
    current = _latest_session(store, req)
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


def _standings_text(store: ClubStore, current: Session, lang: str) -> str:
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
    current = _latest_session(store, req)
    if not session_report(store, current)[0]:
        raise ClubInputError(f"“{current.name}” 还没有成绩。记录成绩: {example(current)}",
                             f"“{current.name}” has no results yet. To record one: {example(current)}")
    return ClubReply(_standings_text(store, current, req.lang))


# ----- names ------------------------------------------------------------------------------

_PAIR_ARGS = re.compile(r"^(?P<side>ns|ew|南北|东西)?(?P<label>\w{1,20})$", re.IGNORECASE)


def _clean_name(words: list[str], req: Request, usage_zh: str, usage_en: str) -> str:
    name = " ".join(words)
    if not name:
        raise ClubInputError(f"请写出名字。例如 {usage_zh}", f"Give the names; e.g. {usage_en}")
    if len(name) > MAX_PAIR_NAME or any(not ch.isprintable() for ch in name):
        raise ClubInputError(f"名字太长或含有控制字符 (最多 {MAX_PAIR_NAME} 个字)。例如 {usage_zh}",
                             f"The name is too long or holds control characters (at most {MAX_PAIR_NAME} "
                             f"characters); e.g. {usage_en}")
    return name


def pair(store: ClubStore, req: Request) -> ClubReply:
    """``/pair 3 张三 李四`` (``/pair NS3 …`` / ``EW3`` in a Mitchell): name a pair."""
    current = _open_session(store, req)
    usage_zh = "/pair NS3 张三 李四" if current.is_mitchell else "/pair 3 张三 李四"
    usage_en = "/pair NS3 Smith Jones" if current.is_mitchell else "/pair 3 Smith Jones"
    if current.kind != PAIRS:
        raise ClubInputError(f"这是队式赛: 用 /team {current.home} 队员名字", f"This is a teams match: use /team "
                             f"{current.home} and the players' names")
    text = to_simplified(to_halfwidth(req.args))
    check_digits(text, usage_zh if req.lang != "en" else usage_en)
    words = text.split()
    m = _PAIR_ARGS.match(words[0]) if words else None
    if m is None:
        raise ClubInputError(f"请写出对号和名字。例如 {usage_zh}", f"Give the pair number and the names; e.g. {usage_en}")
    side = {"ns": "NS", "南北": "NS", "ew": "EW", "东西": "EW"}.get((m.group("side") or "").lower(), "")
    label = m.group("label").upper() if m.group("label").isascii() else m.group("label")
    if current.is_mitchell and not side:
        raise ClubInputError(f"米切尔里南北和东西各有第 {label} 对: 请写 NS{label} 或 EW{label}。例如 {usage_zh}",
                             f"A Mitchell has an NS{label} and an EW{label}: say which; e.g. {usage_en}")
    if not current.is_mitchell:
        side = ""
    name = _clean_name(words[1:], req, usage_zh, usage_en)
    old = store.set_name(current.id, side, label, name)
    who = f"{side}{label}"
    was_zh, was_en = (f" (原来是 {old})", f" (was {old})") if old and old != name else ("", "")
    return ClubReply(req.say(f"第 {who} 对: {name}{was_zh}", f"Pair {who}: {name}{was_en}"))


def _team_named(word: str, session: Session) -> str | None:
    """The team ``word`` names: its name, the start of only one name (``A`` for ``A队``), or
    home/away (主队/客队)."""
    word = to_simplified(word).lower()
    aliases = {"home": session.home, "主队": session.home, "主": session.home,
               "away": session.away, "客队": session.away, "客": session.away}
    if word in aliases:
        return aliases[word]
    exact = [t for t in (session.home, session.away) if t.lower() == word]
    starts = [t for t in (session.home, session.away) if t.lower().startswith(word)]
    return exact[0] if exact else starts[0] if len(starts) == 1 else None


def team(store: ClubStore, req: Request) -> ClubReply:
    """``/team 狮子 张三 李四 王五 赵六``: the players of one of the match's teams."""
    current = _open_session(store, req)
    if current.kind != TEAMS:
        raise ClubInputError("这是双人赛: 用 /pair 给一对起名字, 例如 /pair 3 张三 李四",
                             "This is a pairs session: name a pair with /pair, e.g. /pair 3 Smith Jones")
    words = to_halfwidth(req.args).split()
    usage_zh, usage_en = f"/team {current.home} 张三 李四 王五 赵六", f"/team {current.home} Smith Jones Brown Lee"
    chosen = _team_named(words[0], current) if words else None
    if chosen is None:
        raise ClubInputError(f"第一个词是队名 ({current.home} 或 {current.away})。例如 {usage_zh}",
                             f"The first word is a team ({current.home} or {current.away}); e.g. {usage_en}")
    name = _clean_name(words[1:], req, usage_zh, usage_en)
    store.set_name(current.id, "team", chosen, name)
    return ClubReply(req.say(f"{chosen}: {name}", f"{chosen}: {name}"))


# ----- files -----------------------------------------------------------------------------


def export(store: ClubStore, req: Request) -> ClubReply:
    """``/export`` sends the session as CSV; ``/export pbn`` as PBN 2.1 with a ScoreTable per board."""
    current = _latest_session(store, req)
    results = session_report(store, current)[0]
    if not results:
        raise ClubInputError(f"“{current.name}” 还没有成绩可以导出。记录成绩: {example(current)}",
                             f"“{current.name}” has no results to export. To record one: {example(current)}")
    fmt = req.args.strip().lower()
    if fmt not in ("", "csv", "pbn"):
        raise ClubInputError("导出格式只有 csv 和 pbn。例如 /export 或 /export pbn",
                             "The export formats are csv and pbn; e.g. /export or /export pbn")
    stem = csvio.file_stem(current)
    names = store.names(current.id)
    if fmt == "pbn":
        document = (f"{stem}.pbn", pbn.export_pbn(current, results, names, store.hands(current.id)))
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
    current = _open_session(store, req)
    if not req.attachment:
        raise ClubInputError("请把 CSV 文件和 /import 一起发送 (作为文件的说明文字; 控制台: /import 文件名)。"
                             "文件格式和 /export 导出的一样。",
                             "Send the CSV file with /import as its caption (console: /import FILE); the format "
                             "is the one /export produces.")
    new_results = csvio.import_csv(req.attachment, current)
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
    return ClubReply(req.say(f"已导入 {len(new_results)} 个成绩到 “{current.name}”。撤销整个导入: /undo",
                             f"Imported {len(new_results)} result(s) into “{current.name}”. "
                             "To take the whole import back: /undo"))


def hand_records(store: ClubStore, req: Request) -> ClubReply:
    """``/hands`` with a PBN file of deals attached: the session's hand records, analysed double
    dummy when the ``hands`` extra is installed.  All deals or none."""
    current = _open_session(store, req)
    if not req.attachment:
        raise ClubInputError("请把发牌程序的 PBN 文件和 /hands 一起发送 (作为文件的说明文字; 控制台: /hands 文件名)。",
                             "Send the dealing program's PBN file with /hands as its caption (console: "
                             "/hands FILE).")
    deals, beyond = pbn.read_deals(req.attachment, current)
    analysis = hands.analyse(deals)
    store.set_hands(current.id, deals, analysis)
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


HANDLERS = {"session": session, "r": record, "undo": undo, "redo": redo, "traveller": traveller,
            "standings": standings, "export": export, "import": import_results, "pair": pair, "team": team,
            "hands": hand_records}
