"""A defined term (chapter 1) as an answer, with buttons to the laws its definition refers to."""

from __future__ import annotations

from bot.chat.answers.buttons import MAX_REF_BUTTONS, button, rows
from bot.chat.context import ChatContext
from bot.chat.reply import Reply
from bot.chat.services import Services
from bot.chat.texts import say
from bot.rulebook.model import clause_label


def definition_reply(services: Services, definition, lang: str, context: ChatContext | None = None) -> Reply:
    """The definition of ``definition.term``; the chat's context (when given) is now about the term."""
    text = services.definition_text(definition)
    heading, _, body = text.partition("\n")
    if not heading.startswith(definition.term):
        # The renderer did not start with its own heading: make one.
        heading, body = definition.term + (f" ({definition.en})" if definition.en else ""), text
    if context is not None:
        context.law, context.clause, context.next_page, context.term = None, None, None, definition.term
    title = f"{say('definition', lang)} · {heading}"
    refs = [button(say("see", lang, label=clause_label(r)), f"/law {r}") for r in definition.refs[:MAX_REF_BUTTONS]]
    return Reply(title=title, body=body, buttons=rows(refs), refers_to=definition.term)
