"""``/pair`` and ``/team``: the names of a pair, or a team's players."""

from __future__ import annotations

import re

from bot.base.errors import ClubInputError
from bot.base.inputs import name_problem
from bot.club import history
from bot.base.textnorm import to_halfwidth, to_simplified
from bot.club.entry import check_digits
from bot.club.model import PAIRS, TEAMS, Session
from bot.club.request import ClubReply, Request, check_owner, open_session
from bot.club.store import ClubStore

MAX_PAIR_NAME = 40
_PAIR_ARGS = re.compile(r"^(?P<side>ns|ew|南北|东西)?(?P<label>\w{1,20})$", re.IGNORECASE)


def _clean_name(words: list[str], req: Request, usage_zh: str, usage_en: str) -> str:
    name = " ".join(words)
    if not name:
        raise ClubInputError(f"请写出名字。例如 {usage_zh}", f"Give the names; e.g. {usage_en}")
    check_name(name, usage_zh, usage_en)
    if len(name) > MAX_PAIR_NAME:
        raise ClubInputError(f"名字太长 (最多 {MAX_PAIR_NAME} 个字)。例如 {usage_zh}",
                             f"The name is too long (at most {MAX_PAIR_NAME} characters); e.g. {usage_en}")
    return name


def check_name(name: str, usage_zh: str, usage_en: str) -> None:
    """Refuse a name (a session's, a team's, a pair's, a player's) holding a direction control or
    another character that prints nothing; emoji sequences joined by U+200D (👨‍👩‍👧‍👦) are names."""
    problem = name_problem(name)
    if problem == "bidi":
        raise ClubInputError(f"名字里有改变文字方向的隐藏字符 (如 U+202E), 会让别人看到的名字颠倒。请直接输入名字, 例如 {usage_zh}",
                             f"The name holds a hidden character that changes the text's direction (such as U+202E) "
                             f"and would show others a reversed name. Type the name plainly; e.g. {usage_en}")
    if problem == "control":
        raise ClubInputError(f"名字里有不显示的控制字符。请直接输入名字, 例如 {usage_zh}",
                             f"The name holds a control character that does not print. Type the name plainly; "
                             f"e.g. {usage_en}")


def _rename(store: ClubStore, current: Session, req: Request, side: str, label: str, name: str,
            what_zh: str, what_en: str) -> str:
    """Give ``(side, label)`` the name, as history /undo takes back, if the requester may; returns the old name."""
    check_owner(store.name_set_by(current.id, side, label), current, req, what_zh, what_en)
    taken = history.before(store, "names", current.id, [(side, label)])
    old = store.set_name(current.id, side, label, name, req.user_id)
    if old != name:
        history.record(store, "names", current.id, taken, req.user_id)
    return old


def pair(store: ClubStore, req: Request) -> ClubReply:
    """``/pair 3 张三 李四`` (``/pair NS3 …`` / ``EW3`` in a Mitchell): name a pair."""
    current = open_session(store, req)
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
    who = f"{side}{label}"
    old = _rename(store, current, req, side, label, name, f"第 {who} 对的名字", f"The name of pair {who}")
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
    current = open_session(store, req)
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
    _rename(store, current, req, "team", chosen, name, f"{chosen} 的队员名单", f"The players of {chosen}")
    return ClubReply(req.say(f"{chosen}: {name}", f"{chosen}: {name}"))
