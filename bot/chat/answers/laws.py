"""A law or a clause as an answer: the excerpt or the law a page at a time, with buttons for the
laws it refers to, the rest of it (全文) and the laws before and after it."""

from __future__ import annotations

from bot.chat.answers.buttons import MAX_REF_BUTTONS, button, rows
from bot.chat.answers.plain import note
from bot.chat.context import ChatContext
from bot.chat.reply import Button, Reply, paginate
from bot.chat.services import Services
from bot.chat.texts import say
from bot.rulebook.excerpt import BUDGET, clause_excerpt, law_excerpt
from bot.rulebook.model import Law, clause_label, number_ranges, split_clause_id


def law_reply(services: Services, number: int, clause_id: str | None, page: int, context: ChatContext, lang: str,
              whole: bool = True, words: tuple[str, ...] = ()) -> Reply:
    """Law ``number`` (page ``page``), or clause ``clause_id`` as an excerpt.  ``whole=False``
    (a search answer about a whole law, or a law asked for in a group) shows a long law as its
    outline — its governing part, a table law's sections holding the ``words`` the question
    matched — 全文 one tap away (``/full N``, the whole law wherever it is asked)."""
    book = services.rulebook
    law = book.law(number)
    if law is None:
        titles = services.missing_title(number) if services.missing_title else None
        title = "" if not titles else f"({titles[0]})" if lang == "zh" else f" ({titles[1]})"
        present = number_ranges(book.numbers)
        return note("law_missing", lang, law=number, title=title,
                    present=present if lang == "zh" else present.replace("、", ", "))
    prefix = ""
    if clause_id and law.clause(clause_id) is None:
        prefix = say("clause_missing", lang, law=number, clause=clause_id) + "\n"
        clause_id = None
    pages, complete = law_pages(services, law, clause_id, whole, words)
    page = min(max(page, 1), len(pages))
    heading, _, first_body = pages[0].partition("\n")
    context.law, context.clause, context.term = number, clause_id, None
    context.whole = complete and len(pages) == 1
    target = clause_id or str(number)
    context.next_page = f"/more {target} {page + 1}" if page < len(pages) else None
    buttons = list(rows(ref_buttons(services, law, clause_id, lang)))
    if page < len(pages):
        buttons.append((button(say("more", lang, page=page + 1, pages=len(pages)), f"/more {target} {page + 1}"),))
    if not complete:
        buttons.append((button(say("full", lang), f"/full {number}"),))
    buttons.append(nav_buttons(services, number, lang))
    return Reply(
        title=heading if page == 1 else f"{heading} ({page}/{len(pages)})",
        body=prefix + (first_body if page == 1 else pages[page - 1]),
        buttons=tuple(row for row in buttons if row),
        refers_to=target,
    )


def law_pages(services: Services, law: Law, clause_id: str | None, whole: bool = True,
              words: tuple[str, ...] = ()) -> tuple[list[str], bool]:
    """The rendered law, its outline or a clause's excerpt in pages, and whether that is all of
    the law; the first line is the heading (「第50条D款2 罚张的处理」), which becomes the title."""
    if clause_id is not None:
        return paginate([clause_excerpt(law, clause_id).text]), False
    blocks = list(services.law_blocks(law))
    if not whole and sum(len(b) + 1 for b in blocks) > BUDGET:
        outline = law_excerpt(law, words=words)
        return paginate([outline.text]), outline.complete
    return paginate(blocks), True


def ref_buttons(services: Services, law: Law, clause_id: str | None, lang: str) -> list[Button]:
    """Buttons for the laws the shown text refers to (those present in the corpus)."""
    found = [r for c in (law.subtree(clause_id) if clause_id else law.clauses) for r in c.refs]
    if clause_id is None:
        found += law.refs
    refs: list[str] = []
    for ref in found:
        try:
            target = split_clause_id(ref)[0]
        except ValueError:
            continue
        if ref not in refs and target != law.number and services.rulebook.law(target) is not None:
            refs.append(ref)
    return [button(say("see", lang, label=clause_label(r)), f"/law {r}") for r in refs[:MAX_REF_BUTTONS]]


def nav_buttons(services: Services, number: int, lang: str) -> tuple[Button, ...]:
    """上一条 / 下一条: buttons to the laws present before and after law ``number``."""
    numbers = services.rulebook.numbers
    row = []
    if any(n < number for n in numbers):
        row.append(button(say("prev", lang), f"/prev {number}"))
    if any(n > number for n in numbers):
        row.append(button(say("next", lang), f"/next {number}"))
    return tuple(row)
