"""Going on from the last answer: the next page (``/more``), the law before or after (``/next``,
``/prev``), and a follow-up word (「全文」, 「下一条」) read against the chat's context."""

from __future__ import annotations

from dataclasses import replace

from bot.chat.answers.definitions import definition_reply
from bot.chat.answers.laws import law_reply, nav_buttons
from bot.chat.answers.plain import note
from bot.chat.context import ChatContext
from bot.chat.guard import ascii_number
from bot.chat.reply import Reply
from bot.chat.services import Services
from bot.chat.texts import say
from bot.rulebook.model import number_ranges, split_clause_id

MAX_LAW_NUMBER = 999  # /next and /prev take a law number; larger ones are typos
MAX_PAGE = 999


def follow_up(services: Services, kind: str, word: str, context: ChatContext, lang: str) -> Reply:
    """A follow-up (``kind`` "more", "next", "prev" or "full", typed as ``word``) about the last answer."""
    if kind == "more" and context.next_page:
        return more(services, context.next_page.split(" ", 1)[1], context, lang)
    if context.law is None:
        if context.term is not None:
            definition = services.rulebook.definition(context.term)
            if definition is not None:
                said = say("definition_whole", lang, term=definition.term)
                return replace(definition_reply(services, definition, lang, context), body=said, title="")
        return note("pick_first" if context.choices else "no_context", lang, word=word)
    if kind in ("next", "prev"):
        return step(services, kind, str(context.law), context, lang)
    if kind in ("more", "full") and context.whole and context.clause is None:
        # 全文 after a law already shown whole: say so rather than send it again.
        reply = note("law_whole", lang, law=context.law)
        return replace(reply, buttons=(nav_buttons(services, context.law, lang),), refers_to=str(context.law))
    return law_reply(services, context.law, None, 1, context, lang, whole=True)


def step(services: Services, direction: str, args: str, context: ChatContext, lang: str) -> Reply:
    """``/next N`` / ``/prev N``: the law present after (before) law N, saying which were skipped."""
    current = ascii_number(args, 0, MAX_LAW_NUMBER)
    if current is None:
        return note("usage_step", lang, name=direction)
    numbers = services.rulebook.numbers
    if direction == "next":
        later = [n for n in numbers if n > current]
        if not later:
            return note("last_law", lang, law=current)
        target, skipped = later[0], list(range(current + 1, later[0]))
    else:
        earlier = [n for n in numbers if n < current]
        if not earlier:
            return note("first_law", lang, law=current)
        target, skipped = earlier[-1], list(range(earlier[-1] + 1, current))
    reply = law_reply(services, target, None, 1, context, lang)
    if skipped and services.rulebook.law(target) is not None:
        said = say("skipped_laws", lang, laws=number_ranges(skipped))
        reply = replace(reply, body=said + "\n" + reply.body)
    return reply


def more(services: Services, args: str, context: ChatContext, lang: str) -> Reply:
    """``/more 50 2``: page 2 of law 50 (or of a clause)."""
    parts = args.split()
    page = ascii_number(parts[1], 1, MAX_PAGE) if len(parts) == 2 else None
    if page is None:
        return note("usage_more", lang)
    try:
        number = split_clause_id(parts[0])[0]
    except ValueError:
        return note("usage_more", lang)
    clause_id = parts[0] if parts[0] != str(number) else None
    return law_reply(services, number, clause_id, page, context, lang)
