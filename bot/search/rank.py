"""The rank stage: each row found gets its features (:data:`bot.search.ranker.FEATURES`) and a score from
the learned model (:class:`~bot.search.ranker.RankerModel`, ``bot/search/ranker.json``); rows group by
law, best first; and the features the model's confidence is computed from."""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass

from bot.search.documents import Doc, RowWords
from bot.search.law_classifier import FLOOR, LawClassifier
from bot.search.lexicon import STOPWORDS_ZH
from bot.search.missing import phrase_lead
from bot.search.phrases import Resemblance
from bot.search.query import Query
from bot.search.ranker import FEATURES, RankerModel
from bot.search.retrieve import Retriever


class Ranker:
    """Ranks the rows the retriever finds with the model (``model`` may be replaced, as training does)."""

    def __init__(self, retriever: Retriever, model: RankerModel, classifier: LawClassifier | None = None):
        """Rank what ``retriever`` finds by ``model``, each row weighed by ``classifier``'s reading of the
        whole message when one is given (:mod:`bot.search.law_classifier`)."""
        self.retriever = retriever
        self.model = model
        self.classifier = classifier

    def rank(self, q: Query, terms_named: tuple, actor: str | None = None, exclude_definitions: bool = False,
             strict: bool = False) -> list[LawCandidates]:
        """The candidate laws (and definitions) for ``q``, best first, each with its rows by model score
        (``terms_named``: the defined terms ``q`` names, see :meth:`bot.search.terms_named.TermReader.named`).

        ``strict``: the ``actor`` is certain (the asker said so), so rows governing another
        side's act go below every other row."""
        cands = self.candidates(q, terms_named, actor, exclude_definitions)
        score_rows(cands, self.model, self.classifier, self.law_prior(q) if cands else None)
        if strict and actor:
            floor = min(c.score for c in cands) if cands else 0.0
            for cand in cands:
                if cand.doc.actors and cand.doc.actors[0] != actor:
                    cand.score = floor - 1.0 + cand.score / 100
        return group_by_law(cands)

    def law_prior(self, q: Query) -> dict[int, float] | None:
        """The classifier's p(law) for ``q`` (0: a definition), read once per question; None without one."""
        if self.classifier is None:
            return None
        if q.law_prior is None:
            q.law_prior = self.classifier.probabilities(q.normalized)
        return q.law_prior

    def candidates(self, q: Query, terms_named: tuple, actor: str | None = None,
                   exclude_definitions: bool = False) -> list[Candidate]:
        """The rows FTS5 finds for ``q`` (best BM25 first), each with its ranking features."""
        if not q.terms:
            return []
        # 「明手可以做什么」, "what is dummy allowed to do": the party's rights, never the word's meaning
        named, asked, acting = terms_named
        found = [(doc, score) for doc, score in self.retriever.found(q)
                 if not (doc.law == 0 and (exclude_definitions or doc.term in acting))]
        if not found:
            return []
        clause_pooled = self.retriever.clause_pooled(q)
        return _with_features(found, q, actor, self.retriever.row_words, self.retriever.resemblance(q), clause_pooled,
                              named, asked)


def score_rows(cands: list[Candidate], model: RankerModel, classifier: LawClassifier | None,
               prior: dict[int, float] | None) -> None:
    """Give each row its score: the row ``model``'s, plus the ``classifier``'s reading of the whole message
    (``prior``: its p(law)) for a law's row; a definition's row gets the laws' winner's part."""
    for cand in cands:
        cand.score = model.score_values(cand.values)
    if prior is None or classifier is None:
        return
    laws = [c for c in cands if c.doc.law != 0]
    for cand in laws:
        cand.prior = classifier.log_prior(prior, cand.doc.law)
        cand.score += cand.prior
    # whether a message asks a meaning is the definition reader's call: a definition's row meets the
    # laws' winner by the row model alone (「同伴不叫是什么意思」 asks what a call told, not a word)
    winner = max(laws, key=lambda c: c.score).prior if laws else 0.0
    for cand in cands:
        if cand.doc.law == 0:
            cand.prior = winner
            cand.score += winner


def defining_first(ranked: list[LawCandidates], key: tuple | None) -> list[LawCandidates]:
    """``ranked`` with the row of ``key`` (a law row defining the word asked about, see
    :class:`bot.search.definitions.LawWords`) first, when the ranking found it at all."""
    if key is None:
        return ranked
    for i, group in enumerate(ranked):
        rows = [c for c in group.rows if (c.doc.law, c.doc.clause) == key]
        if rows:
            promoted = LawCandidates(rows + [c for c in group.rows if c is not rows[0]])
            return [promoted] + ranked[:i] + ranked[i + 1:]
    return ranked


@dataclass(slots=True)
class Candidate:
    """One row found for a question, its features (``values``, in :data:`FEATURES` order) and
    (once ranked) its model score."""

    doc: Doc
    bm25: float
    values: list[float]
    score: float = 0.0
    # the part of ``score`` that is the law classifier's reading of the whole message (0 without one)
    prior: float = 0.0

    @property
    def features(self) -> dict[str, float]:
        """The features by name."""
        return dict(zip(FEATURES, self.values))


@dataclass(slots=True)
class LawCandidates:
    """A law's (or a definition's) candidate rows, best model score first."""

    rows: list[Candidate]

    @property
    def best(self) -> Candidate:
        """The best row."""
        return self.rows[0]

    @property
    def score(self) -> float:
        """The law's score: its best row's."""
        return self.rows[0].score

    @property
    def row_score(self) -> float:
        """Its best row's score by the row model alone, without the classifier's reading of the message."""
        return self.rows[0].score - self.rows[0].prior


def group_by_law(cands: list[Candidate]) -> list[LawCandidates]:
    """Candidates grouped by law (a definition alone), best law first; one definition at most —
    a question outside the definitions wants laws, and a short definition row that shares a
    glossary word would otherwise crowd them out."""
    groups: dict[object, list[Candidate]] = {}
    for cand in cands:
        groups.setdefault(cand.doc.key, []).append(cand)
    by_score = operator.attrgetter("score")
    ranked = sorted((LawCandidates(sorted(g, key=by_score, reverse=True)) for g in groups.values()),
                    key=by_score, reverse=True)
    first_definition = next((i for i, g in enumerate(ranked) if g.best.doc.law == 0), None)
    return [g for i, g in enumerate(ranked) if g.best.doc.law != 0 or i == first_definition]


def _with_features(found: list[tuple[Doc, float]], q: Query, actor: str | None, row_words: RowWords,
                   resemblance: Resemblance, clause_pooled: Resemblance | None = None,
                   terms_named: frozenset[str] = frozenset(), terms_asked: frozenset[str] = frozenset()) -> list[Candidate]:
    """The features of :data:`bot.search.ranker.FEATURES` for each found row (``row_words``: the
    rows' words, :class:`RowWords`; ``terms_named``: the defined terms the question names;
    ``terms_asked``: those named where it asks what a word means)."""
    weights = q.terms
    items = list(weights.items())
    total = sum(w for _, w in items) or 1
    top = max(score for _, score in found) or 1.0
    by_law: dict[object, list[float]] = {}
    for doc, score in found:
        by_law.setdefault(doc.key, []).append(score)  # found is best first
    pools = {key: (scores[0], scores[:4], sum(scores[:4])) for key, scores in by_law.items()}
    chars = _content_chars(q.normalized)
    pairs = set(q.bigrams)
    words = [t for t, _ in items if len(t) > 1]
    bridges = frozenset(q.expansions)
    # for each row, the weight of the question's words in its titles, own text and situation phrases, and how
    # many of its character pairs, characters and glossary bridges it holds (in RowWords.FIELDS order)
    held = row_words.held([items, items, items, [(p, 1) for p in pairs], [(c, 1) for c in chars],
                           [(b, 1) for b in bridges]])
    shares = held[:, [doc.rowid for doc, _ in found]].T.tolist()
    # each key's resemblance by position (see Doc.phrase_positions)
    phrase_at = resemblance.by_position().__getitem__
    pool_at = clause_pooled.by_position().__getitem__ if clause_pooled is not None else lambda _: 0.0
    # the question's words beyond each law's own title (for _own_title_share), once per law
    beyond_law: dict[str, list[str]] = {}
    # how much of a told situation the question is (8 search words or more: fully)
    told = min(1.0, len(items) / 8)
    own = [(max(map(pool_at, doc.pool_positions)), max(map(phrase_at, doc.phrase_positions))) for doc, _ in found]
    # the closest any of a law's rows comes, pooled and by one phrase: the law speaks for the situation
    law_own: dict[object, tuple[float, float]] = {}
    for (doc, _), (own_pool, own_phrase) in zip(found, own):
        key = doc.key
        seen = law_own.get(key, (0.0, 0.0))
        law_own[key] = (max(seen[0], own_pool), max(seen[1], own_phrase))
    # a law's row has none of the definition features (definition_told … term_meaning)
    not_a_term = (0.0, 0.0, 0.0, 0.0, 0.0)
    out = []
    for (doc, score), (own_pool, own_phrase), (title, body, situation, pairs_held, chars_held, bridges_held) in zip(
            found, own, shares):
        key = doc.key
        best, top4, top4_sum = pools[key]
        # the law's next three rows besides this one
        pool = top4_sum - score if score in top4 else top4_sum - top4[-1] if len(top4) == 4 else top4_sum
        law_situation, law_phrase = law_own[key]
        actors = doc.actors
        if doc.law:
            term = not_a_term
        else:
            named = doc.term in terms_named
            term = (told, 1.0 if named else 0.0, (1.0 - told) if named else 0.0,
                    1.0 if terms_named - {doc.term} else 0.0, 1.0 if doc.term in terms_asked else 0.0)
        # in the order of FEATURES
        values = [
            score / top,                                                    # bm25
            best / top,                                                     # law_best
            pool / top if doc.law else 0.0,                                 # law_pool
            title / total,                                                  # title_share
            body / total,                                                   # body_share
            situation / total,                                              # situation_share
            own_phrase,                                                     # situation_phrase
            pairs_held / len(pairs) if pairs else 0.0,                      # bigram_share
            chars_held / len(chars) if chars else 0.0,                      # char_share
            _own_title_share(doc, words, beyond_law) if doc.clause else 0.0,  # own_title
            bridges_held / len(bridges) if bridges else 0.0,                # glossary_share
            1.0 if actor and actors[:1] == (actor,) else 0.0,               # actor_agree
            1.0 if actor and actor in actors[1:] else 0.0,                  # actor_involved
            1.0 if actor and actors and actor not in actors else 0.0,       # actor_conflict
            *doc.static,                                                    # depth, length, law_row, definition
            *term,                                                          # definition_told … term_meaning
            own_pool,                                                       # situation_pool
            # how much closer the clause's own pooled phrases come than its closest sibling's
            own_pool - max(map(pool_at, doc.sibling_pool_positions)) if doc.sibling_keys else 0.0,
            # sibling_phrase_lead: the same, by the closest phrase
            own_phrase - max(map(phrase_at, doc.sibling_phrase_positions)) if doc.sibling_keys else 0.0,
            law_situation,                                                  # law_situation
            law_phrase,                                                     # law_phrase
        ]
        out.append(Candidate(doc, score, values))
    return out


_SITUATION_PHRASE = FEATURES.index("situation_phrase")


def confidence_features(q: Query, ranked: list[LawCandidates], resemblance: Resemblance) -> dict[str, float]:
    """The features of :data:`bot.search.ranker.CONFIDENCE_FEATURES` for a ranked answer
    (``resemblance``: the phrase look-up of :meth:`bot.search.retrieve.Retriever.resemblance`)."""
    terms = q.terms
    best = ranked[0].best
    # by the row model alone, as the confidence model was fitted (the classifier reorders, it does not vouch)
    top = ranked[0].row_score
    second = ranked[1].row_score if len(ranked) > 1 else top - 2.0
    return {
        "top": top,
        "margin": top - second,
        "coverage": sum(w for t, w in terms.items() if t in best.doc.words) / (sum(terms.values()) or 1),
        "situation_phrase": best.values[_SITUATION_PHRASE],
        "bm25": math.log1p(max(best.bm25, 0.0)),
        "english": 1.0 if q.english else 0.0,
        "absent_lead": phrase_lead(resemblance),
        "definition": 1.0 if best.doc.law == 0 else 0.0,
        # the best law's softmax share of all the laws found (the ranker is fitted on such shares)
        "share": 1.0 / sum(math.exp(max(-50.0, g.row_score - top)) for g in ranked),
        **_prior_features(q.law_prior, [g.best.doc.law for g in ranked]),
    }


def _prior_features(prior: dict[int, float] | None, laws: list[int]) -> dict[str, float]:
    """How much the law classifier's reading of the whole message backs the best law (``laws``: the ranked
    laws, 0 a definition): its log p, and its lead over the next ranked law's; 0 without a classifier."""
    if prior is None:
        return {"prior": 0.0, "prior_margin": 0.0}
    logs = [math.log(max(prior.get(law, 0.0), FLOOR)) for law in laws]
    return {"prior": logs[0], "prior_margin": logs[0] - max(logs[1:], default=math.log(FLOOR))}


def _content_chars(text: str) -> frozenset:
    """The question's Chinese characters, less the one-character fillers (的, 吗, 了 …)."""
    return frozenset(c for c in set(text) if "\u4e00" <= c <= "\u9fff" and c not in STOPWORDS_ZH)


def _own_title_share(doc: Doc, words: list[str], beyond_law: dict[str, list[str]] | None = None) -> float:
    """The share of the question's ``words`` (beyond single characters and the law's own title)
    that the row's own clause title holds: 「飞牌」 names 70E 「未提及的打牌路线(飞牌或跌落)」.
    ``beyond_law``: the words left once a law's title is set aside, by law title (filled here:
    the candidates of one question share a few laws)."""
    law_title, own = doc.law_title, doc.own_title
    if not doc.clause or not own:
        return 0.0
    beyond_law = {} if beyond_law is None else beyond_law
    if law_title not in beyond_law:
        beyond_law[law_title] = [t for t in words if t not in law_title]
    words = beyond_law[law_title]
    if not words:
        return 0.0
    return sum(map(own.__contains__, words)) / len(words)
