"""Kept for scripts written against the flat layout: ``bot.boards.board_info`` lives in
:mod:`bot.scoring.boards`."""

from bot.scoring.boards import BoardInfo, board_info

__all__ = ["BoardInfo", "board_info"]
