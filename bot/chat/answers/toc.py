"""The table of contents: the chapters, the laws of one, the defined terms."""

from __future__ import annotations

from bot.chat.answers.buttons import button, rows
from bot.chat.guard import ascii_number
from bot.chat.reply import CALLBACK_BYTES, Reply
from bot.chat.texts import say
from bot.rulebook.model import number_ranges

# A phone shows about eight one-button rows without scrolling: a chapter with more laws is paged.
LAWS_PER_PAGE = 8
# A chapter whose Chinese title no source prints (chapter IV) carries the 1997 Laws' English title in the
# rulebook (corpus/corrections.yaml ``chapter_titles_en``): shown marked as the English title, never translated.
ENGLISH_TITLE_MARK = "(英文标题)"


def toc_reply(rulebook, args: str, lang: str) -> Reply:
    """The table of contents: chapters as buttons; ``/toc 6`` the laws of the sixth chapter
    listed (``/toc 6 2`` its second page of :data:`LAWS_PER_PAGE`), ``/toc 1`` the defined terms."""
    book = rulebook
    chapters = chapter_list(book)
    args, _, page_text = args.strip().partition(" ")
    number = ascii_number(args, 0, 10 ** 12)  # never int() of 「²」, which isdigit() lets through
    if number is not None and 1 <= number <= len(chapters):
        name, numbers = chapters[number - 1]
        back = (button(say("toc_back", lang), "/toc"),)
        if not numbers:
            terms = [button(d.term, f"/define {d.term}") for d in book.definitions
                     if len(f"/define {d.term}".encode()) <= CALLBACK_BYTES]
            return Reply(title=name, body=say("toc_definitions", lang, n=len(terms)),
                         buttons=rows(terms) + (back,))
        laws = [book.law(n) for n in numbers if book.law(n) is not None]
        pages = max(1, -(-len(laws) // LAWS_PER_PAGE))
        page = min(max(ascii_number(page_text.strip(), 0, 10 ** 12) or 1, 1), pages)
        shown = laws[(page - 1) * LAWS_PER_PAGE: page * LAWS_PER_PAGE]
        buttons = tuple((button(f"第{law.number}条 {law.title}", f"/law {law.number}"),) for law in shown)
        turn = []
        if page > 1:
            turn.append(button(say("toc_prev", lang), f"/toc {args} {page - 1}"))
        if page < pages:
            turn.append(button(say("toc_next", lang), f"/toc {args} {page + 1}"))
        body = say("toc_laws", lang, n=len(laws))
        if ENGLISH_TITLE_MARK in name:
            body = say("toc_english_title", lang) + "\n" + body
        if pages > 1:
            body += " " + say("toc_page", lang, page=page, pages=pages)
        return Reply(title=name, body=body, buttons=buttons + ((tuple(turn),) if turn else ()) + (back,))
    buttons = []
    for i, (name, numbers) in enumerate(chapters, 1):
        span = f" (第{number_ranges(numbers)}条)" if numbers else f" ({len(book.definitions)})"
        # (an English title is too long for a phone's button: the chapter's page shows it whole)
        label = f"{name.partition(' ')[0]}{span} {ENGLISH_TITLE_MARK}" if ENGLISH_TITLE_MARK in name else name + span
        buttons.append((button(label, f"/toc {i}"),))
    body = say("toc_chapters", lang)
    if number is not None:
        body = say("toc_no_chapter", lang, n=args, count=len(chapters)) + "\n" + body
    return Reply(title=say("toc_title", lang, edition=book.edition), body=body, buttons=tuple(buttons))


def chapter_list(book) -> list[tuple[str, list[int]]]:
    """(name, law numbers) of each chapter, 第一章 定义 first (with no laws)."""
    chapters = [("第一章 定义", [])] if book.definitions else []
    listed: set[int] = set()
    for chapter in book.chapters:
        numbers = [n for n in chapter.get("laws", ()) if book.law(n) is not None]
        listed.update(numbers)
        if numbers:
            name = chapter.get("name", "").strip() or "—"
            title_en = chapter.get("title_en")
            chapters.append((f"{name} {ENGLISH_TITLE_MARK} {title_en}" if title_en else name, numbers))
    rest = [n for n in book.numbers if n not in listed]
    if rest:
        chapters.append(("其他", rest))
    return chapters
