"""The foundation every area stands on: text normalisation at the edge and the user-input errors.

Nothing here imports another ``bot`` sub-package.
"""

from bot.base.errors import ClubInputError, ReferenceInputError, ScoringInputError, UserInputError
from bot.base.textnorm import (
    is_traditional,
    normalize_query,
    prose_punctuation,
    to_halfwidth,
    to_simplified,
    to_traditional,
)

__all__ = [
    "ClubInputError", "ReferenceInputError", "ScoringInputError", "UserInputError",
    "is_traditional", "normalize_query", "prose_punctuation", "to_halfwidth", "to_simplified", "to_traditional",
]
