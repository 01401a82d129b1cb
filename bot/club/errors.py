"""The exception for mistakes a user can make with a club command (shared with the rest of the bot)."""

from bot.errors import ClubInputError

__all__ = ["ClubInputError"]
