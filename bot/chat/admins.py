"""Who administers a Telegram chat: asked of Telegram (getChatMember) and kept a short while, per replica."""

from __future__ import annotations

import time

from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError


class AdminCache:
    """Who administers which chat, asked of Telegram (getChatMember) and kept ``ttl`` seconds."""

    def __init__(self, ttl: float = 60.0, clock=time.monotonic, max_entries: int = 10_000):
        self.ttl = ttl
        self._clock = clock
        self._max_entries = max_entries
        self._known: dict[tuple[int, int], tuple[float, bool]] = {}

    async def is_admin(self, bot, chat_id: int, user_id: int) -> bool:
        """True when Telegram says ``user_id`` is an administrator or the owner of ``chat_id``;
        False when it says otherwise or cannot be asked (never cached then)."""
        key, now = (chat_id, user_id), self._clock()
        known = self._known.get(key)
        if known is not None and now - known[0] < self.ttl:
            return known[1]
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramError:
            return False
        answer = member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
        if len(self._known) >= self._max_entries:
            self._known.clear()
        self._known[key] = (now, answer)
        return answer
