"""Mistakes a user can make, as exceptions that carry a friendly message in Chinese and English.

Each message already says what to type instead, with an example, so a transport can show it
as it is: ``err.message("zh")`` or ``err.message("en")``.
"""

from __future__ import annotations


class UserInputError(ValueError):
    """Input a user got wrong, with the message in both languages."""

    def __init__(self, message_zh: str, message_en: str) -> None:
        super().__init__(message_zh)
        self.message_zh = message_zh
        self.message_en = message_en

    def message(self, lang: str = "zh") -> str:
        """The message in ``lang`` ("en" for English, anything else Chinese)."""
        return self.message_en if lang == "en" else self.message_zh


class ScoringInputError(UserInputError):
    """Bad input to the scorer: a score, IMP, matchpoint, board or adjusted-score request."""


class ReferenceInputError(UserInputError):
    """Text meant as a law reference that cannot be one (``50Z``, ``第五十五十条``, ``law 999``)."""


class ClubInputError(UserInputError):
    """A club command that cannot be carried out."""
