"""The club bridge: a club command handed to :mod:`bot.club` and its answer as a reply."""

from __future__ import annotations

from bot.chat.answers.buttons import button
from bot.chat.answers.plain import note
from bot.chat.reply import ChatMessage, Reply
from bot.chat.services import Services
from bot.chat.texts import say


def club_reply(services: Services, command: str, args: str, message: ChatMessage, lang: str) -> Reply:
    """The club's answer to ``/command args`` from the message's chat and user, with its file and buttons."""
    if services.club is None:
        return note("unavailable", lang, what=say("club_feature", lang))
    answer = services.club(
        command, args,
        chat_id=message.chat_id,
        user_id=message.user_id,
        user_is_admin=message.user_is_admin,
        lang=lang,
        attachment=message.attachment,
    )
    rows = getattr(answer, "buttons", ())  # a club reply may offer buttons (delete confirmation)
    buttons = tuple(tuple(button(label, data) for label, data in row) for row in rows)
    return Reply(body=answer.text, document=answer.document, buttons=buttons)
