"""The retrieve stage: the rows FTS5/BM25 finds for a question (:class:`~bot.search.bm25.FullText`), and
how close the question comes to every situation phrase, title and pool of them (the phrase look-ups of
:mod:`bot.search.phrases` and :mod:`bot.search.pooled_words`, saved by :mod:`bot.search.phrase_cache`).
The look-ups' answers are cached on the :class:`~bot.search.query.Query`."""

from __future__ import annotations

import dataclasses
import sqlite3

from bot.search import phrase_cache
from bot.search.bm25 import FullText
from bot.search.documents import Doc, RowWords, load_docs, row_word_sets
from bot.search.missing import pool_key
from bot.search.phrases import GramWeights, PhraseIndex, PooledIndex, Resemblance, question_grams
from bot.search.pooled_words import PooledWords, pool_words
from bot.search.query import Query

# Column weights for bm25(), which picks the candidates: titles (clause, its parents, law; or term),
# chapter and section, body text, single characters (so a one-character query word still meets the
# words that contain it), character pairs (matched by the question's own pairs, whatever jieba made
# of either side), and the situation phrases.  The learned model then ranks the candidates.
BM25_WEIGHTS = (2.0, 0.5, 1.0, 0.5, 0.6, 1.5)
CANDIDATES = 20


class Retriever:
    """The index's rows, its full-text search and its phrase look-ups; built once per index."""

    def __init__(self, db: sqlite3.Connection):
        """Read the rows of the index ``db`` and load (or build and save) its phrase look-ups."""
        self.docs = load_docs(db)
        self.full_text = FullText(db, BM25_WEIGHTS)
        # every phrase of the index: ((kind, key), text, bridged text), in rowid order
        self.entries = entries = [((kind, int(key) if kind in ("law", "absent") else key), text, bridged)
                                  for kind, key, text, bridged
                                  in db.execute("SELECT kind, key, text, bridged FROM phrases ORDER BY rowid")]
        # The corpus's own rule text speaks against a missing law as its situation phrases do, pooled
        # with its law's phrases (after them: phrase positions stay the same).  Each sentence on its
        # own in the phrase index recognised fewer missing-law phrases at the same false alarms.
        rule_text = [(d.law, d.clause, d.text) for d in self.docs.values() if d.law and d.text]

        def build() -> tuple:
            # each clause's own situation phrases pooled: which sibling a question told over several of them fits
            return (PhraseIndex([(key, bridged) for key, _, bridged in entries]),
                    PooledIndex([(pool_key(key), bridged) for key, _, bridged in entries]
                                + [(("law", law), text) for law, _, text in rule_text]),
                    PooledIndex([(key, bridged) for key, _, bridged in entries if key[0] == "clause"]),
                    RowWords(row_word_sets(db)),
                    # (the words read only here: a start from the saved look-ups never holds them)
                    PooledWords([(pool_key(key), words.split()) for (key, _, _), (words,)
                                 in zip(entries, db.execute("SELECT words FROM phrases ORDER BY rowid"))]))

        (self.phrases, self.pools, self.clause_pools, self.row_words,
         self.pooled_words) = phrase_cache.load_or_build(
            phrase_cache.cache_path(db, Retriever.__init__), build,
            (PhraseIndex, PooledIndex, PooledIndex, RowWords, PooledWords))
        # what the three gram look-ups read of a question's grams, read once per gram
        self.gram_weights = GramWeights((self.phrases, self.clause_pools, self.pools))
        # where each row's keys and its siblings' sit in the answers of the phrase look-ups (the ranker's
        # features read them there)
        for rowid, doc in self.docs.items():
            self.docs[rowid] = dataclasses.replace(
                doc, phrase_positions=tuple(map(self.phrases.position, doc.resemblance_keys)),
                pool_positions=tuple(map(self.clause_pools.position, doc.resemblance_keys)),
                sibling_phrase_positions=tuple(map(self.phrases.position, doc.sibling_keys)),
                sibling_pool_positions=tuple(map(self.clause_pools.position, doc.sibling_keys)))

    def found(self, q: Query) -> list[tuple[Doc, float]]:
        """The rows FTS5 finds for ``q`` and their BM25, best first (cached on ``q``: a question
        whose answer hangs on who acted is ranked once more per reading)."""
        if q.found is None:
            # FTS5 has no term weights: a word weighing 3 is asked for three times.
            phrases = [(t, None) for t, weight in q.terms.items() for _ in range(weight)]
            phrases += [(g, "t_bigrams") for g in q.bigrams]
            q.found = [(self.docs[rowid], score) for rowid, score in self.full_text.search(phrases, CANDIDATES)]
        return q.found

    def resemblance(self, q: Query) -> Resemblance:
        """The closest situation phrase or title for every clause, term, law and missing law
        (:class:`PhraseIndex`), for the question and the words it was bridged to (cached on ``q``)."""
        if q.resemblance is None:
            q.resemblance = self.phrases.look_up(self._grams(q), weights=self._gram_weights(q)[0])
        return q.resemblance

    def pooled(self, q: Query, skip: set[int] | None = None) -> Resemblance:
        """The resemblance of the question (and the words it was bridged to) to every law's and
        missing law's phrases pooled (:class:`PooledIndex`); ``skip``: phrase positions left out."""
        return self.pools.look_up(self._grams(q), skip, weights=self._gram_weights(q)[2])

    @staticmethod
    def _grams(q: Query) -> tuple[str, ...]:
        """What the phrase look-ups compare ``q`` by (:func:`question_grams`: the question and the
        words it was bridged to), made once for the three of them (cached on ``q``)."""
        if q.phrase_grams is None:
            q.phrase_grams = question_grams(q.normalized, list(dict.fromkeys(q.expansions + q.corrections)))
        return q.phrase_grams

    def _gram_weights(self, q: Query) -> list[tuple]:
        """What the phrases, the clause pools and the pools read of :meth:`_grams` (see :class:`GramWeights`),
        in that order (cached on ``q``)."""
        if q.gram_weights is None:
            q.gram_weights = self.gram_weights.weights(self._grams(q))
        return q.gram_weights

    def words_pooled(self, q: Query, skip: set[int] | None = None) -> Resemblance:
        """The BM25 of the question's words over every law's and missing law's phrases pooled
        (:class:`PooledWords`); ``skip``: phrase positions left out."""
        return self.pooled_words.look_up(pool_words(q), skip)

    def clause_pooled(self, q: Query) -> Resemblance:
        """The resemblance of the question to every clause's own situation phrases pooled (cached on ``q``)."""
        if q.clause_pooled is None:
            q.clause_pooled = self.clause_pools.look_up(self._grams(q), weights=self._gram_weights(q)[1])
        return q.clause_pooled
