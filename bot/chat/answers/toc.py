"""The table of contents: the chapters, the laws of one, the defined terms."""

from __future__ import annotations

from bot.chat.answers.buttons import button, rows
from bot.chat.reply import CALLBACK_BYTES, Reply
from bot.chat.texts import say
from bot.rulebook.model import number_ranges


def toc_reply(rulebook, args: str, lang: str) -> Reply:
    """The table of contents: chapters as buttons; ``/toc 6`` the laws of the sixth chapter
    listed, ``/toc 1`` the defined terms."""
    book = rulebook
    chapters = chapter_list(book)
    args = args.strip()
    if args.isdigit() and 1 <= int(args) <= len(chapters):
        name, numbers = chapters[int(args) - 1]
        back = (button(say("toc_back", lang), "/toc"),)
        if not numbers:
            terms = [button(d.term, f"/define {d.term}") for d in book.definitions
                     if len(f"/define {d.term}".encode()) <= CALLBACK_BYTES]
            return Reply(title=name, body=say("toc_definitions", lang, n=len(terms)),
                         buttons=rows(terms) + (back,))
        laws = [book.law(n) for n in numbers if book.law(n) is not None]
        buttons = tuple((button(f"第{law.number}条 {law.title}", f"/law {law.number}"),) for law in laws)
        return Reply(title=name, body=say("toc_laws", lang, n=len(laws)), buttons=buttons + (back,))
    buttons = []
    for i, (name, numbers) in enumerate(chapters, 1):
        span = f" (第{number_ranges(numbers)}条)" if numbers else f" ({len(book.definitions)})"
        buttons.append((button(name + span, f"/toc {i}"),))
    body = say("toc_chapters", lang)
    if args.isdigit():
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
            chapters.append((chapter.get("name", "").strip() or "—", numbers))
    rest = [n for n in book.numbers if n not in listed]
    if rest:
        chapters.append(("其他", rest))
    return chapters
