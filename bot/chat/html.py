"""Telegram HTML for a :class:`bot.chat.core.Reply`: every piece of text escaped, the title and the
matched words in ``<b>``, the aligned tables of Laws 2, 77 and 78 in ``<pre>`` (monospace)."""

from __future__ import annotations

import html
import re

from bot.chat.reply import PAGE_CHARS, Reply, paginate

TELEGRAM_LIMIT = 4096


def highlight(text: str, words) -> str:
    """``text`` escaped for HTML, with every occurrence of ``words`` wrapped in ``<b>``.

    Longer words win where two overlap, so 「罚张」 inside 「大罚张」 is not bolded twice."""
    words = sorted({w for w in words if w and w.strip()}, key=len, reverse=True)
    if not words:
        return html.escape(text, quote=False)
    pattern = re.compile("|".join(re.escape(w) for w in words), re.IGNORECASE)
    out, last = [], 0
    for m in pattern.finditer(text):
        out.append(html.escape(text[last : m.start()], quote=False))
        out.append(f"<b>{html.escape(m.group(), quote=False)}</b>")
        last = m.end()
    out.append(html.escape(text[last:], quote=False))
    return "".join(out)


# A table row: cells separated by two or more spaces (prose has single spaces, or none in Chinese).
_TABLE_ROW = re.compile(r"\S {2,}\S")
_GAP = re.compile(r"\S {2,}(?=\S)")
# Inside a table, a line indented by three spaces or more belongs to the row above (a pair's names).
_UNDER_ROW = re.compile(r"^ {3,}\S")


def _table_runs(lines: list[str]) -> list[bool]:
    """Which lines are monospace: runs of table rows (and the indented lines among them) where some
    row has three cells or more.  A score's line with its items after two spaces (「北 +650  (墩分
    …)」) is one gap, not a table: it stays text, which a phone wraps."""
    mono = [False] * len(lines)
    i = 0
    while i < len(lines):
        if not _TABLE_ROW.search(lines[i]):
            i += 1
            continue
        j = i
        while j < len(lines) and (_TABLE_ROW.search(lines[j]) or (j > i and _UNDER_ROW.match(lines[j]))):
            j += 1
        while j > i + 1 and not _TABLE_ROW.search(lines[j - 1]) and not _UNDER_ROW.match(lines[j - 1]):
            j -= 1
        if any(len(_GAP.findall(line)) >= 2 for line in lines[i:j]):
            mono[i:j] = [True] * (j - i)
        i = j
    return mono


def body_html(text: str, words=()) -> str:
    """``text`` as HTML: each table (runs of aligned rows, a pair's names under its row included) in
    one ``<pre>`` (escaped only: Telegram allows no bold inside), every other line escaped with
    ``words`` in bold."""
    lines = text.split("\n")
    out: list[str] = []
    table: list[str] = []
    for line, mono in zip(lines, _table_runs(lines)):
        if mono:
            table.append(line)
            continue
        if table:
            out.append("<pre>" + html.escape("\n".join(table), quote=False) + "</pre>")
            table = []
        out.append(highlight(line, words))
    if table:
        out.append("<pre>" + html.escape("\n".join(table), quote=False) + "</pre>")
    return "\n".join(out)


def reply_html(reply: Reply) -> str:
    """The reply as Telegram HTML: a bold title line, then the body with matched words bold."""
    body = body_html(reply.body, reply.highlights)
    if not reply.title:
        return body
    return f"<b>{html.escape(reply.title, quote=False)}</b>\n{body}"


def reply_messages(reply: Reply, limit: int = TELEGRAM_LIMIT) -> list[str]:
    """The reply as one or more HTML messages of at most ``limit`` characters, split between
    lines (a long club standings table, say); the title goes on the first."""
    whole = reply_html(reply)
    if len(whole) <= limit:
        return [whole]
    chunks = paginate([reply.body], min(PAGE_CHARS, limit // 2))
    messages = [body_html(chunk, reply.highlights) for chunk in chunks]
    if reply.title:
        messages[0] = f"<b>{html.escape(reply.title, quote=False)}</b>\n{messages[0]}"
    return messages
