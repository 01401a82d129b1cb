"""Search: normalise → understand the question → FTS5/BM25 over the rulebook → ranked, honest hits.

``segment`` (jieba with a corpus dictionary) and ``typos`` serve ``query`` (definition questions,
vocabulary bridges, typo fixes); ``index`` builds the cached SQLite FTS5 index; ``searcher`` ranks;
``absent`` recognises questions about laws the corpus lacks; ``evaluation`` scores a question set.
Depends on :mod:`bot.rulebook` and :mod:`bot.base`.
"""

from bot.search.absent import MissingTopic, topics_not_in_corpus
from bot.search.searcher import Hit, SearchResult, Searcher

__all__ = ["MissingTopic", "topics_not_in_corpus", "Hit", "SearchResult", "Searcher"]
