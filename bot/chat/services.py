"""What the chat core needs from the rest of bridgebot, gathered in one place.

The core never imports the search index, the scorer or the club store directly: it is
handed a :class:`Services`.  :meth:`Services.default` wires the real modules; tests hand in
small fakes.  A module that cannot be loaded leaves its slot None, and the core answers
「…功能暂时不可用」 for that feature instead of failing everything.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.rulebook.model import Rulebook

log = logging.getLogger(__name__)


@dataclass
class Services:
    """The collaborators of :class:`bot.chat.core.Core` (each a plain callable or object)."""

    rulebook: Rulebook
    law_text: Callable  # (law, clause_id=None) -> str
    law_blocks: Callable  # (law) -> list[str]
    definition_text: Callable  # (definition) -> str
    parse_reference: Callable | None = None  # (text) -> Reference | None
    ask: Callable | None = None  # (question, k, actor=None) -> SearchResult; actor is optional
    looks_like_score: Callable[[str], bool] | None = None
    # (text) -> "score"/"imp"/"mp"/"board"/"adjusted" or None: which scorer a plain message wants
    score_kind: Callable[[str], str | None] | None = None
    # (text) -> "77"/"78B"/"2": the clause whose table a message asks for (「77表」), or None
    table_request: Callable[[str], str | None] | None = None
    # (normalised text) -> the X of 「X是什么意思」/"what is X", or None
    definition_subject: Callable[[str], str | None] | None = None
    scorers: dict[str, Callable] = field(default_factory=dict)  # "score"/"imp"/"mp"/"vp"/"board" -> (text, lang) -> str
    club: Callable | None = None  # bot.club.handle_command
    # (question, lang) -> notes saying the law for the question is not in the corpus
    missing_notes: Callable[[str, str], list[str]] = lambda question, lang: []
    missing_title: Callable[[int], tuple[str, str] | None] | None = None  # law → (zh, en) title of a missing law

    def search(self, question: str, k: int = 3, actor: str | None = None):
        """``ask(question, k)``, for one reading of who acted ("declarer", "dummy", "defender")
        when ``actor`` is given and the searcher takes it (a searcher that does not ignores it)."""
        if actor is not None and self.takes_actor:
            return self.ask(question, k=k, actor=actor)
        return self.ask(question, k=k)

    @property
    def takes_actor(self) -> bool:
        """True when the searcher can be told who acted (``ask(…, actor=…)``)."""
        return self.ask is not None and _takes_actor(self.ask)

    @classmethod
    def for_search(cls, searcher=None) -> Services:
        """The rulebook, its renderer, the reference parser and the search (``searcher``, else one opened
        here): what answering a question needs (``bridgebot ask --json`` reports what the chat would show)."""
        from bot.rulebook import render
        from bot.rulebook.model import load

        services = cls(
            rulebook=searcher.rulebook if searcher is not None else load(),
            law_text=render.law_text,
            law_blocks=render.law_blocks,
            definition_text=render.definition_text,
        )
        try:
            from bot.rulebook.refs import parse_reference

            services.parse_reference = parse_reference
        except ImportError:
            log.warning("bot.rulebook.refs is not available: law references are answered by search")
        try:
            from bot.search.query import definition_subject
            from bot.search.searcher import Searcher

            searcher = searcher if searcher is not None else Searcher.open()
            services.ask = searcher.ask
            services.definition_subject = definition_subject
        except ImportError:
            searcher = None
            log.warning("bot.search.searcher is not available: questions cannot be answered")
        # (the searcher holds the missing laws already, read from its index; parsing missing_laws.yaml's 3 500
        # phrases again only for the titles took ~0.25 s of every start)
        if searcher is not None:
            topics = searcher.absent_laws.values()
        else:
            from bot.search.missing import load_topics

            topics = load_topics()
        titles = {topic.law: (topic.title, topic.title_en) for topic in topics}
        services.missing_title = titles.get
        if searcher is not None:
            # The same search answers and says which missing law a question is about (SearchResult.absent).
            services.missing_notes = lambda question, lang: [law.note(lang) for law in searcher.ask(question).absent]
        return services

    @classmethod
    def default(cls) -> Services:
        """The real modules: rulebook, renderer, reference parser, searcher, scorer, club sessions."""
        services = cls.for_search()
        try:
            from bot.scoring import replies as score_replies
            from bot.scoring.notation import looks_like_score
            from bot.scoring.inputs import reply_kind, table_request

            services.looks_like_score = looks_like_score
            services.score_kind = reply_kind
            services.table_request = table_request
            services.scorers = {
                "score": score_replies.score_reply,
                "undertricks": score_replies.undertricks_reply,
                "imp": score_replies.imp_reply,
                "mp": score_replies.mp_reply,
                "vp": score_replies.vp_reply,
                "board": score_replies.board_reply,
                "adjusted": score_replies.adjusted_reply,
            }
        except ImportError:
            log.warning("bot.scoring.replies is not available: scoring is off")
        try:
            from bot.club import handle_command

            services.club = handle_command
        except ImportError:
            log.warning("bot.club is not available: club sessions are off")
        return services


@functools.lru_cache(maxsize=16)
def _takes_actor(ask: Callable) -> bool:
    try:
        parameters = inspect.signature(ask).parameters
    except (TypeError, ValueError):
        return False
    return "actor" in parameters or any(p.kind is p.VAR_KEYWORD for p in parameters.values())
