"""Scoring: pure functions over ``corpus/tables`` — contract scores (Law 77), IMPs and matchpoints
(Law 78), board dealer and vulnerability (Law 2), result notation, and the text replies built on them.

Depends on :mod:`bot.rulebook` (the corpus path) and :mod:`bot.base`.
"""

from bot.scoring.boards import BoardInfo, board_info
from bot.scoring.contracts import ScoreParts, contract_score, imp_result, imps, score_parts
from bot.scoring.notation import ContractResult, looks_like_score, parse_result

__all__ = [
    "BoardInfo", "board_info", "ScoreParts", "contract_score", "imp_result", "imps", "score_parts",
    "ContractResult", "looks_like_score", "parse_result",
]
