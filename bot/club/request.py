"""A club command's request and reply, the session it is about, and who may manage that session:
the person who started it or a group admin (anyone may record results; what a member entered —
a result, a name, hand records — only that member or a manager may replace)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.base.errors import ClubInputError
from bot.club.model import Session
from bot.club.store import ClubStore


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
    analysed: dict[str, str] | None = None  # deal → double-dummy JSON, worked out before the transaction

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


def open_session(store: ClubStore, req: Request) -> Session:
    """The chat's open session; raises when it has none."""
    session = store.open_session(req.chat_id)
    if session is None:
        raise _no_open_session(req)
    return session


def latest_session(store: ClubStore, req: Request) -> Session:
    """The chat's latest session, open or ended; raises when it has none."""
    session = store.latest_session(req.chat_id)
    if session is None:
        raise _no_open_session(req)
    return session


def check_manager(session: Session, req: Request, action_zh: str, action_en: str) -> None:
    """Raise unless the requester may manage ``session`` (to end, delete or restore it)."""
    if not (req.user_is_admin or req.user_id == session.creator_id):
        raise ClubInputError(f"只有开这场比赛的人或群管理员可以{action_zh}。其他人可以继续用 /r 记录成绩。",
                             f"Only the person who started this session or a group admin may {action_en} it. "
                             "Anyone may still record results with /r.")


def is_manager(session: Session, req: Request) -> bool:
    """True when the requester started ``session`` or is a group admin."""
    return req.user_is_admin or req.user_id == session.creator_id


def check_owner(owner: str | None, session: Session, req: Request, what_zh: str, what_en: str) -> None:
    """Raise unless the requester may replace what ``owner`` entered (None: nobody yet): the member
    who entered it, the person who started the session, or a group admin."""
    if owner is None or owner == req.user_id or is_manager(session, req):
        return
    raise ClubInputError(f"{what_zh}是别人记录的: 只有记录的人、开这场比赛的人或群管理员可以改。"
                         "记错了请告诉他们; 你自己记录的可以直接再发一次改。",
                         f"{what_en} was entered by another member: only that member, the person who started "
                         "the session or a group admin may change it. Tell one of them; what you entered "
                         "yourself you change by sending it again.")
