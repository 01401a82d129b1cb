"""Word-level BM25 of a question over phrases pooled per law: the missing-law detector's second view.

:class:`bot.search.phrases.PooledIndex` compares a question with each law's phrases pooled by their
character pairs (cosine).  This compares the same pools by the question's words — jieba's words and
the glossary's bridges, as the full-text search reads a question — with BM25's saturation and length
normalisation: a long pool does not win by its size, and a word said three times in a law's phrases
counts for more than one said once, but not three times more.  The two views disagree on long
tellings: a question may share many character pairs with a told situation of the corpus while its
words are those of a missing law's phrases, or the reverse.  The detector weighs both
(:data:`bot.search.missing.ABSENT_FEATURES`); leave-one-phrase-out, the words' view took the
phrases recognised from 0.819 to 0.849 at the same false alarms.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Iterable

import numpy as np

from bot.search.phrases import KeyedLookup, Resemblance, _laid_end_to_end, _runs, stem

# Okapi BM25's constants, as the full-text search uses (bot/search/bm25.py).
K1 = 1.2
B = 0.75


def pool_words(q) -> list[str]:
    """The words a question (or a phrase read as one) is compared by: its words, the glossary's
    bridges and typo corrections (a bridge of several words as its words), English words stemmed as
    the phrase look-up stems them."""
    return [stem(part) if part.isascii() else part
            for w in (*q.words, *q.expansions, *q.corrections) for part in w.split()]


class PooledWords(KeyedLookup):
    """Every pool's BM25 for a question's words; a pool is the words of all its phrases."""

    def __init__(self, entries: Iterable[tuple[Hashable, list[str]]]):
        """``entries``: (pool key, a phrase's words) pairs, in the order of the
        :class:`bot.search.phrases.PhraseIndex` built from the same phrases (so that a phrase
        position can be left out)."""
        phrase_pool: list[int] = []
        self.texts: list[str] = []
        pool_of: dict[Hashable, int] = {}
        self.keys: list[Hashable] = []
        for key, words in entries:
            p = pool_of.get(key)
            if p is None:
                p = pool_of[key] = len(self.keys)
                self.keys.append(key)
            phrase_pool.append(p)
            self.texts.append(" ".join(words))
        self.phrase_pool = np.array(phrase_pool, np.int32)
        counts = self._pool_counts
        self.lengths = np.array([sum(c.values()) for c in counts], np.float64)
        self.avgdl = float(self.lengths.mean()) if len(counts) else 1.0
        idf = self._idf
        postings: dict[str, list[tuple[int, float]]] = {}
        for p, c in enumerate(counts):
            for word, f in c.items():
                postings.setdefault(word, []).append((p, self._share(idf[word], f, self.lengths[p])))
        self.slot = {word: k for k, word in enumerate(postings)}
        self.offsets, run = _laid_end_to_end(postings.values())
        self.pools = np.array([p for p, _ in run], np.int32)
        self.shares = np.array([share for _, share in run], np.float64)
        del self._pool_counts, self._idf   # made again if a phrase is left out (training)

    # (a running bot keeps only what a look-up reads; the phrases' words are kept as one string each,
    # and the counts and IDF that leaving a phrase out needs are made again from them when asked for)
    _STATE = ("phrase_pool", "texts", "keys", "lengths", "avgdl", "slot", "offsets", "pools", "shares")
    _ARRAYS = {"phrase_pool": np.int32, "lengths": np.float64, "offsets": np.int32, "pools": np.int32,
               "shares": np.float64}
    _ANSWER_KEYS = "keys"

    def _share(self, idf: float, f: int, length: float) -> float:
        """A word's part of a pool's BM25: IDF × the saturated count, normalised by the pool's length."""
        return idf * f * (K1 + 1.0) / (f + K1 * (1.0 - B + B * length / self.avgdl))

    @functools.cached_property
    def _pool_counts(self) -> list[dict[str, int]]:
        """Each pool's word counts (made when built, and again when a phrase is left out: training)."""
        counts: list[dict[str, int]] = [{} for _ in self.keys]
        for p, text in zip(self.phrase_pool.tolist(), self.texts):
            for word in text.split():
                counts[p][word] = counts[p].get(word, 0) + 1
        return counts

    @functools.cached_property
    def _idf(self) -> dict[str, float]:
        """Each word's IDF over the pools (Okapi's, kept positive)."""
        n = len(self.keys)
        df: dict[str, int] = {}
        for c in self._pool_counts:
            for word in c:
                df[word] = df.get(word, 0) + 1
        return {word: math.log((n - k + 0.5) / (k + 0.5) + 1.0) for word, k in df.items()}

    def look_up(self, words: Iterable[str], skip: set[int] | None = None) -> Resemblance:
        """Every pool's BM25 for the distinct ``words`` (0.0 for a pool sharing none); ``skip``:
        phrase positions left out of their pools."""
        question = list(dict.fromkeys(words))
        _, (pools, shares) = _runs(self.offsets, [slot for slot in map(self.slot.get, question) if slot is not None],
                                   self.pools, self.shares)
        score = np.bincount(pools, shares, minlength=len(self.keys))
        for i in skip or ():
            p = int(self.phrase_pool[i])
            left = dict(self._pool_counts[p])
            words = self.texts[i].split()
            for word in words:
                left[word] -= 1
            length = self.lengths[p] - len(words)
            score[p] = sum(self._share(self._idf[w], left[w], length) for w in question if left.get(w, 0) > 0)
        return Resemblance(self, score, (score > 0.0).nonzero()[0])
