"""Search: normalise → understand the question → FTS5/BM25 + learned ranker → ranked, honest hits.

``segment`` (jieba with a corpus dictionary) and ``typos`` serve ``query`` (definition questions,
vocabulary bridges, negation, typo fixes); ``situations`` reads the situation index and ``actors``
who acted; ``index`` builds the cached SQLite FTS5 index; ``phrases`` finds the nearest situation
phrases; ``ranker`` scores candidates with the trained weights (``training`` trains them);
``searcher`` ranks; ``missing`` and ``absent`` recognise questions about laws the corpus lacks;
``evaluation`` scores a question set.  Depends on :mod:`bot.rulebook` and :mod:`bot.base`.
"""

from bot.search.absent import MissingTopic, topics_not_in_corpus
from bot.search.missing import AbsentLaw
from bot.search.searcher import ActorOption, Ambiguity, Hit, SearchResult, Searcher

__all__ = ["AbsentLaw", "ActorOption", "Ambiguity", "MissingTopic", "topics_not_in_corpus", "Hit", "SearchResult",
           "Searcher"]
