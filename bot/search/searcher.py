"""Find the law and clause that answers a question: the coordinator of the search's stages.

Open one :class:`Searcher` per process (``Searcher.open()``) and call :meth:`Searcher.ask`
per question.  Every hit names a law (0 for a definition), the best clause in it, a
snippet and the matched words; ``confident`` is False when nothing matched well, and the
hits are then only the nearest candidates.

:meth:`Searcher.ask` runs the stages in order, each taking and returning plain values: understand
(:mod:`~bot.search.query` with the readers of :mod:`~bot.search.pinyin_terms`,
:mod:`~bot.search.definition_asked` and :mod:`~bot.search.terms_named`), retrieve
(:mod:`~bot.search.retrieve`), rank (:mod:`~bot.search.rank`), absent (:mod:`~bot.search.absent_detection`),
clarify (:mod:`~bot.search.clarify`) and the result (:mod:`~bot.search.result`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.rulebook import model as rulebook_module
from bot.rulebook.model import Rulebook
from bot.search.absent_detection import AbsentDetector
from bot.search.actors import question_actor
from bot.search.clarify import ambiguity
from bot.search.definition_asked import DefinitionReader
from bot.search.definitions import Definitions, LawWords
from bot.search.index import GLOSSARY_PATH, default_cache_dir, ensure_index, lexicon_from_db, load_glossary
from bot.search.law_classifier import ABSENT_MODEL_PATH, LawClassifier, load_classifier
from bot.search.lexicon import Lexicon
from bot.search.missing import auction_only, referenced_absent
from bot.search.phrases import Resemblance
from bot.search.pinyin_terms import PinyinTerms
from bot.search.query import Query, understand
from bot.search.rank import Candidate, LawCandidates, Ranker, confidence_features, defining_first, group_by_law
from bot.search.ranker import RankerModel, load_model
from bot.search.result import (ActorOption, Ambiguity, Hit, SearchResult, answer_hits, definition_hit,
                               ranked_answer_confident, ranked_answer_likely, reference_hit)
from bot.search.retrieve import Retriever
from bot.search.segment import Segmenter
from bot.search.situations import SITUATIONS_DIR
from bot.search.terms_named import TermReader

# (the types and helpers other modules import from here)
__all__ = ["ActorOption", "Ambiguity", "Candidate", "Hit", "LawCandidates", "SearchResult", "Searcher",
           "confidence_features", "group_by_law"]

MAX_QUERY_CHARS = 2000


class Searcher:
    """The search over one rulebook; open once, ask many times."""

    def __init__(self, rulebook: Rulebook, db: sqlite3.Connection, segmenter: Segmenter, lexicon: Lexicon,
                 model: RankerModel | None = None, classifier: LawClassifier | None | bool = True):
        """Use :meth:`open` instead.  ``classifier``: True for the committed law classifier, or one, or
        None/False to rank without it."""
        self.rulebook = rulebook
        self.db = db
        self.segmenter = segmenter
        self.lexicon = lexicon
        self.retriever = Retriever(db)
        self.ranker = Ranker(self.retriever, model or load_model(),
                             load_classifier() if classifier is True else (classifier or None))
        self.missing = AbsentDetector(rulebook, db, self.retriever.entries,
                                      load_classifier(ABSENT_MODEL_PATH) if classifier is not None and classifier is not False else None)
        self.definitions = Definitions(rulebook, lexicon)
        self.law_words = LawWords(rulebook, self.retriever.docs, lexicon)
        self.pinyin = PinyinTerms(self.definitions.names, lexicon)
        self.terms = TermReader(self.definitions.names)
        self.definition_reader = DefinitionReader(self.definitions, self.terms, lexicon)
        # what the benches, the tests and training read of the stages
        self.full_text = self.retriever.full_text
        self.phrases, self.pools, self.clause_pools = self.retriever.phrases, self.retriever.pools, self.retriever.clause_pools
        self.absent_laws, self.absent_hints = self.missing.laws, self.missing.hints

    @classmethod
    def open(cls, rulebook: Rulebook | str | Path | None = None, cache_dir: str | Path | None = None,
             glossary: str | Path | None = None, model: RankerModel | None = None,
             situations: str | Path | None = None) -> "Searcher":
        """Open the search, building the index into ``cache_dir`` first if it is missing or stale.

        ``rulebook``: a :class:`Rulebook`, a path to a rulebook JSON, or None for the corpus one.
        ``cache_dir``: defaults to ``$BRIDGEBOT_CACHE`` or ``~/.cache/bridgebot``.
        ``glossary``: defaults to ``corpus/glossary.yaml``.
        ``model``: the ranking model; defaults to the committed ``bot/search/ranker.json``.
        ``situations``: a folder of situation files; defaults to ``corpus/situations/``.
        """
        if not isinstance(rulebook, Rulebook):
            rulebook = rulebook_module.load(Path(rulebook or rulebook_module.RULEBOOK_PATH))
        cache = Path(cache_dir) if cache_dir else default_cache_dir()
        files = ensure_index(rulebook, load_glossary(glossary or GLOSSARY_PATH), cache,
                             Path(situations) if situations else SITUATIONS_DIR)
        db = sqlite3.connect(f"file:{files.db}?mode=ro", uri=True, check_same_thread=False)
        return cls(rulebook, db, Segmenter(files.dictionary, cache), lexicon_from_db(db), model)

    def close(self) -> None:
        """Close the database connection."""
        self.db.close()

    @property
    def model(self) -> RankerModel:
        """The ranking model (training replaces it to score a fold)."""
        return self.ranker.model

    @model.setter
    def model(self, model: RankerModel) -> None:
        self.ranker.model = model

    def ask(self, question: str, k: int = 3, actor: str | None = None) -> SearchResult:
        """Answer ``question`` with up to ``k`` hits, best first (distinct laws).

        ``actor`` ("declarer", "dummy", "defender" or None) is the asker's reading of who acted,
        overriding what the question says (a clarifying answer, a follow-up 「如果是庄家呢」)."""
        # understand: references, definition frames, who acted, the terms named
        q = understand(self.pinyin.written_as_terms(question[:MAX_QUERY_CHARS]), self.segmenter, self.lexicon)
        result = SearchResult(query=question, normalized=q.normalized, hits=[], confident=False,
                              reference=q.reference, reference_error=q.reference_error)
        if q.reference:
            hit = reference_hit(self.rulebook, q.reference)
            result.hits = [hit] if hit else []
            result.confident = hit is not None
            result.absent = referenced_absent(q.reference.law, self.rulebook)
            return result
        result.actor = actor or question_actor(q.normalized)
        definition = self.definition_reader.definition_for(q)
        named = self.terms.named(q)
        # retrieve and rank.  The caller's reading of who acted is certain; one read off the question only
        # weighs in (players name several seats in one breath: 「我是明手，发现防守方出错了，可以叫裁判吗」).
        ranked = self.ranker.rank(q, named, result.actor, exclude_definitions=definition is not None,
                                  strict=actor is not None)
        # 「罚张是什么意思」: a word chapter 1 does not define, but a law does in so many words
        defining = self.law_words.defining(q.subject) if q.subject and definition is None else None
        ranked = defining_first(ranked, defining)
        bare_defined = self.law_words.of_bare(q.normalized) if definition is None and not q.subject else None
        if bare_defined:
            # a message that is only such a word (「罚张」, 「声称」) asks about it, as a bare defined term does:
            # the law that says what it is answers it (not 45C5, titled 罚张 and saying only "see Law 50")
            ranked = defining_first(ranked, bare_defined)
        hits = answer_hits(q, ranked, k, self.rulebook)
        mentioned = reference_hit(self.rulebook, q.mentioned) if q.mentioned else None
        if mentioned:
            # 「第50条D款说的是什么」: the law named in the sentence comes first.
            result.hits = [mentioned] + [h for h in hits if h.law != mentioned.law][: k - 1]
            result.confident = True
        elif definition:
            other = self.definitions.compared(q, definition)
            shown = [definition_hit(d, q) for d in (definition, other) if d]
            result.hits = shown + hits[: k - len(shown)]
            result.confident = True
        else:
            result.hits = hits[:k]
            if ranked:
                result.probability = self.model.probability(confidence_features(q, ranked, self.resemblance(q)))
            # absent: a law the corpus lacks
            # (a message that is only a word a law defines asks about that word, as 「什么是X」 does)
            result.absent = self.missing.detect(q, ranked, hits, result.probability or 0.0, self.retriever,
                                                self.model.absent, defining or bare_defined)
            result.confident = ranked_answer_confident(hits, result.absent, result.probability, self.model.threshold,
                                                       bare_defined)
            # clarify: who acted (in the auction there is no declarer, dummy or defender yet to ask about:
            # 「叫牌的时候我的牌掉到桌上了」)
            if actor is None and result.actor is None and not auction_only(q.normalized):
                result.ambiguous = ambiguity(q, ranked, self.ranker, named, self.rulebook)
                # A missing law found stays reported beside the question of who acted (the chat shows
                # both): clearing it lost 5 of the sets' missing-law questions for 1 false alarm.
                # The answer hangs on who acted: ask, rather than quote one reading as the answer.
                result.confident = result.confident and result.ambiguous is None
            result.likely = ranked_answer_likely(result, self.model.likely)
        return result

    # -- the stages' steps, for training, the benches and the tests ---------------------------

    def answered_before_ranking(self, q: Query) -> bool:
        """True when a reference or a definition answers ``q`` (the ranker never decides it)."""
        return bool(q.reference or q.mentioned) or self.definition_reader.definition_for(q) is not None

    def candidates(self, q: Query, actor: str | None = None, exclude_definitions: bool = False) -> list[Candidate]:
        """The rows FTS5 finds for ``q`` (best BM25 first), each with its ranking features."""
        return self.ranker.candidates(q, self.terms.named(q), actor, exclude_definitions)

    def rank(self, q: Query, actor: str | None = None, exclude_definitions: bool = False,
             strict: bool = False) -> list[LawCandidates]:
        """The candidate laws (and definitions) for ``q``, best first (see :meth:`Ranker.rank`)."""
        return self.ranker.rank(q, self.terms.named(q), actor, exclude_definitions, strict)

    def resemblance(self, q: Query) -> Resemblance:
        """The closest situation phrase or title for every key (:meth:`Retriever.resemblance`)."""
        return self.retriever.resemblance(q)

    def pooled(self, q: Query, skip: set[int] | None = None) -> Resemblance:
        """The resemblance to every law's and missing law's phrases pooled (:meth:`Retriever.pooled`)."""
        return self.retriever.pooled(q, skip)

    def words_pooled(self, q: Query, skip: set[int] | None = None) -> Resemblance:
        """The BM25 of the question's words over the pooled phrases (:meth:`Retriever.words_pooled`)."""
        return self.retriever.words_pooled(q, skip)

    def absent_named(self, q: Query, answer_title: str = "", skip: set[int] | None = None) -> set[int]:
        """The missing laws the question names (:meth:`AbsentDetector.named`)."""
        return self.missing.named(q, answer_title, skip)

    def absent_hinted(self, q: Query, skip: set[int] | None = None) -> set[int]:
        """The missing laws the question hints at (:meth:`AbsentDetector.hinted`)."""
        return self.missing.hinted(q, skip)

    def absent_titled(self, q: Query, named: set[int]) -> set[int]:
        """The laws of ``named`` the question calls by their very title (:meth:`AbsentDetector.titled`)."""
        return self.missing.titled(q, named)
