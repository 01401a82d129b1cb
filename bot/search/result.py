"""The result stage: the answer's types (:class:`Hit`, :class:`SearchResult` …) and the hits made of a
law reference, a definition or the ranked laws, each with its snippet; and when a ranked answer is
confident."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.base.inputs import plain_digits
from bot.base.textnorm import normalize_query
from bot.rulebook.model import Definition, Law, Rulebook
from bot.rulebook.refs import Reference, ReferenceInputError
from bot.search.missing import AbsentLaw

if TYPE_CHECKING:
    from bot.search.documents import Doc
    from bot.search.query import Query
    from bot.search.rank import LawCandidates

SNIPPET_CHARS = 90


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
    actors: tuple[str, ...] = ()

    def to_json(self) -> dict:
        """The hit as the JSON object of ``bridgebot ask --json``."""
        data = {"law": self.law, "clause": self.clause, "title": self.title, "score": round(self.score, 3),
                "snippet": self.snippet, "matched": self.matched}
        if self.term is not None:
            data["term"] = self.term
        return data


@dataclass(frozen=True)
class ActorOption:
    """One reading of who acted, and the best answer under it."""

    actor: str
    label_zh: str
    label_en: str
    hit: Hit

    def to_json(self) -> dict:
        """The option as JSON (in ``ambiguous.options``)."""
        return {"actor": self.actor, "label_zh": self.label_zh, "label_en": self.label_en, "hit": self.hit.to_json()}


@dataclass(frozen=True)
class Ambiguity:
    """The question leaves open who acted, and the answer depends on it: the question to ask back."""

    question_zh: str
    question_en: str
    options: list[ActorOption]

    def to_json(self) -> dict:
        """The ambiguity as JSON (``ambiguous`` of ``bridgebot ask --json``)."""
        return {"question_zh": self.question_zh, "question_en": self.question_en,
                "options": [o.to_json() for o in self.options]}


@dataclass
class SearchResult:
    """The answer to one question.

    ``confident``: the best hit is very likely right (calibrated, see :mod:`bot.search.ranker`).
    ``likely``: not confident, but the best hit is likely enough to quote as the likely clause.
    ``absent``: laws the question is about that the corpus lacks (empty when none).
    ``ambiguous``: None, or the question to ask when the answer depends on who acted.
    ``actor``: who acted, as read from the question or given by the caller."""

    query: str
    normalized: str
    hits: list[Hit]
    confident: bool
    reference: Reference | None = None
    reference_error: ReferenceInputError | None = None
    absent: list[AbsentLaw] = field(default_factory=list)
    ambiguous: Ambiguity | None = None
    actor: str | None = None
    probability: float | None = None
    likely: bool = False

    def to_json(self) -> dict:
        """The result as the JSON document of ``bridgebot ask --json``."""
        data = {"query": self.query, "normalized": self.normalized, "confident": self.confident,
                "likely": self.likely,
                "reference": self.reference.id if self.reference else None,
                "hits": [h.to_json() for h in self.hits],
                "absent": [a.to_json() for a in self.absent],
                "ambiguous": self.ambiguous.to_json() if self.ambiguous else None,
                "actor": self.actor}
        if self.reference_error:
            data["error"] = {"zh": self.reference_error.message_zh, "en": self.reference_error.message_en}
        return data


def reference_hit(rulebook: Rulebook, ref: Reference) -> Hit | None:
    """The hit for a law reference (「第50条D款」): the clause named (or the nearest one above it that the law
    has), else the whole law; None for a law the rulebook lacks."""
    law = rulebook.law(ref.law)
    if law is None:
        return None
    clause = None
    if ref.clause:
        wanted = ref.clause
        while clause is None and wanted and not plain_digits(wanted):
            clause = law.clause(wanted)
            wanted = wanted[:-1]
    if clause is None:
        return Hit(law=law.number, clause=None, title=law.title, score=100.0, snippet=_head(law.intro or _law_text(law)))
    text = clause.text or " ".join(c.text for c in law.subtree(clause.id) if c.text)
    return Hit(law=law.number, clause=clause.id, title=f"{law.title} · {clause.title}".strip(" ·"),
               score=100.0, snippet=_head(text))


def definition_hit(d: Definition, q: Query) -> Hit:
    """The hit for a defined term (law 0), its snippet around the question's words."""
    words = [normalize_query(d.term)] + [w for w in q.terms if w != normalize_query(d.term)]
    return Hit(law=0, clause=None, term=d.term, title=f"{d.term} ({d.en})" if d.en else d.term, score=100.0,
               snippet=_snippet(d.text, words), matched=[w for w in words if w in (d.term + d.text).lower()])


def answer_hits(q: Query, ranked: list[LawCandidates], k: int, rulebook: Rulebook) -> list[Hit]:
    """The hits of the ranked laws (at least three, for the caller to cut to ``k``), best first."""
    terms = q.terms
    hits = []
    for group in ranked[: max(k, 3)]:
        doc = group.best.doc
        matched = [t for t in terms if t in doc.words]
        clause = _answer_level(doc, terms)
        title = doc.title if clause == doc.clause else _title(rulebook, doc.law, clause)
        hits.append(Hit(law=doc.law, clause=clause, term=doc.term, title=title, score=round(group.score, 3),
                        snippet=_snippet(doc.text or doc.title, matched), matched=matched, actors=doc.actors))
    return hits


def _title(rulebook: Rulebook, number: int, clause_id: str | None) -> str:
    law = rulebook.law(number)
    clause = law.clause(clause_id) if clause_id else None
    return " · ".join(filter(None, [law.title, clause.title if clause else ""]))


def _answer_level(doc: Doc, terms) -> str | None:
    """The clause to answer with: the row's own, or the broadest heading above it (the whole
    law, or a parent clause) whose title alone holds every word of the question — the
    question names the heading, not this row's details (「约定卡」 → 40E, not 40E1)."""
    if not terms or doc.clause is None:
        return doc.clause
    for clause_id, title_words, chars in reversed(doc.parents):
        if all(w in title_words or (len(w) == 1 and w in chars) for w in terms):
            return clause_id or None
    return doc.clause


def ranked_answer_confident(hits: list[Hit], absent: list[AbsentLaw], probability: float | None, threshold: float,
                            bare_defined: tuple | None) -> bool:
    """Whether the ranked answer ``hits`` is confident: its model probability clears ``threshold`` — or it is
    the law row defining the bare word the message is (``bare_defined``) — and no missing law is reported."""
    # Single characters alone (「你好」 → 好) are never evidence enough; nor is any clause
    # for a question about a law the corpus lacks.
    return (
        bool(hits) and not absent and any(len(w) > 1 for w in hits[0].matched)
        and probability is not None and probability >= threshold
    ) or bool(bare_defined and hits and hits[0].law == bare_defined[0] and not absent)


def ranked_answer_likely(result: SearchResult, likely: float) -> bool:
    """Whether a ranked answer that is not confident is still likely enough to quote: its probability
    reaches ``likely``, no missing law is reported and nobody needs to be asked who acted."""
    return (not result.confident and bool(result.hits) and not result.absent and result.ambiguous is None
            and result.probability is not None and result.probability >= likely
            and any(len(w) > 1 for w in result.hits[0].matched))


@functools.lru_cache(maxsize=1024)
def _flat(text: str) -> tuple[str, str]:
    """``text`` with its white space folded, as it is and lower-cased (rulebook text is already simplified
    and half-width): a row's, made once for every answer it gives (the rows and definitions number ~500)."""
    flat = " ".join(text.split())
    return flat, flat.lower()


def _law_text(law: Law) -> str:
    return " ".join(c.text for c in law.clauses if c.text)


def _head(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SNIPPET_CHARS else text[:SNIPPET_CHARS] + "…"


def _snippet(text: str, words) -> str:
    """About :data:`SNIPPET_CHARS` characters of ``text`` around the first matched word."""
    flat, lowered = _flat(text)
    positions = [i for i in (lowered.find(w) for w in words if w) if i >= 0]
    if not positions or len(flat) <= SNIPPET_CHARS:
        return _head(flat)
    start = max(0, min(positions) - SNIPPET_CHARS // 3)
    piece = flat[start : start + SNIPPET_CHARS]
    return ("…" if start else "") + piece + ("…" if start + SNIPPET_CHARS < len(flat) else "")

