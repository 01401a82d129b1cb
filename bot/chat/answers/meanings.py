"""What a word means: ``/define``, and 「X是什么意思」 about a term chapter 1 does not define —
answered from the clause whose text says what X is."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.base.textnorm import normalize_query, to_simplified
from bot.chat.answers.buttons import button
from bot.chat.answers.definitions import definition_reply
from bot.chat.answers.hits import ALTERNATIVES, hit_button, target_reply
from bot.chat.answers.laws import nav_buttons
from bot.chat.answers.plain import note
from bot.chat.context import ChatContext
from bot.chat.language import CJK
from bot.chat.reply import Reply
from bot.chat.services import Services
from bot.chat.texts import say
from bot.rulebook.excerpt import defining_clauses, law_excerpt

# What a definition question leaves around its term (「明手的定义是啥」 → 明手的定义), and a frame
# the search does not read as one ("what counts as a claim").
_FRAME_WORDS = re.compile(r"(?:的定义|的意思|的含义|的概念)$")
_COUNTS_AS = re.compile(r"^(?:what|which)\s+(?:counts|is counted|is considered|qualifies)\s+as\s+(?:an? |the )?(.+)$")


def define(services: Services, term: str, context: ChatContext, lang: str) -> Reply:
    """``/define TERM``: its definition; else where the rulebook uses the word; else some defined terms."""
    book = services.rulebook
    definition = book.definition(to_simplified(term))
    hits = []
    if definition is None and services.ask is not None:
        # asked as what the word means, so that a law defining it in so many words comes first
        # (/define 罚张 → Law 50's 「…均为罚张」, not the clause titled 罚张)
        asked = f"{term}是什么意思" if CJK.search(term) else f"what is {term}"
        hits = list(services.search(to_simplified(asked), k=10).hits)
        # a definition only when the search puts it first: 「不足叫牌」 is 18D's, not 叫牌's
        definition = book.definition(hits[0].term) if hits and hits[0].law == 0 else None
    if definition is not None:
        return definition_reply(services, definition, lang, context)
    used = [h for h in hits if h.law != 0]
    if used:
        # Not a defined term: say so and show where the rulebook uses it (飞牌 → 70E).
        top = used[0]
        reply = target_reply(services, top.law, top.clause, "", lang, tuple(top.matched), context)
        if reply is not None:
            others = tuple((hit_button(h),) for h in used[1 : 1 + ALTERNATIVES])
            said = say("not_defined_used", lang, term=term[:40])
            return replace(reply, body=said + "\n" + reply.body, buttons=others + reply.buttons)
    some = "、".join(d.term for d in book.definitions[:8])
    return note("no_definition", lang, term=term[:40], some=some)


def undefined_term(services: Services, query: str, hits: list, context: ChatContext, lang: str,
                   from_text_only: bool = False) -> Reply | None:
    """For 「X是什么意思」 about a term chapter 1 does not define: say so, and show where the law
    says what X is (罚张 → the stem of Law 50 and 50B: among the hits, the law whose text says
    it), else the best clause.  With ``from_text_only`` (an unsure search) only a definition
    or a clause whose text says what X is will do: no fallback to the best clause."""
    subject = definition_subject(services, query)
    top = hits[0]
    if top.law == 0 or not subject:
        return None
    defined = services.rulebook.definition(subject)
    if defined is not None:
        # A defined term the search did not lead with: the definition still comes first.
        return definition_reply(services, defined, lang, context)
    law, focus = defining_law(services, subject, hits)
    if law is None:
        return None
    said = say("not_defined", lang, term=subject[:40])
    if not focus:
        if from_text_only:
            return None
        reply = target_reply(services, top.law, top.clause, top.term, lang, tuple(top.matched), context)
        return reply and replace(reply, body=said + "\n" + reply.body)
    excerpt = law_excerpt(law, focus)
    heading, _, body = excerpt.text.partition("\n")
    context.law, context.clause, context.term, context.whole = law.number, None, None, excerpt.complete
    context.next_page = None
    rows = [] if excerpt.complete else [(button(say("full", lang), f"/law {law.number}"),)]
    return Reply(title=heading, body=said + "\n" + body, highlights=tuple(top.matched) or (subject,),
                 buttons=tuple(rows) + (nav_buttons(services, law.number, lang),), refers_to=str(law.number))


def defining_law(services: Services, subject: str, hits: list) -> tuple:
    """The law among the hits (best first) whose clauses say what ``subject`` is, and those
    clauses; else the best hit's law and the clauses saying what one of its matched words is."""
    laws = [law for law in (services.rulebook.law(h.law) for h in hits if h.law) if law is not None]
    # The law saying what the term itself is (「均为罚张」) before one saying what a kind of
    # it is (「均成为重罚张」); then all that law's clauses saying either.
    for gap in (0, 4):
        for law in laws:
            if defining_clauses(law, subject, gap):
                return law, defining_clauses(law, subject)
    if not laws or laws[0].number != hits[0].law:
        return None, ()
    for word in hits[0].matched:
        focus = defining_clauses(laws[0], word)
        if focus:
            return laws[0], focus
    return laws[0], ()


def definition_subject(services: Services, query: str) -> str | None:
    """The X of a definition question (「X是什么意思」, "what counts as X"), or None."""
    text = normalize_query(query)
    subject = services.definition_subject(text) if services.definition_subject else None
    found = _COUNTS_AS.match(text.strip(" ?？"))
    subject = found.group(1) if found and not subject else subject
    # 「X的定义是啥」: the frame's own words may be left on the subject.
    return _FRAME_WORDS.sub("", subject).strip() or None if subject else None
