"""Search: a question → the law and clause that answer it, as honest hits.

:class:`Searcher` (``searcher``) opens the index and runs the stages in order, each taking and returning
plain values:

1. **understand** — ``query`` (:class:`~bot.search.query.Query`, ``understand``: normalise, law references,
   words, typos, vocabulary bridges), reading with ``pinyin_terms`` (terms typed in pinyin),
   ``definition_frames`` (the frames of ``corpus/definition_frames.yaml``), ``lexicon``, ``bridges``,
   ``segment`` and ``typos``; ``actors`` (who acted), ``definition_asked`` with ``definitions`` (the term a
   definition question asks about) and ``terms_named`` (the terms the question names);
2. **retrieve** — ``retrieve`` over ``documents`` (the index's rows): FTS5/BM25 (``bm25``) and the phrase
   look-ups (``phrases``, ``pooled_words``, saved by ``phrase_cache``);
3. **rank** — ``rank`` (features, grouped by law, confidence features) with the model of ``ranker``;
4. **absent** — ``absent_detection`` with ``missing``, ``bids`` and ``absent_families``: laws the corpus lacks;
5. **clarify** — ``clarify``: the question back when the answer depends on who acted;
6. **result** — ``result``: :class:`Hit`, :class:`SearchResult`, and whether the answer is confident.

``index`` builds the cached SQLite FTS5 index (from the rulebook, ``situations``, ``missing`` and
``actors``' data); ``training`` trains the ranker; ``evaluation`` scores a question set; ``absent`` answers
whether a bare question is about a missing law.  How it all works: ``docs/search.md``.  Depends on
:mod:`bot.rulebook` and :mod:`bot.base`.
"""

from bot.search.absent import MissingTopic, topics_not_in_corpus
from bot.search.missing import AbsentLaw
from bot.search.result import ActorOption, Ambiguity, Hit, SearchResult
from bot.search.searcher import Searcher

__all__ = ["AbsentLaw", "ActorOption", "Ambiguity", "MissingTopic", "topics_not_in_corpus", "Hit", "SearchResult",
           "Searcher"]
