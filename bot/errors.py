"""The one exception for mistakes a user can make in a score, IMP, matchpoint or board request."""

from __future__ import annotations


class ScoringInputError(ValueError):
    """Bad user input to the scorer, with a friendly message in Chinese and in English.

    Each message already contains an example of the right form, so a transport can show
    it as it is: ``err.message("zh")`` or ``err.message("en")``.
    """

    def __init__(self, message_zh: str, message_en: str) -> None:
        super().__init__(message_zh)
        self.message_zh = message_zh
        self.message_en = message_en

    def message(self, lang: str = "zh") -> str:
        """The message in ``lang`` ("en" for English, anything else Chinese)."""
        return self.message_en if lang == "en" else self.message_zh
