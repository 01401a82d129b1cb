"""The answer to a question from the search's result: the best clause with the next ones as
buttons, or the nearest ones to choose from, or a question back (who acted?), each led by a note
when the question's law is not in the corpus.  :func:`search_answer` decides which."""

from __future__ import annotations

from dataclasses import replace

from bot.chat.answers.buttons import button
from bot.chat.answers.hits import ALTERNATIVES, defines_a_named_word, hit_button, target_reply
from bot.chat.answers.meanings import undefined_term
from bot.chat.answers.plain import note
from bot.chat.context import ChatContext
from bot.chat.followups import ACTORS
from bot.chat.reply import Button, Reply
from bot.chat.services import Services
from bot.chat.texts import say
from bot.rulebook.model import clause_label

# Below this calibrated probability the best hit is most likely unrelated (「今天中午吃什么」):
# the reply says no rule was found rather than "not sure".
OFF_TOPIC = 0.1
# Clauses offered beside a note on a missing law
RELATED = 3


# What a search answer can show, decided once (:func:`search_answer`); ``bridgebot ask --json`` reports it.
SHOWN = ("answer", "likely", "choices", "clarify", "absent", "none")


def search_answer(services: Services, result, query: str, number: int, actor: str | None,
                  context: ChatContext, lang: str) -> Reply:
    """What the search ``result`` for ``query`` (question ``number`` of the chat, asked about
    ``actor`` or about nobody in particular) shows; see :func:`shown_answer`."""
    return shown_answer(services, result, query, number, actor, context, lang)[0]


def shown(services: Services, result, query: str, actor: str | None = None) -> str:
    """Which of :data:`SHOWN` the chat shows for ``result``: the same decision as :func:`search_answer`."""
    return shown_answer(services, result, query, 1, actor, ChatContext(), "zh")[1]


def shown_answer(services: Services, result, query: str, number: int, actor: str | None,
                 context: ChatContext, lang: str) -> tuple[Reply, str]:
    """The reply for ``result`` and which of :data:`SHOWN` it is:

    - ``answer``: the search is confident (or the question asks what a word means, and the text says it);
    - ``likely``: the best clause quoted under 「最可能相关：」, the next ones as buttons;
    - ``choices``: the nearest ones to choose from, titles only;
    - ``clarify``: a question back, when the answer hangs on who acted;
    - ``absent``: the question's law is not in the corpus: a note naming it, the laws near it as buttons;
    - ``none``: nothing in the rules is about it."""
    hits = list(result.hits)
    # Say first, plainly, when the law for the question is not in the corpus at all.
    ambiguous = getattr(result, "ambiguous", None)
    asks_who = ambiguous is not None and actor is None and bool(getattr(ambiguous, "options", None))
    # Beside 「亮牌的是庄家还是防家？」 a missing law is one reading, not the answer.
    missing = "".join(line + "\n" for line in absent_notes(services, result, query, lang, tentative=asks_who))
    if asks_who:
        offered_choices(context)
        return clarify(ambiguous, number, missing, lang), "clarify"
    top = hits[0] if hits else None
    if top is None:
        no_hits = note("no_hits", lang, query=query[:40])
        return replace(no_hits, body=missing + no_hits.body), "absent" if missing else "none"
    # 「X是什么意思」 is answered from the text itself (a definition, or the clause that says
    # 「…即成为X」), whatever the ranking's confidence.
    defined = undefined_term(services, query, hits, context, lang, from_text_only=not result.confident)
    likely = defined is None and not result.confident and not missing and bool(getattr(result, "likely", False))
    if defined is None and not result.confident and not likely:
        # Not even likely: the nearest answers are offered, one tap each — beside a missing law, the clauses
        # near it (related_buttons)
        options = (related_buttons(services, getattr(result, "absent", None) or (), hits) if missing
                   else tuple((hit_button(h),) for h in hits))
        probability = getattr(result, "probability", None)
        # Off topic: the search all but rules it out, or only single characters matched (「吃」 of 「今天中午吃什么」).
        matched = list(getattr(top, "matched", None) or [])
        single_chars = bool(matched) and all(len(w) == 1 for w in matched)
        # (a word the rules define among the words matched — 「对方没有alert」 met 提醒 — is no chat about lunch)
        terms = {d.term for d in services.rulebook.definitions}
        unrelated = (((probability is not None and probability < OFF_TOPIC) and not terms.intersection(matched))
                     or single_chars) and not defines_a_named_word(top)
        lead, kind = ("off_topic", "none") if unrelated and not missing else ("not_confident", "choices")
        # the law is missing: what follows is what the corpus has near it, not a guess at the answer
        lead, kind = ("related_present", "absent") if missing else (lead, kind)
        offered_choices(context)
        if missing and not options:
            return Reply(body=missing.rstrip("\n")), kind   # nothing near it but definitions: the note alone
        return Reply(body=missing + say(lead, lang), buttons=options), kind
    reply = defined or target_reply(services, top.law, top.clause, top.term, lang, tuple(top.matched), context)
    if reply is None:
        no_hits = note("no_hits", lang, query=query[:40])
        return replace(no_hits, body=missing + no_hits.body), "absent" if missing else "none"
    alternatives = tuple((hit_button(h),) for h in hits[1 : 1 + ALTERNATIVES])
    reply = replace(reply, body=missing + reply.body, buttons=alternatives + reply.buttons)
    if likely:
        # quoted as the best guess, not as the answer: the line that says so leads the title
        lead = say("likely", lang) + (" " if lang == "en" else "")
        return replace(reply, title=f"{lead}{reply.title}".strip()), "likely"
    return reply, "answer"


def related_buttons(services: Services, absent, hits) -> tuple[tuple[Button], ...]:
    """Beside a note on missing laws, what the corpus has near them: the search's clauses — never a word's
    definition matched on the word alone (「对方没跟花色怎么办」 met 花色) — and in the places left, the clauses
    whose text sends the reported ``absent`` laws' cases on (「藏牌怎么罚」: 67B1b refers to Law 64).  (Those
    come after the search's: a law cited for an aside, 90's procedural penalty in 13C, is no answer to
    "slow play".)"""
    found: dict[str, Button] = {}
    for hit in hits:
        if hit.law != 0:
            found.setdefault(hit.clause or str(hit.law), hit_button(hit))
    for law in absent:
        for clause, title in services.rulebook.citing(law.law):
            found.setdefault(clause, button(f"{clause_label(clause)} {title}".strip(), f"/law {clause}"))
    return tuple((b,) for b in list(found.values())[:RELATED])


def offered_choices(context: ChatContext) -> None:
    """The answer offers options: 「全文」 and 「下一条」 no longer go on from the law answered before it."""
    context.law, context.clause, context.term, context.next_page, context.whole = None, None, None, None, False
    context.choices = True


def absent_notes(services: Services, result, query: str, lang: str, tentative: bool = False) -> list[str]:
    """The notes saying the question's law is not in the corpus: from the result, else from the services."""
    absent = getattr(result, "absent", None)
    if absent is not None:
        return [absent_note(absent, lang, tentative)] if absent else []
    return list(services.missing_notes(query, lang))


def clarify(ambiguous, number: int, missing: str, lang: str) -> Reply:
    """The search cannot tell who acted: ask, one button per reading (「庄家」, 「防家」)."""
    question = getattr(ambiguous, "question_en" if lang == "en" else "question_zh", "") or say("which_actor", lang)
    buttons = []
    for option in ambiguous.options:
        actor = getattr(option, "actor", None)
        if actor not in ACTORS:
            continue
        label = getattr(option, "label_en" if lang == "en" else "label_zh", "") or actor
        buttons.append((button(label, f"/as {actor} {number}"),))
    return Reply(body=missing + question, buttons=tuple(buttons))


def absent_note(absent, lang: str, tentative: bool = False) -> str:
    """One line saying the question's law is not in the corpus; several close ones (a revoke's
    61–64) in the same line, so a phone shows one note, not three.  ``tentative``: the missing law
    is one reading of the question among others (the reply asks who acted), and the note says so."""
    if tentative:
        if lang == "en":
            laws = " or ".join(f"Law {t.law} ({t.en})" for t in absent)
            return f"Note: it may also be a matter for {laws}, not in this corpus."
        laws = "、".join(f"第{t.law}条({t.zh})" for t in absent)
        return f"提示：也可能属于{laws}，本语料未收录。"
    if len(absent) == 1:
        return absent[0].note(lang)
    if lang == "en":
        laws = " or ".join(f"Law {t.law} ({t.en})" for t in absent)
        return f"Note: this is a matter for {laws}, which are not in this corpus."
    laws = "、".join(f"第{t.law}条({t.zh})" for t in absent)
    return f"提示：这属于{laws}，本语料未收录。"
