"""The index's rows as the search reads them: each row (:class:`Doc`: a clause, a law or a defined
term, with its words, headings, actors and question-independent features) and, for every row at
once, which rows hold each word (:class:`RowWords`)."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import sqlite3
from dataclasses import dataclass, field

import numpy as np

from bot.search.phrases import SavedState, _laid_end_to_end, _runs


@dataclass(frozen=True)
class Doc:
    """One row of the index: a clause, a law's own row, or a defined term (``law`` 0)."""

    law: int
    clause: str | None
    term: str | None
    title: str
    text: str
    words: frozenset
    # the headings above it: (clause id or "" for the law, its title's words, their characters)
    parents: tuple = ()
    actors: tuple = ()
    # the features that do not depend on the question (depth, length, law_row, definition)
    static: tuple = (0.0, 0.0, 0.0, 0.0)
    resemblance_keys: tuple = ()
    # the phrase-index keys of the clauses under the same heading (45C1's 45C2 … 45C4)
    sibling_keys: tuple = ()
    # where the resemblance and sibling keys sit in the answers of the phrase index and the clause pools
    # (see Resemblance.by_position)
    phrase_positions: tuple = ()
    pool_positions: tuple = ()
    sibling_phrase_positions: tuple = ()
    sibling_pool_positions: tuple = ()
    # its row in the index (and in RowWords)
    rowid: int = 0
    # what its rows group by (its law, or a definition's term), and its title as its law's and its own
    # clause's ("" for a law's row): read for every row of every question
    key: object = field(init=False, repr=False, compare=False)
    law_title: str = field(init=False, repr=False, compare=False)
    own_title: str = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        law_title, _, own_title = self.title.rpartition(" · ")
        object.__setattr__(self, "key", self.law or self.term)
        object.__setattr__(self, "law_title", law_title)
        object.__setattr__(self, "own_title", own_title)


def _parent_id(clause: str) -> str:
    """The heading a clause stands under: 45C4a → 45C4, 50B → 50."""
    return re.sub(r"(?:[A-Z]|\d+|[a-z])$", "", clause)


def _all_words(t_title: str, t_heading: str, t_body: str, t_chars: str, t_situations: str) -> frozenset[str]:
    """Every word of a row: its titles', heading's, text's, characters and situation phrases'."""
    return frozenset(" ".join([t_title, t_heading, t_body, t_chars, t_situations]).split())


def load_docs(db: sqlite3.Connection) -> dict[int, Doc]:
    """Every row of the index by rowid, each with its siblings' phrase-index keys."""
    docs = {}
    for (rowid, law, clause, term, title, text, parents, t_title, t_heading, t_body, t_chars,
         t_situations, situations, actors) in db.execute(
        "SELECT id, law, clause, term, title, text, parents, t_title, t_heading, t_body, t_chars, "
        "t_situations, situations, actors FROM docs"
    ):
        above = tuple((cid, frozenset(words.split()), frozenset("".join(words.split())))
                      for cid, words in json.loads(parents or "[]"))
        words = _all_words(t_title, t_heading, t_body, t_chars, t_situations)
        docs[rowid] = Doc(law, clause, term, title, text or "", words, above, rowid=rowid,
                           actors=tuple((actors or "").split()), static=_static_features(law, clause, text or ""),
                           resemblance_keys=_resemblance_keys(law, clause, term))
    under: dict[str, list[str]] = {}
    for doc in docs.values():
        if doc.clause and doc.clause != str(doc.law):
            under.setdefault(_parent_id(doc.clause), []).append(doc.clause)
    for rowid, doc in docs.items():
        if doc.clause and doc.clause != str(doc.law):
            siblings = tuple(("clause", c) for c in under[_parent_id(doc.clause)] if c != doc.clause)
            docs[rowid] = dataclasses.replace(doc, sibling_keys=siblings)
    return docs



class RowWords(SavedState):
    """Which rows hold each word, field by field: a row's title words, its own text's, its situation
    phrases', its character pairs, its characters and all its words (see :func:`row_word_sets`).

    The ranker's shares of a question in a row are counted for every row at once: each field's words
    have their rows laid end to end (row ``r`` of field ``f`` as ``f × size + r``), so one
    ``np.bincount`` adds up a question's words over every field and row.  Intersecting each found
    row's sets with the question's cost ~0.1 ms a question, mostly waiting for memory."""

    FIELDS = ("title_words", "body_words", "situation_words", "pairs", "chars", "words")

    def __init__(self, rows: dict[int, tuple[frozenset[str], ...]]):
        """``rows``: each row's word sets by rowid, in :attr:`FIELDS` order."""
        self.size = max(rows, default=0) + 1
        self.slots: list[dict[str, int]] = []   # per field, each word's run
        runs: list[list[int]] = []
        for f in range(len(self.FIELDS)):
            rows_of: dict[str, list[int]] = {}
            for rowid, fields in rows.items():
                for word in fields[f]:
                    rows_of.setdefault(word, []).append(f * self.size + rowid)
            self.slots.append({word: len(runs) + k for k, word in enumerate(rows_of)})
            runs += rows_of.values()
        self.offsets, rows = _laid_end_to_end(runs)
        self.rows = np.array(rows, np.int32)

    _STATE = ("size", "slots", "offsets", "rows")
    _ARRAYS = {"offsets": np.int32, "rows": np.int32}

    def held(self, asked: list[list[tuple[str, int]]]) -> np.ndarray:
        """The weight of the ``asked`` words (per field, distinct words with their weights) that each
        row holds, as an array of fields × rowids (whole numbers: the same in any order)."""
        slots, weights = [], []
        for slot_of, words in zip(self.slots, asked):
            for word, weight in words:
                k = slot_of.get(word)
                if k is not None:
                    slots.append(k)
                    weights.append(weight)
        if not slots:
            return np.zeros((len(self.FIELDS), self.size))
        lengths, (rows,) = _runs(self.offsets, slots, self.rows)
        held = np.bincount(rows, np.array(weights, np.float64).repeat(lengths), minlength=len(self.FIELDS) * self.size)
        return held.reshape(len(self.FIELDS), self.size)


def row_word_sets(db: sqlite3.Connection) -> dict[int, tuple[frozenset[str], ...]]:
    """Each row's word sets (in :attr:`RowWords.FIELDS` order) by rowid, from the index."""
    return {rowid: (frozenset(t_title.split()), frozenset(t_body.split()), frozenset(t_situations.split()),
                    frozenset(t_bigrams.split()), frozenset(t_chars.split()),
                    _all_words(t_title, t_heading, t_body, t_chars, t_situations))
            for rowid, t_title, t_heading, t_body, t_chars, t_bigrams, t_situations in db.execute(
                "SELECT id, t_title, t_heading, t_body, t_chars, t_bigrams, t_situations FROM docs")}


def _static_features(law: int, clause: str | None, text: str) -> tuple[float, float, float, float]:
    """The features that do not depend on the question, in :data:`FEATURES` order: depth,
    length, law_row, definition."""
    depth = len(re.findall(r"[A-Z]|\d+|[a-z]", clause[len(str(law)):])) if clause else 0
    return depth / 3, math.log1p(len(text)) / 6, 1.0 if law and not clause else 0.0, 1.0 if law == 0 else 0.0



def _resemblance_keys(law: int, clause: str | None, term: str | None) -> tuple:
    """The phrase-index keys whose phrases speak for a row: its own clause's, a heading's above
    it (whose phrases it carries), its law's, or its term's."""
    if law == 0:
        return (("term", term),)
    keys = [("law", law), ("clause", str(law))]
    clause = clause or ""
    keys += [("clause", clause[:n]) for n in range(len(str(law)) + 1, len(clause) + 1)]
    return tuple(keys)
