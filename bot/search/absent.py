"""Is a question about a law the corpus lacks?  The chat's way in (``topics_not_in_corpus``).

The data and the detector live in :mod:`bot.search.missing`; :meth:`bot.search.Searcher.ask`
reports the laws in ``SearchResult.absent``.  This module answers the same for a bare question,
with a searcher of its own per rulebook.
"""

from __future__ import annotations

from bot.rulebook.model import Rulebook
from bot.search.missing import AbsentLaw, MissingTopic, load_topics
from bot.search.searcher import Searcher

__all__ = ["AbsentLaw", "MissingTopic", "load_topics", "topics_not_in_corpus"]

_SEARCHERS: dict[tuple, Searcher] = {}


def topics_not_in_corpus(normalized: str, rulebook: Rulebook) -> list[AbsentLaw]:
    """The missing laws a normalised question is about — the ``absent`` of
    :meth:`bot.search.Searcher.ask` (one searcher per set of laws present, opened on first use).
    Each has ``law``/``laws``, ``title``, ``title_en`` and ``note(lang)``."""
    key = tuple(sorted(rulebook.laws))
    if key not in _SEARCHERS:
        _SEARCHERS[key] = Searcher.open(rulebook)
    return _SEARCHERS[key].ask(normalized).absent
