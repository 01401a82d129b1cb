"""A score as an answer: the scorer's text, or what it could not read."""

from __future__ import annotations

from bot.base.errors import ScoringInputError
from bot.chat.answers.plain import note
from bot.chat.context import ChatContext
from bot.chat.reply import Reply
from bot.chat.services import Services
from bot.chat.texts import say

# The law whose rule a scoring answer applies: 全文 / 下一条 after a score continue from there.
SCORE_LAWS = {"score": 77, "undertricks": 77, "imp": 78, "mp": 78, "board": 2, "adjusted": 12}


def score_reply(services: Services, kind: str, text: str, context: ChatContext, lang: str,
                quiet: bool = False) -> Reply | None:
    """The scorer's reply to ``text``; its error says what it could not read (``quiet``: None instead)."""
    scorer = services.scorers.get(kind)
    if scorer is None:
        return note("unavailable", lang, what=say("score_feature", lang))
    try:
        body = scorer(text, lang)
    except ScoringInputError as err:
        return None if quiet else Reply(body=err.message(lang))
    law = SCORE_LAWS.get(kind)
    if law is not None and services.rulebook.law(law) is not None:
        # 全文 / 下一条 after a score go on from the law the score applies.
        context.law, context.clause, context.term, context.next_page, context.whole = law, None, None, None, False
    return Reply(body=body)
