"""A search hit (or a reference) as an answer: its reply, and its button among the alternatives."""

from __future__ import annotations

from dataclasses import replace

from bot.chat.answers.buttons import button
from bot.chat.answers.definitions import definition_reply
from bot.chat.answers.laws import law_reply
from bot.chat.context import ChatContext
from bot.chat.reply import Button, Reply
from bot.chat.services import Services
from bot.rulebook.model import clause_label

ALTERNATIVES = 2


def defines_a_named_word(hit) -> bool:
    """The hit is the definition of a word the question names: no unrelated match, however unsure the
    search is that the word's meaning is what was asked (「超墩是多打的那几墩吗」)."""
    return getattr(hit, "law", None) == 0 and getattr(hit, "term", None) in (getattr(hit, "matched", None) or ())


def target_reply(services: Services, law_no: int, clause: str | None, term: str, lang: str,
                 highlights: tuple[str, ...] = (), context: ChatContext | None = None) -> Reply | None:
    """The answer for a search hit or reference: a definition (law 0) or a law/clause."""
    context = context if context is not None else ChatContext()
    if law_no == 0:
        definition = services.rulebook.definition(term)
        if definition is None:
            return None
        return replace(definition_reply(services, definition, lang, context), highlights=highlights)
    if services.rulebook.law(law_no) is None:
        return None
    clause_id = clause if clause and clause != str(law_no) else None
    return replace(law_reply(services, law_no, clause_id, 1, context, lang, whole=False, words=highlights),
                   highlights=highlights)


def hit_label(hit) -> str:
    """A hit's button label: the term, or the clause and its title (「50D2 罚张的处理」)."""
    if hit.law == 0:
        return f"{hit.term}"
    # The clause's own title, not its parents' (「同伴间的协议 · 解释者的同伴发觉解释有误」): the full
    # title is in the text the button answers with.
    short = (hit.title or "").split(" · ")[-1]
    return f"{clause_label(hit.clause or str(hit.law))} {short}".strip()


def hit_command(hit) -> str:
    """The command a hit's button sends: ``/define TERM`` or ``/law CLAUSE``."""
    if hit.law == 0:
        return f"/define {hit.term}"
    return f"/law {hit.clause or hit.law}"


def hit_button(hit) -> Button:
    """The button that answers ``hit``."""
    return button(hit_label(hit), hit_command(hit))
