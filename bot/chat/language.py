"""Which language a message is written in, and a reply put into traditional characters for a user
who writes them."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.base.textnorm import to_traditional
from bot.chat.reply import Button, Reply

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Four letters make an English word; shorter ones (NT, vul, x) are usually bridge notation.
ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}|\b(?:law|laws|the|what|how|why|who|is|are|can|may|does|do|hi|hey|all|bye|thx|got|see)\b", re.I)


def detect_lang(text: str, fallback: str = "zh") -> str:
    """"zh" for text with Chinese characters, "en" for text with an English word, else ``fallback``."""
    if CJK.search(text):
        return "zh"
    if ENGLISH_WORD.search(text):
        return "en"
    return fallback


def localise(reply: Reply, traditional: bool) -> Reply:
    """``reply`` with its title, body, highlights and button labels in traditional characters
    when ``traditional``; else unchanged."""
    if not traditional:
        return reply
    return replace(
        reply,
        title=to_traditional(reply.title),
        body=to_traditional(reply.body),
        highlights=tuple(to_traditional(w) for w in reply.highlights),
        buttons=tuple(tuple(Button(to_traditional(b.label), b.data) for b in row) for row in reply.buttons),
    )
