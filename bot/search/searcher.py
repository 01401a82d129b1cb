"""Find the law and clause that answers a question: references, definitions, then FTS5/BM25.

Open one :class:`Searcher` per process (``Searcher.open()``) and call :meth:`Searcher.ask`
per question.  Every hit names a law (0 for a definition), the best clause in it, a
snippet and the matched words; ``confident`` is False when nothing matched well, and the
hits are then only the nearest candidates.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from bot.rulebook import model as rulebook_module
from bot.search.index import GLOSSARY_PATH, default_cache_dir, ensure_index, load_glossary
from bot.search.query import STOPWORDS_ZH, Lexicon, Query, understand
from bot.rulebook.refs import Reference, ReferenceInputError
from bot.rulebook.model import Definition, Law, Rulebook
from bot.search.segment import Segmenter
from bot.base.textnorm import normalize_query

# Column weights for bm25(): titles (clause, its parents, law; or term), chapter and section, body text,
# single characters (so a one-character query word still meets the words that contain it), and
# character pairs (matched by the question's own pairs, whatever jieba made of either side).
BM25_WEIGHTS = (2.0, 0.5, 1.0, 0.5, 0.6)
CANDIDATES = 80
# Outside definition questions a definition competes at a discount: it is short, so BM25 overrates it.
DEFINITION_WEIGHT = 0.5
POOL_WEIGHT = 0.2
# The law's second row, this close to its best, under one heading with it: answer the heading.
SIBLING_SHARE = 0.85
# How much the question's own characters in a row, and its words in the row's own clause title,
# weigh against BM25, choosing among a law's rows.
CHAR_TIEBREAK = 0.4
OWN_TITLE = 0.25
MAX_QUERY_CHARS = 2000
SNIPPET_CHARS = 90
# A best hit below this score, or matching under this share of the question's words, is a guess.
MIN_SCORE = 4.0
MIN_COVERAGE = 0.34


@dataclass
class Hit:
    """One answer: a clause (or whole law) or a definition (``law`` 0, ``term`` set)."""

    law: int
    clause: str | None
    title: str
    score: float
    snippet: str
    matched: list[str] = field(default_factory=list)
    term: str | None = None

    def to_json(self) -> dict:
        """The hit as the JSON object of ``bridgebot ask --json``."""
        data = {"law": self.law, "clause": self.clause, "title": self.title, "score": round(self.score, 3),
                "snippet": self.snippet, "matched": self.matched}
        if self.term is not None:
            data["term"] = self.term
        return data


@dataclass
class SearchResult:
    """The answer to one question."""

    query: str
    normalized: str
    hits: list[Hit]
    confident: bool
    reference: Reference | None = None
    reference_error: ReferenceInputError | None = None

    def to_json(self) -> dict:
        """The result as the JSON document of ``bridgebot ask --json``."""
        data = {"query": self.query, "normalized": self.normalized, "confident": self.confident,
                "reference": self.reference.id if self.reference else None,
                "hits": [h.to_json() for h in self.hits]}
        if self.reference_error:
            data["error"] = {"zh": self.reference_error.message_zh, "en": self.reference_error.message_en}
        return data


class Searcher:
    """The search over one rulebook; open once, ask many times."""

    def __init__(self, rulebook: Rulebook, db: sqlite3.Connection, segmenter: Segmenter, lexicon: Lexicon):
        """Use :meth:`open` instead."""
        self.rulebook = rulebook
        self.db = db
        self.segmenter = segmenter
        self.lexicon = lexicon
        self._docs = _load_docs(db)
        self._definitions = {normalize_query(d.term): d for d in rulebook.definitions}
        self._definitions.update({normalize_query(d.en): d for d in rulebook.definitions if d.en})

    @classmethod
    def open(cls, rulebook: Rulebook | str | Path | None = None, cache_dir: str | Path | None = None,
             glossary: str | Path | None = None) -> "Searcher":
        """Open the search, building the index into ``cache_dir`` first if it is missing or stale.

        ``rulebook``: a :class:`Rulebook`, a path to a rulebook JSON, or None for the corpus one.
        ``cache_dir``: defaults to ``$BRIDGEBOT_CACHE`` or ``~/.cache/bridgebot``.
        ``glossary``: defaults to ``corpus/glossary.yaml``.
        """
        if not isinstance(rulebook, Rulebook):
            rulebook = rulebook_module.load(Path(rulebook or rulebook_module.RULEBOOK_PATH))
        cache = Path(cache_dir) if cache_dir else default_cache_dir()
        files = ensure_index(rulebook, load_glossary(glossary or GLOSSARY_PATH), cache)
        db = sqlite3.connect(f"file:{files.db}?mode=ro", uri=True, check_same_thread=False)
        return cls(rulebook, db, Segmenter(files.dictionary, cache), _lexicon(db))

    def close(self) -> None:
        """Close the database connection."""
        self.db.close()

    def ask(self, question: str, k: int = 3) -> SearchResult:
        """Answer ``question`` with up to ``k`` hits, best first (distinct laws)."""
        q = understand(question[:MAX_QUERY_CHARS], self.segmenter, self.lexicon)
        result = SearchResult(query=question, normalized=q.normalized, hits=[], confident=False,
                              reference=q.reference, reference_error=q.reference_error)
        if q.reference:
            hit = self._reference_hit(q.reference)
            result.hits = [hit] if hit else []
            result.confident = hit is not None
            return result
        definition = self._definition_for(q)
        hits, coverage = self._search(q, k, exclude_definitions=definition is not None)
        mentioned = self._reference_hit(q.mentioned) if q.mentioned else None
        if mentioned:
            # 「第50条D款说的是什么」: the law named in the sentence comes first.
            result.hits = [mentioned] + [h for h in hits if h.law != mentioned.law][: k - 1]
            result.confident = True
        elif definition:
            result.hits = [self._definition_hit(definition, q)] + hits[: k - 1]
            result.confident = True
        else:
            result.hits = hits[:k]
            # Single characters alone (「你好」 → 好) are never evidence enough.
            result.confident = (
                bool(hits) and hits[0].score >= MIN_SCORE and coverage >= MIN_COVERAGE
                and any(len(w) > 1 for w in hits[0].matched)
            )
        return result

    # -- references and definitions ---------------------------------------------------------

    def _reference_hit(self, ref: Reference) -> Hit | None:
        law = self.rulebook.law(ref.law)
        if law is None:
            return None
        clause = None
        if ref.clause:
            wanted = ref.clause
            while clause is None and wanted and not wanted.isdigit():
                clause = law.clause(wanted)
                wanted = wanted[:-1]
        if clause is None:
            return Hit(law=law.number, clause=None, title=law.title, score=100.0, snippet=_head(law.intro or _law_text(law)))
        text = clause.text or " ".join(c.text for c in law.subtree(clause.id) if c.text)
        return Hit(law=law.number, clause=clause.id, title=f"{law.title} · {clause.title}".strip(" ·"),
                   score=100.0, snippet=_head(text))

    def _definition_for(self, q: Query) -> Definition | None:
        subject = q.subject or q.normalized
        fixed = subject
        for window, word in q.fixes:
            fixed = fixed.replace(window, word)
        candidates = [subject, re.sub(r"^(?:a|an|the)\s+", "", subject), fixed]
        candidates += self.lexicon.glossary.get(subject, [])
        if subject.isascii():
            word = self.lexicon.english_word(subject)
            candidates += self.lexicon.glossary.get(word or "", [])
        for cand in candidates:
            found = self._definitions.get(cand.strip(" \"'“”「」"))
            if found:
                return found
        # A defined term with one more character, in a word the rulebook never uses
        # (约定叫 → 约定, 心理叫牌 → 心理叫); 约定卡 is a rulebook word, and no definition.
        if q.subject and not q.subject.isascii() and q.subject not in self.lexicon.vocab:
            found = self._definitions.get(q.subject[:-1])
            if found and len(q.subject) > 2:
                return found
        return None

    def _definition_hit(self, d: Definition, q: Query) -> Hit:
        words = [normalize_query(d.term)] + [w for w in q.terms if w != normalize_query(d.term)]
        return Hit(law=0, clause=None, term=d.term, title=f"{d.term} ({d.en})" if d.en else d.term, score=100.0,
                   snippet=_snippet(d.text, words), matched=[w for w in words if w in (d.term + d.text).lower()])

    # -- full text ----------------------------------------------------------------------------

    def _search(self, q: Query, k: int, exclude_definitions: bool) -> tuple[list[Hit], float]:
        terms = q.terms
        if not terms:
            return [], 0.0
        expr = " OR ".join(_quote(t) for t, weight in terms.items() for _ in range(weight))
        if q.bigrams:
            expr += " OR " + " OR ".join("t_bigrams : " + _quote(g) for g in q.bigrams)
        rows = self.db.execute(
            f"SELECT rowid, bm25(docs_fts, {', '.join(map(str, BM25_WEIGHTS))}) AS rank "
            "FROM docs_fts WHERE docs_fts MATCH ? ORDER BY rank LIMIT ?",
            (expr, CANDIDATES),
        ).fetchall()
        groups: dict[object, list[tuple[_Doc, float]]] = {}
        for rowid, rank in rows:
            doc = self._docs[rowid]
            if exclude_definitions and doc.law == 0:
                continue
            # A definition stands alone; clauses of one law pool their evidence.
            groups.setdefault(doc.law or doc.term, []).append((doc, -rank))
        ranked = sorted(((_group_score(g), g) for g in groups.values()), key=lambda x: x[0], reverse=True)
        # One definition at most: a question outside the definitions wants laws, and a short
        # definition row that shares a glossary word would otherwise crowd them out.
        first_definition = next((i for i, (_, g) in enumerate(ranked) if g[0][0].law == 0), None)
        ranked = [r for i, r in enumerate(ranked) if r[1][0][0].law != 0 or i == first_definition]
        chars = _content_chars(q.normalized)
        hits = []
        for score, group in ranked[: max(k, 3)]:
            doc = _best_row(group, chars, terms)
            matched = [t for t in terms if t in doc.words]
            clause = _shared_heading(group, terms) or self._answer_level(doc, terms)
            title = doc.title if clause == doc.clause else self._title(doc.law, clause)
            hits.append(Hit(law=doc.law, clause=clause, term=doc.term, title=title, score=score,
                            snippet=_snippet(doc.text or doc.title, matched), matched=matched))
        coverage = sum(terms[t] for t in hits[0].matched) / sum(terms.values()) if hits else 0.0
        return hits, coverage

    def _title(self, number: int, clause_id: str | None) -> str:
        law = self.rulebook.law(number)
        clause = law.clause(clause_id) if clause_id else None
        return " · ".join(filter(None, [law.title, clause.title if clause else ""]))

    def _answer_level(self, doc: "_Doc", terms) -> str | None:
        """The clause to answer with: the row's own, or the broadest heading above it (the whole
        law, or a parent clause) whose title alone holds every word of the question — the
        question names the heading, not this row's details (「约定卡」 → 40E, not 40E1)."""
        if not terms or doc.clause is None:
            return doc.clause
        for clause_id, title_words in reversed(doc.parents):
            chars = set("".join(title_words))
            if all(w in title_words or (len(w) == 1 and w in chars) for w in terms):
                return clause_id or None
        return doc.clause


@dataclass(frozen=True)
class _Doc:
    law: int
    clause: str | None
    term: str | None
    title: str
    text: str
    words: frozenset
    parents: tuple = ()


def _load_docs(db: sqlite3.Connection) -> dict[int, _Doc]:
    docs = {}
    for rowid, law, clause, term, title, text, parents, *tokens in db.execute(
        "SELECT id, law, clause, term, title, text, parents, t_title, t_heading, t_body, t_chars FROM docs"
    ):
        above = tuple((cid, frozenset(words.split())) for cid, words in json.loads(parents or "[]"))
        docs[rowid] = _Doc(law, clause, term, title, text or "", frozenset(" ".join(tokens).split()), above)
    return docs


def _shared_heading(group: list[tuple["_Doc", float]], terms) -> str | None:
    """The heading over the law's two best rows when the question's words are split between
    them — a question about both siblings (竖着 and 横着 → 65B, not 65B2) — else None."""
    if len(group) < 2 or group[0][0].law == 0:
        return None
    (first, best), (second, runner_up) = group[0], group[1]
    if runner_up < SIBLING_SHARE * best:
        return None
    if not [t for t in terms if t in second.words and t not in first.words and len(t) > 1]:
        return None
    theirs = {cid for cid, _ in second.parents}
    return next((cid for cid, _ in first.parents if cid and cid in theirs), None)


def _content_chars(text: str) -> frozenset:
    """The question's Chinese characters, less the one-character fillers (的, 吗, 了 …)."""
    return frozenset(c for c in text if "\u4e00" <= c <= "\u9fff" and c not in STOPWORDS_ZH)


def _own_title_share(doc: "_Doc", words: list[str]) -> float:
    """The share of the question's ``words`` (beyond single characters and the law's own title)
    that the row's own clause title holds: 「飞牌」 names 70E 「未提及的打牌路线(飞牌或跌落)」."""
    law_title, _, own = doc.title.rpartition(" · ")
    words = [t for t in words if t not in law_title]
    if not doc.clause or not own or not words:
        return 0.0
    return sum(1 for t in words if t in own) / len(words)


def _best_row(group: list[tuple["_Doc", float]], chars: frozenset, terms=()) -> "_Doc":
    """The row of a law to answer with: the best BM25 row, unless a close one shares more of
    the question's own characters, or has more of its words in its own title — BM25 favours
    short rows, and rows of one law share the law's title, so near-ties between siblings are
    decided by the words the question used (「下一个轮到谁」 → 17C 「下家 … 轮流叫牌」, not 17B)."""
    if len(group) < 2 or group[0][0].law == 0 or not chars:
        return group[0][0]
    best = group[0][1]
    words = [t for t in terms if len(t) > 1]
    return max(group, key=lambda row: row[1] + CHAR_TIEBREAK * best * len(chars & row[0].words) / len(chars)
               + OWN_TITLE * best * _own_title_share(row[0], words))[0]


def _group_score(group: list[tuple[_Doc, float]]) -> float:
    """A law's score: its best row, plus a share of the next ones (several clauses agreeing)."""
    scores = [score for _, score in group]
    if group[0][0].law == 0:
        return scores[0] * DEFINITION_WEIGHT
    return scores[0] + POOL_WEIGHT * sum(scores[1:4])


def _lexicon(db: sqlite3.Connection) -> Lexicon:
    vocab = dict(db.execute("SELECT word, df FROM vocab"))
    glossary: dict[str, list[str]] = {}
    for phrase, target in db.execute("SELECT phrase, target FROM glossary"):
        glossary.setdefault(phrase, []).append(target)
    pinyin_key = dict(db.execute("SELECT word, py FROM vocab WHERE py IS NOT NULL"))

    def pinyin_of(text: str) -> dict[str, str]:
        chars = sorted(set(text))
        marks = ",".join("?" * len(chars))
        return dict(db.execute(f"SELECT char, py FROM pinyin WHERE char IN ({marks})", chars))

    def is_common(word: str) -> bool:
        return db.execute("SELECT 1 FROM common WHERE word = ?", (word,)).fetchone() is not None

    rows = db.execute("SELECT count(*) FROM docs").fetchone()[0]
    return Lexicon(vocab=vocab, glossary=glossary, pinyin_key=pinyin_key, pinyin_of=pinyin_of, rows=rows,
                   is_common=is_common)


def _quote(token: str) -> str:
    """An FTS5 string literal: user words never reach MATCH as operators."""
    return '"' + token.replace('"', '""') + '"'


def _law_text(law: Law) -> str:
    return " ".join(c.text for c in law.clauses if c.text)


def _head(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SNIPPET_CHARS else text[:SNIPPET_CHARS] + "…"


def _snippet(text: str, words) -> str:
    """About :data:`SNIPPET_CHARS` characters of ``text`` around the first matched word."""
    flat = " ".join(text.split())
    lowered = flat.lower()  # rulebook text is already simplified and half-width
    positions = [i for i in (lowered.find(w) for w in words if w) if i >= 0]
    if not positions or len(flat) <= SNIPPET_CHARS:
        return _head(flat)
    start = max(0, min(positions) - SNIPPET_CHARS // 3)
    piece = flat[start : start + SNIPPET_CHARS]
    return ("…" if start else "") + piece + ("…" if start + SNIPPET_CHARS < len(flat) else "")
