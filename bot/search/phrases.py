"""Nearest situation phrases: how closely a question resembles each phrase players use for a clause.

A phrase and a question are compared by what they share — Chinese character pairs and English
word stems, each weighted by how rare it is among all phrases (IDF) — as
``shared / sqrt(phrase × question)`` (1.0 for the same text).  An inverted index keeps a look-up
well under a millisecond.  The ranker reads each row's closest phrase; absent-law detection
compares the closest phrase of a missing law with the closest of the laws the corpus holds.

The postings are flat numpy arrays (each gram's run of phrase or pool numbers laid end to end)
and a look-up adds the question's runs up with ``np.bincount``, which adds its weights one by one
in the order given: the runs go in the order the question's grams are met, so every sum is the
same float a dict filled gram by gram would hold.  A look-up answers with a :class:`Resemblance`,
read as the dict of the keys the question meets but kept as the array the look-up made.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import re
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence

import numpy as np

from bot.search.lexicon import IRREGULAR_PAST

# The irregular past forms the phrase stems read (those the situation phrases were written and measured with;
# the lexicon's longer table moves answers: "won" in a revoke story)
_STEMMED_PAST = {word: IRREGULAR_PAST[word] for word in
                 ("led", "made", "gave", "took", "dealt", "saw", "went", "left", "shown", "fell", "told", "thought")}

_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
_EN_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
# English words that say nothing about the situation.
_EN_STOP = frozenset(
    """the and for are was were his her him she they them their this that with what when can could should would
    does did has had have not but from into out then than there here who whom which how why after before about
    just only also our your you its it's is be been being i'm i've we'd he's she's
    """.split())


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A rough base form of an English word, the same on both sides (revoked, revoking, revoke → revok)."""
    word = _STEMMED_PAST.get(word, word)
    for suffix in ("'s", "ies", "ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


# Digits inside Chinese belong to it: 「叫了8阶」, 「第5张」.
_HAN_DIGIT_RUN = re.compile(r"[\u4e00-\u9fff0-9]*[\u4e00-\u9fff][\u4e00-\u9fff0-9]*")


def grams(text: str) -> frozenset[str]:
    """What a text is compared by: the character pairs of its Chinese runs (with the digits in
    them) and the stems of its English words (three letters or more, less the function words)."""
    out = {run[i : i + 2] for run in _HAN_DIGIT_RUN.findall(text) for i in range(len(run) - 1)}
    out |= {"§" + stem(w) for w in _EN_WORD.findall(text) if len(w) > 2 and w not in _EN_STOP}
    return frozenset(out)


def question_grams(text: str, extra: Iterable[str] = ()) -> tuple[str, ...]:
    """The distinct grams of a question and of the ``extra`` texts (the words it was bridged to),
    sorted: every look-up adds their weights up in this order, so a score's last digits do not
    depend on the interpreter's string hashing (``PYTHONHASHSEED``); made once per question, it
    serves them all."""
    question = set(grams(text))
    for more in extra:
        question |= _word_grams(more)
    return tuple(sorted(question))


# the grams of a bridged word (questions are bridged to the same few hundred words again and again)
_word_grams = functools.lru_cache(maxsize=8192)(grams)


def document_frequencies(documents) -> dict[str, int]:
    """In how many of ``documents`` (each an iterable of distinct grams) every gram occurs (in an
    order that does not follow string hashing: the look-ups saved are the same bytes every build)."""
    df: dict[str, int] = {}
    for document in documents:
        for gram in sorted(document):
            df[gram] = df.get(gram, 0) + 1
    return df


def idf_weights(df: dict[str, int], n: int) -> dict[str, float]:
    """``log(1 + n / df)`` for every gram, ``n`` documents in all."""
    n = n or 1
    return {gram: math.log(1 + n / count) for gram, count in df.items()}


class SavedState:
    """An index that can be saved as the plain containers named in ``_STATE`` and made again
    from them without rebuilding (:mod:`bot.search.phrase_cache`)."""

    _STATE: tuple[str, ...] = ()
    # The numpy arrays among them and their types: saved as their bytes (marshal holds no arrays)
    # and read back as arrays over those bytes, without a copy.
    _ARRAYS: dict[str, type] = {}

    def to_state(self) -> list:
        """The index as plain containers."""
        return [getattr(self, name).tobytes() if name in self._ARRAYS else getattr(self, name) for name in self._STATE]

    @classmethod
    def from_state(cls, state: list):
        """The index :meth:`to_state` saved."""
        index = cls.__new__(cls)
        for name, value in zip(cls._STATE, state, strict=True):
            setattr(index, name, np.frombuffer(value, cls._ARRAYS[name]) if name in cls._ARRAYS else value)
        return index


class KeyedLookup(SavedState):
    """An index whose look-up answers every key of :attr:`answer_keys` (a :class:`Resemblance`)."""

    _ANSWER_KEYS = ""   # the attribute holding the keys, in the order of an answer's array

    @property
    def answer_keys(self) -> list[Hashable]:
        """The keys an answer is over, in the order of its array."""
        return getattr(self, self._ANSWER_KEYS)

    def position(self, key: Hashable) -> int:
        """Where ``key`` sits in :meth:`Resemblance.by_position` (one past the last key, a 0.0,
        for a key the index lacks)."""
        positions = self.__dict__.get("_positions")
        if positions is None:
            positions = self._positions = {k: i for i, k in enumerate(self.answer_keys)}
        return positions.get(key, len(positions))

    def weights(self, question: Iterable[str]) -> tuple[list[float], list[int | None]]:
        """The IDF of each of ``question``'s grams (0.0 for one the index lacks) and its postings slot
        (None: not looked up), in the question's order: what :meth:`look_up` reads of it."""
        return list(map(self.idf.get, question, itertools.repeat(0.0))), list(map(self.slot.get, question))

    def kind_mask(self, kind: str) -> np.ndarray:
        """Which keys are of ``kind`` (a tuple key's first item: ``("absent", 27)`` is of "absent")."""
        masks = self.__dict__.setdefault("_kind_masks", {})
        if kind not in masks:
            masks[kind] = np.array([isinstance(k, tuple) and k[:1] == (kind,) for k in self.answer_keys], bool)
        return masks[kind]

    def of_kind(self, kind: str) -> tuple[np.ndarray, list[Hashable]]:
        """The positions of the keys of ``kind``, in order, and the keys."""
        kinds = self.__dict__.setdefault("_of_kind", {})
        if kind not in kinds:
            positions = np.flatnonzero(self.kind_mask(kind))
            kinds[kind] = (positions, [self.answer_keys[k] for k in positions.tolist()])
        return kinds[kind]


class Resemblance(Mapping):
    """A look-up's answer: the resemblance of each key the question shares anything with, read as
    a dict of them, and kept as the array over all the index's keys that the look-up made (0.0
    for a key that shares nothing).  A question meets hundreds of keys; the search reads a few
    dozen by position (:meth:`by_position`) and a few summaries (:meth:`highest`, :meth:`of_kind`,
    :meth:`largest`), so the dict of them all is only made when something asks for it."""

    def __init__(self, index: KeyedLookup, array: np.ndarray, found: np.ndarray):
        """``array``: every key's resemblance, in :attr:`KeyedLookup.answer_keys` order (above 0.0
        for a key the question meets, else 0.0); ``found``: the positions of those it meets, in order."""
        self.index = index
        self.array = array
        self.found = found
        self._dict: dict | None = None
        self._values: list[float] | None = None
        self._highest: dict[str, tuple[float, float]] = {}

    def _as_dict(self) -> dict[Hashable, float]:
        if self._dict is None:
            keys = self.index.answer_keys
            self._dict = dict(zip([keys[k] for k in self.found.tolist()], self.array[self.found].tolist()))
        return self._dict

    def __getitem__(self, key: Hashable) -> float:
        return self._as_dict()[key]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._as_dict())

    def __len__(self) -> int:
        return len(self.found)

    def __repr__(self) -> str:
        return f"Resemblance({self._as_dict()!r})"

    def by_position(self) -> list[float]:
        """Every key's resemblance by its :meth:`KeyedLookup.position` (0.0 for none), and a 0.0 after them."""
        if self._values is None:
            self._values = self.array.tolist() + [0.0]
        return self._values

    def highest(self, kind: str) -> tuple[float, float]:
        """The highest resemblance (at least 0.0) among the keys of ``kind`` and among the others."""
        if kind not in self._highest:
            of_kind = self.index.kind_mask(kind)
            self._highest[kind] = (max(0.0, float(np.maximum.reduce(self.array[of_kind], initial=0.0))),
                                   max(0.0, float(np.maximum.reduce(self.array[~of_kind], initial=0.0))))
        return self._highest[kind]

    def of_kind(self, kind: str) -> list[tuple[Hashable, float]]:
        """The keys of ``kind`` the question meets, with their resemblance, in the dict's order."""
        positions, keys = self.index.of_kind(kind)
        # (a key met resembles the question more than 0.0, one not met not at all)
        return [(key, sim) for key, sim in zip(keys, self.array[positions].tolist()) if sim > 0.0]

    def largest(self, n: int) -> list[tuple[Hashable, float]]:
        """The ``n`` keys that resemble the question most, with their resemblance, most first (of
        equal ones, the first in the dict's order): ``heapq.nlargest(n, items, key=resemblance)``."""
        found = self.found
        if len(found) > n:
            # the keys at least as close as the n-th closest (ties with it too), in the dict's order
            values = self.array[found]
            nth = values.copy()
            nth.partition(len(values) - n)
            found = found[values >= nth[len(values) - n]]
        resemblance = self.array[found].tolist()
        top = sorted(range(len(resemblance)), key=resemblance.__getitem__, reverse=True)[:n]
        keys, positions = self.index.answer_keys, found.tolist()
        return [(keys[positions[i]], resemblance[i]) for i in top]


def _laid_end_to_end(runs: Iterable[list]) -> tuple[np.ndarray, list]:
    """The offsets of ``runs`` laid end to end (run ``k`` is ``offsets[k]:offsets[k + 1]``) and
    their items in one list."""
    items: list = []
    offsets = [0]
    for run in runs:
        items += run
        offsets.append(len(items))
    return np.array(offsets, np.int32), items


def _runs(offsets: np.ndarray, slots: list[int], *arrays: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """The lengths of the runs ``slots`` (in that order) and each of ``arrays``' runs laid end to end."""
    slots = np.array(slots, np.intp)
    starts = offsets[slots]
    lengths = offsets[slots + 1] - starts
    # item i of the result is item i − (where its run starts in the result) + (where it starts in the array);
    # (array methods, not numpy's functions: those go through Python wrappers, microseconds a question)
    ends = lengths.cumsum()
    at = np.arange(ends[-1] if len(ends) else 0) + (starts - ends + lengths).repeat(lengths)
    return lengths, [a[at] for a in arrays]


class PhraseIndex(KeyedLookup):
    """Phrases, each under a key (a row id, a law number …), searchable by resemblance."""

    def __init__(self, entries: Iterable[tuple[Hashable, str]]):
        """``entries``: (key, normalised phrase) pairs; a key may own many phrases."""
        self.keys: list[Hashable] = []
        phrase_grams: list[frozenset[str]] = []
        for key, text in entries:
            self.keys.append(key)
            phrase_grams.append(grams(text))
        df, n = document_frequencies(phrase_grams), len(phrase_grams) or 1
        self.idf = idf_weights(df, n)
        # The postings number the phrases in key order, not in the entries' (a key's phrases need
        # not be neighbours there): the closest phrase of every key is the maximum over one stretch.
        number = {key: k for k, key in enumerate(dict.fromkeys(self.keys))}
        self.distinct_keys = list(number)
        key_of = np.array([number[key] for key in self.keys], np.int32)
        in_key_order = np.argsort(key_of, kind="stable")
        self.row = np.empty(len(self.keys), np.int32)   # a phrase position's number in key order
        self.row[in_key_order] = np.arange(len(self.keys))
        sizes = np.bincount(key_of, minlength=len(number))
        self.key_starts = (np.cumsum(sizes) - sizes).astype(np.int32)
        # A pair in a tenth of all phrases (可以, 什么) tells them apart too little to be worth its
        # postings: it counts in a question's mass but is not looked up.
        common = {gram for gram, count in df.items() if count > max(20, n / 10)}
        postings: dict[str, list[int]] = {}
        for row, g in zip(self.row.tolist(), phrase_grams):
            for gram in sorted(g):
                if gram not in common:
                    postings.setdefault(gram, []).append(row)
        self.slot = {gram: k for k, gram in enumerate(postings)}
        self.offsets, rows = _laid_end_to_end(postings.values())
        self.postings = np.array(rows, np.int32)
        mass = [sum(self.idf[gram] for gram in sorted(g)) for g in phrase_grams]
        self.inv_sqrt_mass = np.array([1.0 / math.sqrt(m) if m else 0.0 for m in mass])[in_key_order]

    # (the phrases' texts are not kept: nothing reads them once the postings are made)
    _STATE = ("keys", "idf", "slot", "offsets", "postings", "inv_sqrt_mass", "distinct_keys", "row", "key_starts")
    _ARRAYS = {"offsets": np.int32, "postings": np.int32, "inv_sqrt_mass": np.float64, "row": np.int32,
               "key_starts": np.int32}
    _ANSWER_KEYS = "distinct_keys"

    def best_by_key(self, text: str, extra: Iterable[str] = (), skip: set[int] | None = None) -> Resemblance:
        """The closest phrase's resemblance (0–1) for every key that shares anything with ``text``
        (and with the ``extra`` texts, e.g. the glossary words the question was bridged to).
        ``skip``: phrase positions to leave out (to test a phrase against the others)."""
        return self.look_up(question_grams(text, extra), skip)

    def look_up(self, question: set[str], skip: set[int] | None = None,
                weights: tuple[Sequence[float], Sequence[int | None]] | None = None) -> Resemblance:
        """:meth:`best_by_key` of a question's :func:`question_grams` (``weights``: their :meth:`weights`,
        when read already, e.g. by a :class:`GramWeights`)."""
        idf, slots = weights or self.weights(question)
        q_mass = sum(idf)
        looked_up = [(slot, weight) for slot, weight in zip(slots, idf) if slot is not None]
        if not q_mass or not looked_up:
            return Resemblance(self, np.zeros(len(self.distinct_keys)), np.zeros(0, np.int64))
        lengths, (rows,) = _runs(self.offsets, [slot for slot, _ in looked_up], self.postings)
        per_row = np.array([weight for _, weight in looked_up]).repeat(lengths)
        sim = np.bincount(rows, per_row, minlength=len(self.keys))
        # (in place: two fewer arrays of every phrase a question)
        sim *= self.inv_sqrt_mass
        sim *= 1.0 / math.sqrt(q_mass)
        if skip:
            sim[self.row[list(skip)]] = 0.0
        best = np.maximum.reduceat(sim, self.key_starts)
        return Resemblance(self, best, (best > 0.0).nonzero()[0])


class PooledIndex(KeyedLookup):
    """Phrases pooled per key (every phrase of a missing law, every phrase and title of a law the
    corpus holds), each pool one bag of character pairs and English stems: a question told in
    words spread over several of a law's phrases still meets that law as a whole.

    A pool weighs a gram by IDF over pools × (1 + log of its count in the pool); a question's
    resemblance to a pool is the cosine of their weighted bags (0–1)."""

    def __init__(self, entries: Iterable[tuple[Hashable, str]]):
        """``entries``: (pool key, normalised phrase) pairs, in the order of the :class:`PhraseIndex`
        built from the same entries (so a phrase position can be left out)."""
        self.phrase_pool: list[int] = []
        self.texts: list[str] = []
        pool_of: dict[Hashable, int] = {}
        counts: list[dict[str, int]] = []
        self.keys: list[Hashable] = []
        for key, text in entries:
            p = pool_of.get(key)
            if p is None:
                p = pool_of[key] = len(self.keys)
                self.keys.append(key)
                counts.append({})
            self.phrase_pool.append(p)
            self.texts.append(text)
            for gram in sorted(grams(text)):
                counts[p][gram] = counts[p].get(gram, 0) + 1
        self.idf = idf_weights(document_frequencies(counts), len(counts))
        # A posting holds its pool and its term of the dot product with a question holding the gram
        # (which weighs it by its IDF): IDF × the pool's weight of it.
        postings: dict[str, list[tuple[int, float]]] = {}
        for p, c in enumerate(counts):
            for gram, count in c.items():
                postings.setdefault(gram, []).append((p, self.idf[gram] * self._weight(gram, count)))
        self.norm = np.array([self._norm(c) for c in counts])
        # Every gram's postings laid end to end in two flat arrays, the gram's slot telling where
        # its run starts and ends: a tuple apiece took 15 MB of a running bot's memory.
        self.slot = {gram: k for k, gram in enumerate(postings)}
        self.offsets, run = _laid_end_to_end(postings.values())
        self.pools = np.array([p for p, _ in run], np.int32)
        self.products = np.array([product for _, product in run], np.float64)

    _STATE = ("phrase_pool", "texts", "keys", "idf", "slot", "offsets", "pools", "products", "norm")
    _ARRAYS = {"offsets": np.int32, "pools": np.int32, "products": np.float64, "norm": np.float64}
    _ANSWER_KEYS = "keys"

    @functools.cached_property
    def _phrases_and_pools(self) -> tuple[list[frozenset[str]], list[dict[str, int]]]:
        """Each phrase's grams and each pool's gram counts: only leaving a phrase out needs them
        (training), so they are made then and not kept by a running bot."""
        phrase_grams = [grams(text) for text in self.texts]
        counts: list[dict[str, int]] = [{} for _ in self.keys]
        for p, g in zip(self.phrase_pool, phrase_grams):
            for gram in sorted(g):
                counts[p][gram] = counts[p].get(gram, 0) + 1
        return phrase_grams, counts

    def _weight(self, gram: str, count: int) -> float:
        return self.idf[gram] * (1.0 + math.log(count)) if count > 0 else 0.0

    def _norm(self, counts: dict[str, int]) -> float:
        return math.sqrt(sum(self._weight(g, c) ** 2 for g, c in counts.items())) or 1.0

    def best_by_key(self, text: str, extra: Iterable[str] = (), skip: set[int] | None = None) -> Resemblance:
        """Every pool's resemblance (cosine, 0–1) to ``text`` (and the ``extra`` bridged words) that
        shares anything with it; ``skip``: phrase positions to leave out of their pools."""
        return self.look_up(question_grams(text, extra), skip)

    def look_up(self, question: set[str], skip: set[int] | None = None,
                weights: tuple[Sequence[float], Sequence[int | None]] | None = None) -> Resemblance:
        """:meth:`best_by_key` of a question's :func:`question_grams` (``weights``: their :meth:`weights`,
        when read already, e.g. by a :class:`GramWeights`)."""
        idf, slots = weights or self.weights(question)
        q_norm = math.sqrt(sum(map(operator.pow, idf, itertools.repeat(2))))
        if not q_norm:
            return Resemblance(self, np.zeros(len(self.keys)), np.zeros(0, np.int64))
        _, (pools, products) = _runs(self.offsets, [slot for slot in slots if slot is not None],
                                     self.pools, self.products)
        dot = np.bincount(pools, products, minlength=len(self.keys))
        norms = self.norm
        if skip:
            norms = norms.copy()
            phrase_grams, counts = self._phrases_and_pools
            for i in skip:
                p = self.phrase_pool[i]
                left = dict(counts[p])
                for gram in phrase_grams[i]:
                    left[gram] -= 1
                    if gram in question:
                        idf = self.idf[gram]
                        dot[p] -= idf * (self._weight(gram, left[gram] + 1) - self._weight(gram, left[gram]))
                norms[p] = self._norm(left)
        found = (dot > 1e-12).nonzero()[0]
        resemblance = np.zeros(len(self.keys))
        resemblance[found] = dot[found] / (norms[found] * q_norm)
        return Resemblance(self, resemblance, found)


class GramWeights:
    """The :meth:`KeyedLookup.weights` of a question's grams in several look-ups at once, each gram's
    kept once read.  A question's grams go to three look-ups, and reading each one from their six
    dicts of ~20 000 grams cost ~40 µs a question, mostly waiting for memory; a gram read before is
    one look-up here (questions share most of their character pairs)."""

    # grams kept (the bench's 1 718 questions hold ~8 500); past that it starts afresh
    LIMIT = 65536

    def __init__(self, indexes: Sequence[KeyedLookup]):
        self.indexes = tuple(indexes)
        self._known: dict[str, tuple] = {}

    def weights(self, question: Iterable[str]) -> list[tuple[Sequence[float], Sequence[int | None]]]:
        """For each of :attr:`indexes`, its :meth:`KeyedLookup.weights` of ``question``."""
        rows = list(map(self._known.get, question))
        if None in rows:
            rows = [row or self._read(gram) for gram, row in zip(question, rows)]
        columns = list(zip(*rows)) or [()] * (2 * len(self.indexes))
        return [(columns[2 * i], columns[2 * i + 1]) for i in range(len(self.indexes))]

    def _read(self, gram: str) -> tuple:
        """The gram's IDF and slot in each index, kept."""
        if len(self._known) >= self.LIMIT:
            self._known.clear()
        row = self._known[gram] = tuple(v for index in self.indexes for v in (index.idf.get(gram, 0.0), index.slot.get(gram)))
        return row
