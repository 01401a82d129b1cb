"""Guards at the edge of the chat: clean the text people send, read the numbers they type, and
keep one member from flooding the bot.

Nothing here knows Telegram; the transports and the core call these before doing any work.
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

from bot.base.inputs import ascii_number  # noqa: F401  (the chat reads numbers through guard)

# Lone surrogates (OpenCC and every encoder refuse them) and control characters other than
# tab and newline (NUL, BEL, ESC … never mean anything in a chat message), and U+FFFD, what
# an undecodable byte became.
_UNSAFE = re.compile(r"[\ud800-\udfff\x00-\x08\x0b-\x1f\x7f-\x9f\ufffd]")


def clean_text(text: str) -> str:
    """``text`` without lone surrogates and control characters (tab and newline stay)."""
    return _UNSAFE.sub("", text or "")


class FloodGuard:
    """Token buckets per member, with a looser ceiling per chat.

    A member may send ``burst`` messages at once, then one every ``interval`` seconds; a whole
    chat ``chat_burst`` at once, then one every ``chat_interval`` seconds.  :meth:`check`
    answers ``"ok"`` (answer it), ``"warn"`` (the member's first message over the limit: tell
    that member once) or ``"drop"`` (stay silent).  Essential messages (club results) are
    always ``"ok"``: they still spend tokens, so chatter right after them waits, but they are
    never dropped."""

    def __init__(self, burst: int = 6, interval: float = 2.0, chat_burst: int = 40, chat_interval: float = 0.25,
                 clock: Callable[[], float] = time.monotonic, max_keys: int = 20_000):
        self.burst, self.interval = burst, interval
        self.chat_burst, self.chat_interval = chat_burst, chat_interval
        self._clock = clock
        self._max_keys = max_keys
        # key → (tokens, last time, warned since the last accepted message)
        self._buckets: OrderedDict[Hashable, tuple[float, float, bool]] = OrderedDict()

    def check(self, chat_id: Hashable, user_id: Hashable, essential: bool = False) -> str:
        """Spend one token of the member's and of the chat's bucket; see the class docstring."""
        now = self._clock()
        user_key, chat_key = ("user", chat_id, user_id), ("chat", chat_id)
        user_tokens, user_warned = self._refill(user_key, now, self.burst, self.interval)
        chat_tokens, _ = self._refill(chat_key, now, self.chat_burst, self.chat_interval)
        if essential or (user_tokens >= 1 and chat_tokens >= 1):
            self._store(user_key, max(user_tokens - 1, 0.0), now, False)
            self._store(chat_key, max(chat_tokens - 1, 0.0), now, False)
            return "ok"
        self._store(chat_key, chat_tokens, now, False)
        self._store(user_key, user_tokens, now, True)
        return "drop" if user_warned else "warn"

    def _refill(self, key: Hashable, now: float, burst: int, interval: float) -> tuple[float, bool]:
        tokens, last, warned = self._buckets.pop(key, (float(burst), now, False))
        return min(float(burst), tokens + (now - last) / interval), warned

    def _store(self, key: Hashable, tokens: float, now: float, warned: bool) -> None:
        self._buckets[key] = (tokens, now, warned)
        while len(self._buckets) > self._max_keys:
            self._buckets.popitem(last=False)
