"""Inline-mode results: one item per clause or term a query found, each with its answer."""

from __future__ import annotations

from dataclasses import replace

from bot.base.textnorm import to_traditional
from bot.chat.answers.hits import target_reply
from bot.chat.language import localise
from bot.chat.reply import InlineItem
from bot.chat.services import Services


def inline_items(services: Services, targets, lang: str, traditional: bool) -> list[InlineItem]:
    """An item for each of ``targets`` — ``(law, clause, term, matched words, snippet)`` — that has
    an answer, each answer once and without its buttons."""
    items = []
    seen = set()
    for law, clause, term, matched, snippet in targets:
        reply = target_reply(services, law, clause, term, lang, highlights=matched)
        if reply is None or reply.refers_to in seen:
            continue
        seen.add(reply.refers_to)
        reply = localise(replace(reply, buttons=(), lang=lang), traditional)
        description = snippet or reply.body.strip().split("\n", 1)[0]
        items.append(InlineItem(
            id=reply.refers_to.encode()[:64].decode(errors="ignore"),
            title=reply.title,
            description=(to_traditional(description) if traditional else description)[:120],
            reply=reply,
        ))
    return items
