"""The club bridge: a club command handed to :mod:`bot.club` and its answer as a reply."""

from __future__ import annotations

from bot.chat.answers.buttons import button
from bot.chat.answers.plain import note
from bot.chat.reply import PAGE_CHARS, ChatMessage, Reply
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
    text, document = answer.text, answer.document
    if len(text) > REPORT_MESSAGES * PAGE_CHARS and document is None:
        text, document = _as_document(services, text, message, lang)
    rows = getattr(answer, "buttons", ())  # a club reply may offer buttons (delete confirmation)
    buttons = tuple(tuple(button(label, data) for label, data in row) for row in rows)
    return Reply(body=text, document=document, buttons=buttons)


# A report longer than this many messages goes as a file with a summary: at a group's ~20
# messages a minute, 61 messages of standings kept every other answer waiting two minutes.
REPORT_MESSAGES = 3
SUMMARY_HEAD, SUMMARY_TAIL = 8, 3


def _as_document(services: Services, text: str, message: ChatMessage, lang: str) -> tuple[str, tuple[str, bytes]]:
    """A long report as the session's results page (the report itself as text when there is none) and a
    summary: its first lines (the title and the top), its last (the bottom), the asker's own lines."""
    page = services.club("export", "html", chat_id=message.chat_id, user_id=message.user_id,
                         user_is_admin=message.user_is_admin, lang=lang, attachment=None)
    document = page.document or ("report.txt", text.encode("utf-8"))
    lines = [line for line in text.split("\n") if line.strip()]
    head, tail = lines[:SUMMARY_HEAD], lines[SUMMARY_HEAD:][-SUMMARY_TAIL:]
    summary = "\n".join(head + (["…"] if len(lines) > SUMMARY_HEAD + SUMMARY_TAIL else []) + tail)
    summary = summary[: PAGE_CHARS - 200]
    told = say("report_as_file", lang, lines=len(lines), name=document[0])
    return f"{summary}\n\n{told}", document
