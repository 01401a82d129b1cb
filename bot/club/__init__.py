"""Club sessions in a group chat: record a pairs session (Mitchell or Howell) or a teams match, then
get travellers with the hand records, standings, the match result in IMPs and VPs, and CSV/PBN files.

The chat core calls :func:`handle_command` for ``/session``, ``/r``, ``/undo``, ``/redo``, ``/traveller``,
``/standings``, ``/export``, ``/import``, ``/pair``, ``/team`` and ``/hands``; everything else
here is internal."""

from __future__ import annotations

import logging

from bot.club.commands import HANDLERS, PREPARE, ClubReply, Request
from bot.base.errors import ClubInputError
from bot.club.store import ClubStore, default_store

__all__ = ["COMMANDS", "ClubReply", "ClubStore", "handle_command"]

COMMANDS = tuple(HANDLERS)
MAX_ARGS = 2000
log = logging.getLogger(__name__)


def handle_command(command: str, args: str, chat_id: int | str, user_id: int | str, user_is_admin: bool,
                   lang: str, attachment: bytes | None = None, store: ClubStore | None = None) -> ClubReply:
    """Carry out one club command and return the reply; never raises.

    ``command`` is one of :data:`COMMANDS` (no slash); ``args`` the rest of the message;
    ``lang`` ``"zh"`` or ``"en"``; ``attachment`` the bytes of a file sent with ``/import``;
    ``store`` defaults to the process's store on ``$BRIDGEBOT_DB`` (``./bridgebot.db``).
    Each command is one transaction: a mistake leaves everything recorded as it was."""
    lang = "en" if lang == "en" else "zh"
    name = (command or "").lower().lstrip("/")
    handler = HANDLERS.get(name)
    if handler is None:
        listed = " ".join(f"/{name}" for name in COMMANDS)
        return ClubReply(f"Club commands: {listed}" if lang == "en" else f"比赛命令: {listed}")
    args = args or ""
    if len(args) > MAX_ARGS:
        error = ClubInputError(f"输入太长 ({len(args)} 个字符, 最多 {MAX_ARGS})。例如 /r 5 1-3 4S+1 N",
                               f"The text is too long ({len(args)} characters, at most {MAX_ARGS}); "
                               "e.g. /r 5 1-3 4S+1 N")
        return ClubReply(error.message(lang))
    request = Request(args=args, chat_id=str(chat_id), user_id=str(user_id), user_is_admin=bool(user_is_admin),
                      lang=lang, attachment=attachment)
    try:
        store = store if store is not None else default_store()
        if name in PREPARE:
            request = PREPARE[name](store, request)  # the slow part, while other chats' commands go on
        with store.transaction(chat_id):
            return handler(store, request)
    except ClubInputError as err:
        return ClubReply(err.message(lang))
    except Exception:
        log.exception("club command /%s failed (chat %s)", command, chat_id)
        return ClubReply("Something went wrong; nothing was changed. Please try again." if lang == "en"
                         else "出了点问题, 没有做任何改动。请再试一次。")
