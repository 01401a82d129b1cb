"""``/session``: start a pairs session (Mitchell or Howell) or a teams match, show it, end it,
delete it (after a confirmation) and bring a deleted one back."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.base.errors import ClubInputError
from bot.base.textnorm import to_halfwidth, to_simplified
from bot.club import render, schedule
from bot.club.entry import check_digits, example_board
from bot.club.names import check_name
from bot.club.model import HOWELL, MITCHELL, PAIRS, TEAMS, Session
from bot.club.request import ClubReply, Request, check_manager, latest_session, open_session
from bot.club.standings import standings_text
from bot.club.store import ClubStore

DEFAULT_BOARDS = 36
MAX_BOARDS = 128
MAX_NAME = 60
CONFIRM_WORDS = frozenset({"确认", "確認", "confirm", "yes", "是"})
_MOVEMENTS = {"mitchell": MITCHELL, "米切尔": MITCHELL, "米歇尔": MITCHELL, "howell": HOWELL, "豪厄尔": HOWELL,
              "豪威尔": HOWELL}
_KINDS = {"pairs": PAIRS, "pair": PAIRS, "双人": PAIRS, "双人赛": PAIRS, "对式": PAIRS,
          "teams": TEAMS, "team": TEAMS, "队式": TEAMS, "队式赛": TEAMS, "团体": TEAMS, "团体赛": TEAMS}
_VERSUS = re.compile(r"\s+(?:vs\.?|v|对|对阵)\s+", re.IGNORECASE)
_SESSION_USAGE_ZH = ("用法: /session new pairs [mitchell|howell] [名称] [N副] 或 /session new teams [A队 vs B队], "
                     "/session show, /session end, /session delete, /session restore。例如 /session new pairs 周三双人赛")
_SESSION_USAGE_EN = ("Usage: /session new pairs [mitchell|howell] [name] [N boards] or /session new teams "
                     "[Team A vs Team B], /session show, /session end, /session delete, /session restore; "
                     "e.g. /session new pairs Wednesday pairs")


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
    words = _new_session_words(kind, tokens[1:])
    movement, name = words.movement, words.name
    boards, per_round = words.boards or DEFAULT_BOARDS, words.per_round
    if words.tables:
        per_round = schedule.plan(movement, words.tables, per_round, words.boards)
        boards = schedule.rounds_and_sets(movement, words.tables)[1] * per_round
    boards_given = words.boards is not None or bool(words.tables)
    if not 1 <= boards <= MAX_BOARDS:
        raise ClubInputError(f"副数要在 1 到 {MAX_BOARDS} 之间。例如 /session new pairs 周三双人赛 18副",
                             f"The number of boards must be 1 to {MAX_BOARDS}; e.g. /session new pairs Wed 18boards")
    if len(name) > MAX_NAME:
        raise ClubInputError(f"名称太长 (最多 {MAX_NAME} 个字)。例如 /session new pairs 周三双人赛",
                             f"The name is too long (at most {MAX_NAME} characters); e.g. /session new pairs Wed")
    check_name(name, f"/session new {kind} " + ("周三双人赛" if kind == PAIRS else "A队 vs B队"),
               f"/session new {kind} " + ("Wed" if kind == PAIRS else "Lions vs Tigers"))
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
    created = store.set_session_options(created.id, movement, boards_given, words.tables,
                                        per_round if words.tables else 0)
    text = req.say(f"已开始 “{created.name}” (牌号 1–{boards})。{_how_to_record(created, req)}",
                   f"Started “{created.name}” (boards 1–{boards}). {_how_to_record(created, req)}")
    if words.unused:
        listed = " ".join(words.unused)
        text += req.say(f"\n没有用到: {listed} (桌数写 7桌, 每轮几副写 每轮3副, 副数写 21副)。",
                        f"\nNot used: {listed} (tables as 7 tables, boards a round as 3 boards a round, "
                        "boards as 21 boards).")
    if created.tables:
        text += "\n\n" + schedule.movement_text(created, req.lang)
    return ClubReply(text)


# Settings as people type them, read off the words before the name is what is left: "7桌",
# "7 tables", "每轮3副", "3 boards a round" (before "21副", which they contain).
_TABLES = re.compile(r"(?<![^\s])(?:(?P<n>[0-9]{1,4})\s*(?:桌|张桌子|tables?)|tables?\s*=\s*(?P<m>[0-9]{1,4}))(?![^\s])",
                     re.IGNORECASE)
_PER_ROUND = re.compile(
    r"(?<![^\s])(?:每轮\s*(?P<a>[0-9]{1,4})\s*副|(?P<b>[0-9]{1,4})\s*副\s*(?:一轮|每轮)"
    r"|(?P<c>[0-9]{1,4})\s*boards?\s*(?:a|per|each)\s*round|(?P<d>[0-9]{1,4})\s*(?:bpr|boards?/round))(?![^\s])",
    re.IGNORECASE)
_BOARDS_WORDS = re.compile(r"(?<![^\s])(?:boards?\s*=\s*(?P<a>[0-9]{1,4})|(?P<b>[0-9]{1,4})\s*(?:副|boards?))(?![^\s])",
                           re.IGNORECASE)
# A word with a number, or a setting's word on its own, that none of the forms above read.
_SETTING_LIKE = re.compile(r"[0-9]|^(?:桌|轮|副|每轮|tables?|rounds?|boards?)$", re.IGNORECASE)

# In a match the teams' names may hold numbers ("2队"): only a count of tables or rounds is set apart.
_TEAMS_SETTING_LIKE = re.compile(r"^[0-9]+(?:桌|轮|tables?|rounds?)$", re.IGNORECASE)


@dataclass(frozen=True)
class NewSession:
    """What the words after ``/session new pairs|teams`` say: the movement, the boards (None when
    not given), the tables and boards a round (0 when not given), the name, and the words not used."""

    movement: str
    boards: int | None
    tables: int
    per_round: int
    name: str
    unused: tuple[str, ...]


def _take(pattern: re.Pattern, text: str) -> tuple[int, str]:
    m = pattern.search(text)
    if not m:
        return 0, text
    value = int(next(g for g in m.groups() if g is not None))
    return value, text[: m.start()] + " " + text[m.end():]


def _new_session_words(kind: str, words: list[str]) -> NewSession:
    """The movement, boards, tables, boards a round and name in the words after
    ``/session new pairs|teams``; words that look like a setting but are not read are kept apart."""
    movement = MITCHELL if kind == PAIRS else ""
    if kind == PAIRS and words and to_simplified(words[0]).lower() in _MOVEMENTS:
        movement = _MOVEMENTS[to_simplified(words[0]).lower()]
        words = words[1:]
    text = " ".join(words)
    tables = per_round = 0
    if kind == PAIRS:
        tables, text = _take(_TABLES, text)
        per_round, text = _take(_PER_ROUND, text)
    boards, text = _take(_BOARDS_WORDS, text)
    name_words, unused = [], []
    setting = _SETTING_LIKE if kind == PAIRS else _TEAMS_SETTING_LIKE
    for token in text.split():
        (unused if setting.search(token) else name_words).append(token)
    return NewSession(movement, boards or None, tables, per_round, " ".join(name_words), tuple(unused))


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
    current = latest_session(store, req)
    text = render.session_text(current, store.results(current.id), req.lang, hands=len(store.hands(current.id)))
    return ClubReply(text + ("\n\n" + schedule.movement_text(current, req.lang) if current.tables else ""))


def _session_end(store: ClubStore, req: Request, rest: str) -> ClubReply:
    current = open_session(store, req)
    check_manager(current, req, "结束比赛", "end")
    store.end_session(current.id)
    closing = req.say(f"“{current.name}” 已结束, 成绩都保留着 (/traveller, /standings, /export 仍可用)。",
                      f"“{current.name}” has ended; its results are kept (/traveller, /standings, /export "
                      "still work).")
    return ClubReply(render.wrap(closing) + "\n\n" + standings_text(store, current, req.lang))


def _session_delete(store: ClubStore, req: Request, rest: str) -> ClubReply:
    current = latest_session(store, req)
    check_manager(current, req, "删除比赛", "delete")
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
    check_manager(deleted, req, "恢复比赛", "restore")
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
