"""The one exception for mistakes a user can make with a club command."""

from __future__ import annotations


class ClubInputError(ValueError):
    """A club command that cannot be carried out, with a friendly message in Chinese and English.

    Each message says what to type instead, with an example, so the chat can show it as it is."""

    def __init__(self, message_zh: str, message_en: str) -> None:
        super().__init__(message_zh)
        self.message_zh = message_zh
        self.message_en = message_en

    def message(self, lang: str = "zh") -> str:
        """The message in ``lang`` ("en" for English, anything else Chinese)."""
        return self.message_en if lang == "en" else self.message_zh
