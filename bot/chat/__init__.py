"""The chat: one transport-agnostic core that turns a message into a :class:`Reply`, and the thin
transports over it (``console``, ``telegram_bot``).

``core`` never imports telegram and routes each message to a renderer of ``answers``; ``services``
wires the answer areas (rulebook, search, scoring, club) into it; ``reply`` holds the
transport-neutral reply types; ``html`` renders them for Telegram.
The transports are not imported here, so the core loads without python-telegram-bot.
"""

from bot.chat.core import Core
from bot.chat.reply import Button, ChatMessage, InlineItem, Reply
from bot.chat.services import Services

__all__ = ["Core", "Button", "ChatMessage", "InlineItem", "Reply", "Services"]
