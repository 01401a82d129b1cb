"""FTS5's ``bm25()`` ranking of the index, computed in Python from per-term contributions.

A question's full-text query repeats each weighted word (FTS5 has no term weights) and adds
its character pairs, so it holds some forty phrases.  FTS5 reads every phrase's whole doclist
again for each question to count its rows (the IDF) and scores every matching row over all
phrases.  Yet a phrase's share of a row's score never depends on the rest of the query:
``idf × f(1 + k1) / (f + k1(1 − b + b·D/avgdl))``.  :class:`FullText` reads each term's
instances once from the index (``fts5vocab``), keeps its per-row shares in a bounded cache,
and adds them up phrase by phrase, in the query's order and with FTS5's own arithmetic —
the same floats, the same rows, the same order (tests/search/test_bm25.py checks it against
SQLite).  The shares are numpy arrays and ``np.bincount`` adds them, one by one in the order
given, as a dict filled phrase by phrase would.  A word FTS5 would split into several tokens goes
to SQLite as before.
"""

from __future__ import annotations

import itertools
import math
import re
import sqlite3
from collections.abc import Iterable

import numpy as np

# FTS5's bm25() constants (fts5_aux.c).
K1 = 1.2
B = 0.75
# A phrase FTS5's unicode61 tokenizer keeps as one token: Chinese characters, lower-case
# letters and digits only.
_ONE_TOKEN = re.compile(r"[\u4e00-\u9fffa-z0-9]+")
# Distinct (term, column) phrases whose row shares are kept (the index holds ~10 000 terms in ~50 000
# rows' worth of shares: a few MB at most).  Most phrases a question asks for are character pairs
# the index lacks, which all share one empty result; 8 192 were too few for the bench's 1 718
# questions (9 345 phrases, 3 300 of them found): the cache went round and missed on every pass.
CACHE_PHRASES = 32768


class FullText:
    """Top rows of ``docs_fts`` by bm25 with the given column weights, as SQLite ranks them."""

    def __init__(self, db: sqlite3.Connection, weights: tuple[float, ...], table: str = "docs_fts"):
        """``db``: a connection to the index (read-only is fine: the vocabulary view is
        temporary); ``weights``: bm25's column weights, in column order."""
        self.db = db
        columns = [name for _, name, *_ in db.execute(f"PRAGMA table_info({table})")]
        # as bm25(): a column without a weight of its own weighs 1
        self._column_weight = {name: weights[i] if i < len(weights) else 1.0 for i, name in enumerate(columns)}
        self._vocab = f"temp.{table}_instances"
        db.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {self._vocab} USING fts5vocab(main, {table}, instance)")
        self.lengths = {rowid: sum(_varints(sizes)) for rowid, sizes in db.execute(f"SELECT id, sz FROM {table}_docsize")}
        self.rows = len(self.lengths)
        self._size = max(self.lengths, default=0) + 1   # rowid → slot of the score array
        self.avgdl = float(sum(self.lengths.values())) / float(self.rows or 1)
        self._sql = (f"SELECT rowid, bm25({table}, {', '.join(map(str, weights))}) AS rank "
                     f"FROM {table} WHERE {table} MATCH ? ORDER BY rank LIMIT ?")
        # each phrase's row shares as read (None: a term FTS5 would split), at most CACHE_PHRASES of them:
        # past that it starts afresh (a dict read through map costs a third of an LRU cache's look-ups)
        self._known: dict[tuple[str, str | None], tuple[np.ndarray, np.ndarray] | None] = {}

    def search(self, phrases: Iterable[tuple[str, str | None]], limit: int) -> list[tuple[int, float]]:
        """(rowid, bm25 score) of the best ``limit`` rows for the OR of ``phrases`` — each a term
        and the column it is restricted to (None: any) — best first, as SQLite's
        ``ORDER BY bm25(…) LIMIT`` returns them."""
        phrases = list(phrases)
        shares = list(map(self._known.get, phrases, itertools.repeat(_UNREAD)))
        if _UNREAD in shares:
            shares = [self._shares(phrase) if share is _UNREAD else share for phrase, share in zip(phrases, shares)]
        if None in shares:
            return self._search_sqlite(phrases, limit)
        rowids = np.concatenate([rows for rows, _ in shares]) if shares else np.zeros(0, np.int64)
        if not len(rowids):
            return []
        scores = np.bincount(rowids, np.concatenate([row_shares for _, row_shares in shares]), minlength=self._size)
        # the rows any phrase holds, by rowid: those scoring above 0 (every share is: an IDF of at least
        # 1e-6 times a positive term frequency part)
        rows = scores.nonzero()[0]
        scores = scores[rows]
        if len(rows) > limit > 0:
            # the rows scoring at least the limit-th best score (with any tied with it)
            nth = scores.copy()
            nth.partition(len(scores) - limit)
            kept = scores >= nth[len(scores) - limit]
            rows, scores = rows[kept], scores[kept]
        # Best score first and, as SQLite orders rows of equal rank, by rowid (a stable sort).
        best = (-scores).argsort(kind="stable")[:limit]
        return list(zip(rows[best].tolist(), scores[best].tolist()))

    def _search_sqlite(self, phrases: list[tuple[str, str | None]], limit: int) -> list[tuple[int, float]]:
        expr = " OR ".join(f"{column} : {_quote(term)}" if column else _quote(term) for term, column in phrases)
        return [(rowid, -rank) for rowid, rank in self.db.execute(self._sql, (expr, limit))]

    def _shares(self, phrase: tuple[str, str | None]) -> tuple[np.ndarray, np.ndarray] | None:
        """:meth:`_read_shares`, kept for the next question."""
        if len(self._known) >= CACHE_PHRASES:
            self._known.clear()
        shares = self._known[phrase] = self._read_shares(phrase)
        return shares

    def _read_shares(self, phrase: tuple[str, str | None]) -> tuple[np.ndarray, np.ndarray] | None:
        """The rows holding one phrase and each one's share of the score, as fts5_aux.c's bm25
        computes it; None for a term FTS5 would split into several tokens."""
        term, column = phrase
        if not _ONE_TOKEN.fullmatch(term):
            return None
        freq: dict[int, float] = {}
        # Instances come by row, column and offset: FTS5 adds a row's weights in that order.
        for rowid, name in self.db.execute(f"SELECT doc, col FROM {self._vocab} WHERE term = ?", (term,)):
            if column is None or name == column:
                freq[rowid] = freq.get(rowid, 0.0) + self._column_weight[name]
        if not freq:
            return _NO_ROWS
        hits = len(freq)
        idf = math.log((self.rows - hits + 0.5) / (hits + 0.5))
        if idf <= 0.0:
            idf = 1e-6
        shares = [idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * self.lengths[rowid] / self.avgdl)))
                  for rowid, f in freq.items()]
        return np.array(list(freq), np.int64), np.array(shares, np.float64)


# a phrase whose shares have not been read yet
_UNREAD = object()
# the result of a phrase no row holds (most of the character pairs a question asks for): one for all
_NO_ROWS = (np.zeros(0, np.int64), np.zeros(0, np.float64))
for _array in _NO_ROWS:
    _array.flags.writeable = False


def _quote(token: str) -> str:
    """An FTS5 string literal: user words never reach MATCH as operators."""
    return '"' + token.replace('"', '""') + '"'


def _varints(blob: bytes) -> list[int]:
    """The SQLite varints of an FTS5 ``docsize`` record (one token count per column)."""
    out, value, i = [], 0, 0
    while i < len(blob):
        byte = blob[i]
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            out.append(value)
            value = 0
        i += 1
    return out
