"""The absent stage: is a question about a law the corpus lacks?  The missing laws it names (by title or
short name), hints at, or resembles, weighed by the detector (:class:`bot.search.missing.AbsentModel`);
the data and the detector's parts live in :mod:`bot.search.missing` (``corpus/missing_laws.yaml``).
:meth:`bot.search.Searcher.ask` reports the laws in ``SearchResult.absent``; :mod:`bot.search.absent`
answers the same for a bare question (the chat's way in).
"""

from __future__ import annotations

import functools
import re
import sqlite3

from bot.base.textnorm import normalize_query
from bot.rulebook.model import Rulebook
from bot.search.absent_families import told_members, told_out_of_turn
from bot.search.bids import INSUFFICIENT_BID_LAW, insufficient_bid, sufficient_bids
from bot.search.law_classifier import LawClassifier
from bot.search.missing import AbsentLaw, AbsentModel, may_be_absent, outside_period, phase_conflict
from bot.search.names import is_name, name_form, names_in, negated_names
from bot.search.query import Query
from bot.search.rank import LawCandidates
from bot.search.result import Hit
from bot.search.retrieve import Retriever

_ANY_LETTER = re.compile(r"[a-z]")
MAX_TITLE_NAME = 7
# How sure the missing-law classifier must be of a law to name it first (dev sets, right law first: mix_dev 0.70 →
# 0.90 at 0.3, 0.88 at 0.5, 0.84 at 0.7; mix_dev5 0.71 → 0.85)
LIKELIEST = 0.3


class AbsentDetector:
    """The missing laws of the index (``laws``), and their titles and short names as a question may hold them."""

    def __init__(self, rulebook: Rulebook, db: sqlite3.Connection, entries: list[tuple],
                 classifier: LawClassifier | None = None):
        """The missing laws of the index ``db`` and their names among its phrase ``entries``
        (:attr:`bot.search.retrieve.Retriever.entries`); ``classifier``: which missing law a question about one
        is (:data:`bot.search.law_classifier.ABSENT_MODEL_PATH`), or None."""
        self.classifier = classifier
        # The missing laws' titles and short names, looked for whole in a question: a name the
        # corpus never uses as a title or term says the law outright (越序首引, insufficient bid); one
        # it does use (藏牌 is a defined term, and 61–64 on revokes are missing) is only a hint the
        # detector weighs.
        corpus_names = _corpus_names(rulebook)
        self.laws = {law: AbsentLaw(law, title, title_en)
                             for law, title, title_en in db.execute("SELECT law, title, title_en FROM absent")}
        # a missing law's own title names it whatever its length (防家越序引牌), but not one that
        # reads as a sentence (越序叫牌后的程序)
        titles = {normalize_query(a.title) for a in self.laws.values() if len(a.title) <= MAX_TITLE_NAME}
        # (the length first: a title is short, and normalising each of three thousand phrases costs a start 30 ms)
        names = [(i, key[1], name_form(normalize_query(text))) for i, (key, text, _) in enumerate(entries)
                 if key[0] == "absent"
                 and (is_name(text) or (len(text) <= 2 * MAX_TITLE_NAME and normalize_query(text) in titles))]
        self.names = [n for n in names if not any(n[2] in c for c in corpus_names)]
        self.hints = [n for n in names if any(n[2] in c for c in corpus_names)]

    def detect(self, q: Query, ranked: list[LawCandidates], hits: list[Hit], answered: float, retriever: Retriever,
               model: AbsentModel, defining: tuple | None) -> list[AbsentLaw]:
        """The missing laws ``q`` is about, for its ranked answer (``answered``: the answer's probability;
        ``defining``: the law row that defines the word ``q`` asks about, or None)."""
        # Single characters alone (「今晚吃什么」 → 吃) are no evidence of a missing law either.
        if not any(len(w) > 1 for w in q.terms):
            return []
        named = self.named(q, ranked[0].best.doc.title + ranked[0].best.doc.text if ranked else "")
        best = retriever.resemblance(q)
        # The pooled look-up only matters when a missing law's phrase is close enough at all, or
        # when the detector must agree with a law the question names.
        pooled = (retriever.pooled(q) if (named and model.named_floor) or (not named and may_be_absent(best))
                  else None)
        absent = model.decide(
            best, named, self.laws, answered, ranked[0].best.bm25 if ranked else 0.0, pooled,
            self.hinted(q) if pooled else set(),
            phase_conflict(q.normalized, ranked[0].best.doc.law if ranked else None),
            (lambda: retriever.words_pooled(q)) if pooled else None, self.titled(q, named))
        absent = outside_period(q.normalized, self._told_member_first(q, self._likeliest_first(q, absent, model.max_laws),
                                                                      model.max_laws))
        # 「他没有越序引牌，是轮到他出的」: what the question says did not happen is not its missing law
        said_not = negated_names(q.normalized, self.names + self.hints) if absent else set()
        absent = [a for a in absent if a.law not in said_not]
        if defining and hits and hits[0].law == defining[0]:
            # 「什么是声称」: the law that says what the word is answers it; only a missing law the
            # question names stays (「什么是不足叫牌」: 18D says what it is, Law 27 what follows)
            absent = [a for a in absent if a.law in named or self.titled(q, {a.law})]
        # The bids the question tells were sufficient (「对方开叫1♥，我叫了1♠，同伴说我这是不足叫」): whatever
        # it resembles, it asks the corpus's rule on sufficient bids (18), not Law 27.
        if any(a.law == INSUFFICIENT_BID_LAW for a in absent) and sufficient_bids(q.normalized):
            absent = [a for a in absent if a.law != INSUFFICIENT_BID_LAW]
        return absent

    def _likeliest_first(self, q: Query, absent: list[AbsentLaw], max_laws: int) -> list[AbsentLaw]:
        """``absent`` (a missing law was found) led by the one the missing-law classifier reads the question as,
        when it is sure of it (:data:`LIKELIEST`): 「藏牌怎么罚」 resembles 61's and 62's phrases, and asks 64's
        penalty.  Nothing is reported that the detector did not find a missing law for."""
        if not absent or self.classifier is None:
            return absent
        p = self.classifier.probabilities(q.normalized)
        law = max(p, key=p.get)
        if p[law] < LIKELIEST or law not in self.laws or law == absent[0].law:
            return absent
        return [self.laws[law]] + [a for a in absent if a.law != law][: max_laws - 1]

    def _told_member_first(self, q: Query, absent: list[AbsentLaw], max_laws: int) -> list[AbsentLaw]:
        """``absent`` with the member of its family that the question tells first (「…我一急直接说了加倍」:
        a double out of rotation, Law 32), at most as many laws as the detector names."""
        told = told_members(q.normalized, [a.law for a in absent]) if absent else []
        if not told:
            return absent
        laws = list(dict.fromkeys(told + [a.law for a in absent]))[:max_laws]
        return [self.laws[law] for law in laws if law in self.laws]

    def titled(self, q: Query, named: set[int]) -> set[int]:
        """The laws of ``named`` (:meth:`named`) that the question calls by their very title,
        Chinese or English (越序不叫, "fouled board")."""
        return {law for law in named if law in self.laws
                and any(title and title in q.normalized for title in self._titles[law])}

    @functools.cached_property
    def _titles(self) -> dict[int, tuple[str, str]]:
        return {law: (normalize_query(a.title), normalize_query(a.title_en)) for law, a in self.laws.items()}

    def named(self, q: Query, answer_title: str = "", skip: set[int] | None = None) -> set[int]:
        """The missing laws whose title or short name the question (or a word it was bridged to)
        holds — less a name that the answer found holds too, in its title or text (「查询藏牌」 answers
        「明手可以问庄家是不是藏牌了吗」, 40D's 比赛主办机构 「主办方能管这种约定吗」: the corpus's own
        words there).  ``answer_title``: the best row's title and text."""
        extra = q.expansions + q.corrections
        # (the answer's text is only searched for the names the question holds)
        found = names_in(q.normalized, extra, self._names_in(q.normalized, extra), skip, ignored_in=answer_title)
        if INSUFFICIENT_BID_LAW in self.laws and insufficient_bid(q.normalized):
            found.add(INSUFFICIENT_BID_LAW)   # told in notation: 「对方开叫1NT，我叫了1♠」
        found |= {law for law in told_out_of_turn(q.normalized) if law in self.laws}
        return found

    def _names_in(self, text: str, extra: list[str]) -> list[tuple[int, int, str]]:
        """The :attr:`names` that :func:`names_in` may find in ``text`` and the ``extra`` words:
        the Chinese ones whose first character they hold, the English ones when ``text`` has a letter."""
        chinese, english = self._names_by_first
        heads = set(text).union(w[:1] for w in extra)
        found = [n for head in heads if head in chinese for n in chinese[head]]
        return found + english if _ANY_LETTER.search(text) else found

    @functools.cached_property
    def _names_by_first(self) -> tuple[dict[str, list[tuple[int, int, str]]], list[tuple[int, int, str]]]:
        """The Chinese :attr:`names` by first character, and the English ones (:func:`name_form`)."""
        chinese: dict[str, list[tuple[int, int, str]]] = {}
        for n in self.names:
            if n[2][0] != " ":
                chinese.setdefault(n[2][0], []).append(n)
        return chinese, [n for n in self.names if n[2][0] == " "]

    def hinted(self, q: Query, skip: set[int] | None = None) -> set[int]:
        """The missing laws whose short name the question holds where the corpus uses the same
        word for a title or term of its own (藏牌, revoke): a hint for the detector, not proof."""
        return names_in(q.normalized, q.expansions + q.corrections, self.hints, skip)


def _corpus_names(rulebook: Rulebook) -> list[str]:
    """The corpus's own titles and terms, as :func:`name_form` looks for names in them."""
    titles = [law.title for law in rulebook.laws.values()]
    titles += [c.title for law in rulebook.laws.values() for c in law.clauses if c.title]
    titles += [d.term for d in rulebook.definitions]
    forms = [normalize_query(t) for t in titles]
    forms += [name_form(normalize_query(d.en)) for d in rulebook.definitions if d.en]
    return forms
