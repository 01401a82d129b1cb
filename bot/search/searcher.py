"""Find the law and clause that answers a question: references, definitions, then FTS5/BM25.

Open one :class:`Searcher` per process (``Searcher.open()``) and call :meth:`Searcher.ask`
per question.  Every hit names a law (0 for a definition), the best clause in it, a
snippet and the matched words; ``confident`` is False when nothing matched well, and the
hits are then only the nearest candidates.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import operator
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz, process

from bot.rulebook import model as rulebook_module
from bot.search.index import GLOSSARY_PATH, default_cache_dir, ensure_index, lexicon_from_db, load_glossary
from bot.search import phrase_cache
from bot.search.absent_families import told_members, told_out_of_turn
from bot.search.bids import INSUFFICIENT_BID_LAW, insufficient_bid, sufficient_bids
from bot.search.bm25 import FullText
from bot.search.missing import (AbsentLaw, auction_only, may_be_absent, outside_period, phase_conflict, phrase_lead, pool_key,
                                referenced_absent)
from bot.search.term_names import load_term_names
from bot.search.phrases import (GramWeights, PhraseIndex, PooledIndex, Resemblance, SavedState, _laid_end_to_end, _runs,
                                is_name, name_form, names_in, question_grams)
from bot.search.actors import ACTORS, LABELS, OTHER_PARTY, question_actor, seats_acting
from bot.search.query import (STOPWORDS_ZH, Lexicon, Query, called_so, definition_asked_at, definition_residual,
                              definition_set_apart, fuzzy_pinyin, quoted_words, understand)
from bot.search.pooled_words import PooledWords, pool_words
from bot.search.ranker import FEATURES, RankerModel, load_model
from bot.search.situations import SITUATIONS_DIR
from bot.rulebook.refs import Reference, ReferenceInputError
from bot.rulebook.model import Definition, Law, Rulebook
from bot.search.segment import Segmenter
from bot.search.typos import SHAPE_ALIKES
from bot.base.textnorm import normalize_query

# Column weights for bm25(), which picks the candidates: titles (clause, its parents, law; or term),
# chapter and section, body text, single characters (so a one-character query word still meets the
# words that contain it), character pairs (matched by the question's own pairs, whatever jieba made
# of either side), and the situation phrases.  The learned model then ranks the candidates.
BM25_WEIGHTS = (2.0, 0.5, 1.0, 0.5, 0.6, 1.5)
CANDIDATES = 20
MAX_QUERY_CHARS = 2000
_ANY_LETTER = re.compile(r"[a-z]")
# A term right after who did it is an act told (「同伴不叫」, 「对方加倍了」, "partner doubled"), not a word asked about.
_ACT_OF = re.compile(rf"(?:{OTHER_PARTY}|我|\bi\b)\s*(?:也|又|就|先|已经|刚才|都|还|突然)?\s*$")
# A party named as the one who may or must act: 「明手可以…」「庄家必须…」, "dummy is allowed to", "can dummy".
_MODAL_AFTER = re.compile(r"\s*(?:也|还|都|就|到底|究竟)?\s*(?:可以|可不可以|可唔可以|可否|能|能不能|能否|是否可以|有权|有没有权|"
                          r"应该|应不应该|必须|需要|需不需要|要不要|不能|不可以|不得|得唔得|准不准|允许|"
                          r"\b(?:is |are )?(?:allowed|entitled|permitted)\b|\b(?:can|may|must|should|has to|have to|gets to)\b)"
                          r"(?!\s*(?:是|算|\bbe\b))")   # 「庄家可以是谁」 asks who the word names
_MODAL_BEFORE = re.compile(r"\b(?:can|may|must|should|could)\s+(?:the\s+)?$")
# An act told as not done: 「没有alert」, 「没跟牌」, "didn't follow suit", "failed to alert" (not a thing there is
# none of: 「无将定约就冇将牌」).
ACT_TERMS = frozenset({"提醒", "跟牌", "加倍", "再加倍", "叫牌", "实质叫牌", "首引", "引牌", "打牌", "纠正", "轮到"})
_NEGATED_BEFORE = re.compile(r"(?:没有|没|未|并未|从未)\s*$|\b(?:didn't|did not|don't|doesn't|failed to|fails to|never|forgot to)\s+$")
# A clause that starts with its predicate (是指…, 就是…, 係咪…): its subject was named before it.
_PREDICATE_ONLY = re.compile(r"\s*(?:是指|指的是|就是|是不是|是否|即是|係咪|系咪|係唔係|是)")
# a clause pointing back at the word before it and asking what that thing is: 「这是什么东西」, 「到底指啥」
_POINTS_BACK = re.compile(r"^(?:那|这|它)(?:个)?(?:到底|究竟)?(?:是)?(?:个)?(?:什么|啥|甚么|乜嘢?)(?:东西|东东|玩意儿?)(?:啊|呀|来的|嚟㗎?)?$"
                          r"|^(?:到底|究竟|具体)(?:是)?(?:指|指的是)(?:什么|啥|甚么|谁)(?:啊|呀|呢)?$")
# a board named (by number, or "this board"): its vulnerability and dealer are asked, not the words' meaning
_BOARD_NAMED = re.compile(r"\d+\s*号牌|第\s*\d+\s*副|这副|本副|\bboard\s*\d+|\bthis (?:board|deal)\b")
# a later English sentence asking what a word is (not "what's the contract" after an auction, not "what do i lead")
_ENGLISH_SENTENCE_END = re.compile(r"(?<=[a-z])\.\s+")
_ENGLISH_THIS_ONE = re.compile(r"\b(?:what(?:'s| s| is| are)|who(?:'s| s| is| are)) the\b")
_ENGLISH_WHAT_IS = re.compile(r"(?:so |and |but |then )?(?:what(?:'s| s| is| are)|what (?:exactly|actually) (?:is|are)|what counts as"
                              r"|who(?:'s| s| is| are))\b|.*\b(?:mean|means|meaning|definition)\b")
_CLAUSE_BREAK = re.compile(r"[,，。.?？!！;；:：—–]+")
# a message that names its topic first, then a dash or colon: "trumps — …", 「局况：…」
_TOPIC_FIRST = re.compile(r"^([a-z][a-z ]{1,30}?|[\u4e00-\u9fff]{1,8})\s*(?:—|–|-{1,2}\s|:|：)")
# words of letters, which may spell a term in pinyin (jukuang, ming shou)
_LETTERS = re.compile(r"[A-Za-z]+")
_HAN_END = re.compile(r"[\u4e00-\u9fff]$")
_HAN_START = re.compile(r"[\u4e00-\u9fff]")
SNIPPET_CHARS = 90
_ARTICLE = re.compile(r"^(?:a|an|the)\s+")
# Laws among the first four whose best rows lie this close in model score are alternatives worth
# asking about: a score difference is a log-odds of the ranker's softmax shares, so 2.0 keeps a law
# holding at least e⁻² ≈ 1/7 of the best one's share (on the dev sets, 7 of 908 questions are asked back).
AMBIGUITY_GAP = 2.0
AMBIGUITY_LAWS = 4


# a generic noun after an English term (「a part-score contract」 is a partscore)
_GENERIC_TAIL = re.compile(r"\s+(?:contract|contracts|bid|bids|call|calls|card|cards|player|players)$")
_TWO_NAMES = re.compile(r"\s*[/、|]\s*")
# a generic noun after a Chinese term (「一节比赛」, 「局况这个东西」)
_GENERIC_TAIL_ZH = re.compile(r"(?<=.)(?:的)?(?:比赛|赛事|这个东西|这东西|东西)$")
# Where the rule text defines a word of its own (「…的牌张，…均为罚张」, 「…即成为轻罚张」, 「…称为小满贯」)
_DEFINITION_TITLE = re.compile(r"^([\u4e00-\u9fff]{2,6})的定义$")
_DEFINES = re.compile(r"(?:均为|即为|称为|即成为)([\u4e00-\u9fff]{2,6}?)(?=[，。；;、(（\s,.:]|$)")


def _spelling_readings(subject: str) -> list[str]:
    """Other spellings of a definition question's X: an English compound written apart (part score,
    part-score → partscore) or with a generic noun after it, names given two ways (「搭档/同伴」),
    a Chinese term after the numeral 一 (一轮 → 轮, 一墩 → 墩)."""
    readings = [part.strip() for part in _TWO_NAMES.split(subject) if part.strip()] if _TWO_NAMES.search(subject) else []
    if subject.isascii():
        bare = _GENERIC_TAIL.sub("", _ARTICLE.sub("", subject))
        readings += [bare, bare.replace(" ", "").replace("-", "")]
    else:
        bare = _GENERIC_TAIL_ZH.sub("", subject)
        readings += [bare[1:] if bare.startswith("一") and len(bare) > 1 else bare]
    return readings


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

    def to_json(self) -> dict:
        """The result as the JSON document of ``bridgebot ask --json``."""
        data = {"query": self.query, "normalized": self.normalized, "confident": self.confident,
                "reference": self.reference.id if self.reference else None,
                "hits": [h.to_json() for h in self.hits],
                "absent": [a.to_json() for a in self.absent],
                "ambiguous": self.ambiguous.to_json() if self.ambiguous else None,
                "actor": self.actor}
        if self.reference_error:
            data["error"] = {"zh": self.reference_error.message_zh, "en": self.reference_error.message_en}
        return data


MAX_TITLE_NAME = 7


class Searcher:
    """The search over one rulebook; open once, ask many times."""

    def __init__(self, rulebook: Rulebook, db: sqlite3.Connection, segmenter: Segmenter, lexicon: Lexicon,
                 model: RankerModel | None = None):
        """Use :meth:`open` instead."""
        self.rulebook = rulebook
        self.model = model or load_model()
        self.db = db
        self.segmenter = segmenter
        self.lexicon = lexicon
        self._docs = _load_docs(db)
        self.full_text = FullText(db, BM25_WEIGHTS)
        entries = [((kind, int(key) if kind in ("law", "absent") else key), text, bridged) for kind, key, text, bridged
                   in db.execute("SELECT kind, key, text, bridged FROM phrases ORDER BY rowid")]
        # The corpus's own rule text speaks against a missing law as its situation phrases do, pooled
        # with its law's phrases (after them: phrase positions stay the same).  Each sentence on its
        # own in the phrase index recognised fewer missing-law phrases at the same false alarms.
        rule_text = [(d.law, d.clause, d.text) for d in self._docs.values() if d.law and d.text]

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

        (self.phrases, self.pools, self.clause_pools, self._row_words,
         self.pooled_words) = phrase_cache.load_or_build(
            phrase_cache.cache_path(db, Searcher.__init__), build,
            (PhraseIndex, PooledIndex, PooledIndex, RowWords, PooledWords))
        # what the three gram look-ups read of a question's grams, read once per gram
        self.gram_weights = GramWeights((self.phrases, self.clause_pools, self.pools))
        # where each row's keys and its siblings' sit in the answers of the phrase look-ups (the ranker's
        # features read them there)
        for rowid, doc in self._docs.items():
            self._docs[rowid] = dataclasses.replace(
                doc, phrase_positions=tuple(map(self.phrases.position, doc.resemblance_keys)),
                pool_positions=tuple(map(self.clause_pools.position, doc.resemblance_keys)),
                sibling_phrase_positions=tuple(map(self.phrases.position, doc.sibling_keys)),
                sibling_pool_positions=tuple(map(self.clause_pools.position, doc.sibling_keys)))
        # The missing laws' titles and short names, looked for whole in a question: a name the
        # corpus never uses as a title or term says the law outright (越序首引, insufficient bid); one
        # it does use (藏牌 is a defined term, and 61–64 on revokes are missing) is only a hint the
        # detector weighs.
        corpus_names = _corpus_names(rulebook)
        self.absent_laws = {law: AbsentLaw(law, title, title_en)
                             for law, title, title_en in db.execute("SELECT law, title, title_en FROM absent")}
        # a missing law's own title names it whatever its length (防家越序引牌), but not one that
        # reads as a sentence (越序叫牌后的程序)
        titles = {normalize_query(a.title) for a in self.absent_laws.values() if len(a.title) <= MAX_TITLE_NAME}
        # (the length first: a title is short, and normalising each of three thousand phrases costs a start 30 ms)
        names = [(i, key[1], name_form(normalize_query(text))) for i, (key, text, _) in enumerate(entries)
                 if key[0] == "absent"
                 and (is_name(text) or (len(text) <= 2 * MAX_TITLE_NAME and normalize_query(text) in titles))]
        self.absent_names = [n for n in names if not any(n[2] in c for c in corpus_names)]
        self.absent_hints = [n for n in names if any(n[2] in c for c in corpus_names)]
        self._definitions = {normalize_query(d.term): d for d in rulebook.definitions}
        self._definitions.update({normalize_query(d.en): d for d in rulebook.definitions if d.en})
        # A term named two ways (牌套或套中的牌, 发牌或牌局; INTERNATIONAL MATCH POINT—IMP) answers to
        # each name on its own, and to its English name with the dash read as a space.
        for d in rulebook.definitions:
            names = normalize_query(d.term).split("或")
            if d.en:
                english = normalize_query(d.en)
                names += [" ".join(re.split(r"[\s—–-]+", english)), *re.split(r"\s*[—–]\s*", english)]
            for name in names:
                self._definitions.setdefault(name.strip(), d)
        # the other names players use (倒墩 for 宕墩, mp): reviewed data, for definition questions only
        for term, others in load_term_names().items():
            d = self._definitions.get(normalize_query(term))
            for name in others if d else ():
                self._definitions.setdefault(normalize_query(name), d)

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

    def ask(self, question: str, k: int = 3, actor: str | None = None) -> SearchResult:
        """Answer ``question`` with up to ``k`` hits, best first (distinct laws).

        ``actor`` ("declarer", "dummy", "defender" or None) is the asker's reading of who acted,
        overriding what the question says (a clarifying answer, a follow-up 「如果是庄家呢」)."""
        q = understand(self._terms_for_pinyin(question[:MAX_QUERY_CHARS]), self.segmenter, self.lexicon)
        result = SearchResult(query=question, normalized=q.normalized, hits=[], confident=False,
                              reference=q.reference, reference_error=q.reference_error)
        if q.reference:
            hit = self._reference_hit(q.reference)
            result.hits = [hit] if hit else []
            result.confident = hit is not None
            result.absent = referenced_absent(q.reference.law, self.rulebook)
            return result
        result.actor = actor or question_actor(q.normalized)
        definition = self._definition_for(q)
        # The caller's reading of who acted is certain; one read off the question only weighs in
        # (players name several seats in one breath: 「我是明手，发现防守方出错了，可以叫裁判吗」).
        ranked = self.rank(q, result.actor, exclude_definitions=definition is not None, strict=actor is not None)
        if q.subject and definition is None:
            # 「罚张是什么意思」: a word chapter 1 does not define, but a law does in so many words
            ranked = self._defining_first(q.subject, ranked)
        bare_defined = self._defined_in_laws.get(_bare(q.normalized)) if definition is None and not q.subject else None
        if bare_defined:
            # a message that is only such a word (「罚张」, 「声称」) asks about it, as a bare defined term does:
            # the law that says what it is answers it (not 45C5, titled 罚张 and saying only "see Law 50")
            ranked = self._defining_first(_bare(q.normalized), ranked)
        hits = self._hits(q, ranked, k)
        mentioned = self._reference_hit(q.mentioned) if q.mentioned else None
        if mentioned:
            # 「第50条D款说的是什么」: the law named in the sentence comes first.
            result.hits = [mentioned] + [h for h in hits if h.law != mentioned.law][: k - 1]
            result.confident = True
        elif definition:
            other = self._compared_definition(q, definition)
            shown = [self._definition_hit(d, q) for d in (definition, other) if d]
            result.hits = shown + hits[: k - len(shown)]
            result.confident = True
        else:
            result.hits = hits[:k]
            if ranked:
                result.probability = self.model.probability(confidence_features(q, ranked, self.resemblance(q)))
            answered = result.probability or 0.0
            # Single characters alone (「今晚吃什么」 → 吃) are no evidence of a missing law either.
            result.absent = []
            if any(len(w) > 1 for w in q.terms):
                named = self.absent_named(q, ranked[0].best.doc.title + ranked[0].best.doc.text if ranked else "")
                best = self.resemblance(q)
                # The pooled look-up only matters when a missing law's phrase is close enough at all, or
                # when the detector must agree with a law the question names.
                pooled = (self.pooled(q) if (named and self.model.absent.named_floor) or (not named and may_be_absent(best))
                          else None)
                result.absent = self.model.absent.decide(
                    best, named, self.absent_laws, answered, ranked[0].best.bm25 if ranked else 0.0, pooled,
                    self.absent_hinted(q) if pooled else set(),
                    phase_conflict(q.normalized, ranked[0].best.doc.law if ranked else None),
                    (lambda: self.words_pooled(q)) if pooled else None, self.absent_titled(q, named))
                result.absent = outside_period(q.normalized, self._told_member_first(q, result.absent))
                defining = q.subject and definition is None and self._law_defining(q.subject)
                if defining and hits and hits[0].law == defining[0]:
                    # 「什么是声称」: the law that says what the word is answers it; only a missing law the
                    # question names stays (「什么是不足叫牌」: 18D says what it is, Law 27 what follows)
                    result.absent = [a for a in result.absent if a.law in named]
                # The bids the question tells were sufficient (「对方开叫1♥，我叫了1♠，同伴说我这是不足叫」): whatever
                # it resembles, it asks the corpus's rule on sufficient bids (18), not Law 27.
                if any(a.law == INSUFFICIENT_BID_LAW for a in result.absent) and sufficient_bids(q.normalized):
                    result.absent = [a for a in result.absent if a.law != INSUFFICIENT_BID_LAW]
            # Single characters alone (「你好」 → 好) are never evidence enough; nor is any clause
            # for a question about a law the corpus lacks.
            result.confident = (
                bool(hits) and not result.absent and any(len(w) > 1 for w in hits[0].matched)
                and result.probability is not None and result.probability >= self.model.threshold
            ) or bool(bare_defined and hits and hits[0].law == bare_defined[0] and not result.absent)
            # (in the auction there is no declarer, dummy or defender yet to ask about: 「叫牌的时候我的牌掉到桌上了」)
            if actor is None and result.actor is None and not auction_only(q.normalized):
                result.ambiguous = self._ambiguity(q, ranked)
                # A missing law found stays reported beside the question of who acted (the chat shows
                # both): clearing it lost 5 of the sets' missing-law questions for 1 false alarm.
                # The answer hangs on who acted: ask, rather than quote one reading as the answer.
                result.confident = result.confident and result.ambiguous is None
        return result

    def _terms_for_pinyin(self, question: str) -> str:
        """``question`` with a defined term typed in toneless pinyin written as the term (「shizhi叫牌指什么」,
        "jukuang 是指有局无局吗", 「“lun dao”这个术语」): two syllables or more, joined or apart."""
        words = list(_LETTERS.finditer(question))
        if not words:
            return question
        table, starts = self._pinyin_terms
        heads = self._pinyin_heads
        out, done, i = [], 0, 0
        while i < len(words):
            if words[i].group(0).lower() not in heads:   # no term's pinyin starts so ("the", "is")
                i += 1
                continue
            # the longest run of up to four words, one space apart, that spells a term or a term's start
            for j in range(min(len(words), i + 4), i, -1):
                run = words[i:j]
                if any(question[a.end():b.start()] != " " for a, b in zip(run, run[1:])):
                    continue
                sound = "".join(w.group(0) for w in run).lower()
                rest = question[run[-1].end():].lstrip()
                # the whole term, or its start with the rest in characters (「shizhi叫牌」 → 实质叫牌)
                term = table.get(sound) or next((start for start, name in starts.get(sound, ())
                                                 if rest.startswith(name[len(start):])), None)
                if term:
                    # the spaces that kept the letters apart from characters go with them (「cang pai 和没跟牌」:
                    # a space between characters would end a clause)
                    before = question[done:run[0].start()]
                    before = before.rstrip() if _HAN_END.search(before.rstrip()) else before
                    past_spaces = len(question) - len(question[run[-1].end():].lstrip())
                    out += [before, term]
                    done = past_spaces if _HAN_START.match(question, past_spaces) else run[-1].end()
                    i = j
                    break
            else:
                i += 1
        return "".join(out) + question[done:]

    @functools.cached_property
    def _pinyin_terms(self) -> tuple[dict[str, str], dict[str, list[tuple[str, str]]]]:
        """Each defined name of two characters or more by its toneless pinyin, and its starts of two
        characters or more (with the name) by theirs."""
        table: dict[str, str] = {}
        starts: dict[str, list[tuple[str, str]]] = {}
        for name in self._definitions:
            if len(name) > 1 and all("\u4e00" <= ch <= "\u9fff" for ch in name):
                sounds = self.lexicon.pinyin_of(name)
                spelt = ["".join(sounds.get(ch, "?") for ch in name[:n]) for n in range(2, len(name) + 1)]
                table.setdefault(spelt[-1], name)
                for n, sound in enumerate(spelt[:-1], 2):
                    starts.setdefault(sound, []).append((name[:n], name))
        return table, starts

    @functools.cached_property
    def _pinyin_heads(self) -> frozenset[str]:
        """Every start of the pinyin of a defined name: what a first word typed in pinyin may be."""
        table, starts = self._pinyin_terms
        return frozenset(sound[:n] for sound in [*table, *starts] for n in range(1, len(sound) + 1))

    def _told_member_first(self, q: Query, absent: list[AbsentLaw]) -> list[AbsentLaw]:
        """``absent`` with the member of its family that the question tells first (「…我一急直接说了加倍」:
        a double out of rotation, Law 32), at most as many laws as the detector names."""
        told = told_members(q.normalized, [a.law for a in absent]) if absent else []
        if not told:
            return absent
        laws = list(dict.fromkeys(told + [a.law for a in absent]))[: self.model.absent.max_laws]
        return [self.absent_laws[law] for law in laws if law in self.absent_laws]

    @functools.cached_property
    def _named_in_definitions(self) -> dict[str, Definition]:
        """The words a definition's own text names (see _DEFINES), each with the definition."""
        found: dict[str, Definition] = {}
        for d in self.rulebook.definitions:
            for word in _DEFINES.findall(normalize_query(d.text or "")):
                if word not in self._definitions:
                    found.setdefault(word, d)
        return found

    @functools.cached_property
    def _defined_in_laws(self) -> dict[str, tuple]:
        """The words the rule text of a law defines (see _DEFINES), or a clause's title calls its
        definition (68A 「声称的定义」), each with its row's key."""
        found: dict[str, tuple] = {}
        for law in self.rulebook.laws.values():
            for clause in law.clauses:
                titled = _DEFINITION_TITLE.match(clause.title or "")
                if titled:
                    found.setdefault(titled.group(1), (law.number, clause.id))
        for doc in self._docs.values():
            if doc.law:
                for word in _DEFINES.findall(doc.text or ""):
                    found.setdefault(word, (doc.law, doc.clause))
        return found

    def _law_defining(self, subject: str) -> tuple | None:
        """The key of the law row that defines ``subject`` (or the glossary's word for it), or None."""
        words = [subject, _ARTICLE.sub("", subject), *self.lexicon.glossary.get(_ARTICLE.sub("", subject), [])]
        return next((self._defined_in_laws[w] for w in words if w in self._defined_in_laws), None)

    def _defining_first(self, subject: str, ranked: list["LawCandidates"]) -> list["LawCandidates"]:
        """``ranked`` with the row that defines ``subject`` (:meth:`_law_defining`) first, when the
        ranking found it at all."""
        key = self._law_defining(subject)
        if key is None:
            return ranked
        for i, group in enumerate(ranked):
            rows = [c for c in group.rows if (c.doc.law, c.doc.clause) == key]
            if rows:
                promoted = LawCandidates(rows + [c for c in group.rows if c is not rows[0]])
                return [promoted] + ranked[:i] + ranked[i + 1:]
        return ranked

    def answered_before_ranking(self, q: Query) -> bool:
        """True when a reference or a definition answers ``q`` (the ranker never decides it)."""
        return bool(q.reference or q.mentioned) or self._definition_for(q) is not None

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

    def absent_titled(self, q: Query, named: set[int]) -> set[int]:
        """The laws of ``named`` (:meth:`absent_named`) that the question calls by their very title,
        Chinese or English (越序不叫, "fouled board")."""
        return {law for law in named if law in self.absent_laws
                and any(title and title in q.normalized for title in self._absent_titles[law])}

    @functools.cached_property
    def _absent_titles(self) -> dict[int, tuple[str, str]]:
        return {law: (normalize_query(a.title), normalize_query(a.title_en)) for law, a in self.absent_laws.items()}

    def absent_named(self, q: Query, answer_title: str = "", skip: set[int] | None = None) -> set[int]:
        """The missing laws whose title or short name the question (or a word it was bridged to)
        holds — less a name that the answer found holds too, in its title or text (「查询藏牌」 answers
        「明手可以问庄家是不是藏牌了吗」, 40D's 比赛主办机构 「主办方能管这种约定吗」: the corpus's own
        words there).  ``answer_title``: the best row's title and text."""
        extra = q.expansions + q.corrections
        # (the answer's text is only searched for the names the question holds)
        found = names_in(q.normalized, extra, self._absent_names_in(q.normalized, extra), skip, ignored_in=answer_title)
        if INSUFFICIENT_BID_LAW in self.absent_laws and insufficient_bid(q.normalized):
            found.add(INSUFFICIENT_BID_LAW)   # told in notation: 「对方开叫1NT，我叫了1♠」
        found |= {law for law in told_out_of_turn(q.normalized) if law in self.absent_laws}
        return found

    def _absent_names_in(self, text: str, extra: list[str]) -> list[tuple[int, int, str]]:
        """The :attr:`absent_names` that :func:`names_in` may find in ``text`` and the ``extra`` words:
        the Chinese ones whose first character they hold, the English ones when ``text`` has a letter."""
        chinese, english = self._absent_names_by_first
        heads = set(text).union(w[:1] for w in extra)
        found = [n for head in heads if head in chinese for n in chinese[head]]
        return found + english if _ANY_LETTER.search(text) else found

    @functools.cached_property
    def _absent_names_by_first(self) -> tuple[dict[str, list[tuple[int, int, str]]], list[tuple[int, int, str]]]:
        """The Chinese :attr:`absent_names` by first character, and the English ones (:func:`name_form`)."""
        chinese: dict[str, list[tuple[int, int, str]]] = {}
        for n in self.absent_names:
            if n[2][0] != " ":
                chinese.setdefault(n[2][0], []).append(n)
        return chinese, [n for n in self.absent_names if n[2][0] == " "]

    def absent_hinted(self, q: Query, skip: set[int] | None = None) -> set[int]:
        """The missing laws whose short name the question holds where the corpus uses the same
        word for a title or term of its own (藏牌, revoke): a hint for the detector, not proof."""
        return names_in(q.normalized, q.expansions + q.corrections, self.absent_hints, skip)

    # -- who acted ------------------------------------------------------------------------------

    def _ambiguity(self, q: Query, ranked: list["LawCandidates"]) -> Ambiguity | None:
        """When the question leaves open who acted and the close alternatives differ by actor (48
        for declarer, 49 for a defender), the readings and the question to ask back."""
        if not ranked or not ranked[0].best.doc.actors:
            return None
        close = [g for g in ranked[:AMBIGUITY_LAWS] if ranked[0].score - g.score <= AMBIGUITY_GAP]
        # in the rulebook's order of the seats, whichever reading ranks first: the question reads the same every time
        actors = sorted({a for g in close for a in g.best.doc.actors[:1]}, key=ACTORS.index)
        if len(actors) < 2:
            return None
        options = []
        for actor in actors:
            reading = self.rank(q, actor, exclude_definitions=True, strict=True)
            hits = self._hits(q, reading, 1)
            if hits:
                zh, en = LABELS[actor]
                options.append(ActorOption(actor, zh, en, hits[0]))
        if len({(o.hit.law, o.hit.clause) for o in options}) < 2:
            return None
        names_zh = "还是".join(o.label_zh for o in options)
        names_en = " or ".join(("a " + o.label_en.lower()) if o.actor == "defender" else o.label_en.lower()
                               for o in options)
        act = _action_word(q)
        return Ambiguity(question_zh=f"{act}的是{names_zh}？" if act else f"是{names_zh}？",
                         question_en=f"Who was it — {names_en}?", options=options)

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
        found = self._definition_named(subject, extra=[fixed])
        if found:
            return found
        for part in q.subject_parts:
            found = self._definition_named(part)
            if found:
                return found
        for subject in [q.subject, *q.subject_parts]:
            found = self._definition_alike(subject)
            if found:
                return found
        # a short message that is only a meaning cue, politeness and one defined word, or a longer one
        # that sets a defined word apart (quotes, 「X这个词」) and asks what it means
        # (a clause that is only the predicate, 「…“定约名目”，是指花色的意思吗」, asks about a word named
        # before it: what follows 是指 is the asker's guess, not the word)
        asked = ([c.strip() for c in q.asking if not _PREDICATE_ONLY.match(c)]   # (meaning_asking_clauses)
                 if len(q.clauses) > 1 else [])
        residuals = [definition_residual(text) for text in [q.normalized, *asked]]
        # a term whose name holds a filler (的, 中): its whole name left as it is
        residuals += [definition_residual(q.normalized, keep=name) for name in self._filled_names if name in q.normalized]
        for word in [*residuals, *definition_set_apart(q.normalized)]:
            # as written, or typed a little wrong ("how do the laws define declarar")
            found = word and (self._definition_named(word) or self._definition_alike(word))
            if found:
                return found
        # a thing told, then asked whether that is what a word means: the word exactly (「他就叫加倍了」 tells a call)
        for word in called_so(q.normalized):
            found = self._definition_named(word)
            if found:
                return found
        found = self._clause_asking_a_term(q)
        if found:
            return found
        # A defined term with one more character, in a word the rulebook never uses
        # (约定叫 → 约定, 心理叫牌 → 心理叫); 约定卡 is a rulebook word, and no definition.
        if q.subject and not q.subject.isascii() and q.subject not in self.lexicon.vocab:
            found = self._definitions.get(q.subject[:-1])
            if found and len(q.subject) > 2:
                return found
        # A message that asks what the rules' definition says: the term it asks about (_term_named_near;
        # 「我同伴先叫的黑桃，最后是我叫到4♠，按定义谁当庄家？」 → 庄家).
        asked_at = definition_asked_at(q.normalized)
        if asked_at is None:
            return None
        # a quoted word holding no term is what it asks about ("what makes a bid 'insufficient' by definition")
        words = sorted(quoted_words(q.normalized), key=lambda w: abs(q.normalized.find(w) - asked_at))
        quoted = [self._definition_named(w) or self._term_named_near(w, len(w)) for w in words]
        if not all(quoted):
            return None
        # a topic named first ("trumps — can there be any in notrump, going by the definition?")
        topic = _TOPIC_FIRST.match(q.normalized)
        if topic:
            found = self._definition_named(topic.group(1).strip()) or self._definition_alike(topic.group(1).strip())
            if found:
                return found
        # a term in the clause that asks ("what does the rulebook say a session is")
        in_clause = self._term_named_near(q.normalized, asked_at, clause_only=True)
        if in_clause:
            return in_clause
        # the quoted word nearest the ask, or the term inside it (「“当防家”是什么意思」)
        if quoted:
            return quoted[0]
        return self._term_named_near(q.normalized, asked_at)

    @functools.cached_property
    def _term_name_patterns(self) -> list[tuple[re.Pattern, Definition]]:
        """Each name of a defined term of two characters or more (English: three letters or more, as whole
        words, a plural too), compiled once."""
        def pattern(name: str) -> re.Pattern:
            return re.compile(rf"(?<![a-z]){re.escape(name)}(?:s|es)?(?![a-z])" if name.isascii() else re.escape(name))

        return [(pattern(name), d) for name, d in self._definitions.items() if len(name) >= (3 if name.isascii() else 2)]

    @functools.cached_property
    def _filled_names(self) -> tuple[str, ...]:
        """The Chinese names of defined terms that hold a word a definition question's residual drops (的, 中的)."""
        return tuple(n for n in self._definitions if not n.isascii() and definition_residual(f"{n}是什么意思") != n)

    @functools.cached_property
    def _term_names(self) -> tuple[dict[str, tuple[str, ...]], re.Pattern]:
        """The Chinese names of :attr:`_term_name_patterns` by their first two characters, and its English
        ones in one pattern (longest first)."""
        names = [name for name in self._definitions if len(name) >= (3 if name.isascii() else 2)]
        english = sorted((n for n in names if n.isascii()), key=len, reverse=True)
        chinese: dict[str, tuple[str, ...]] = {}
        for name in names:
            if not name.isascii():
                chinese[name[:2]] = chinese.get(name[:2], ()) + (name,)
        # (the word edges around the alternation, not in each branch: each branch then starts with
        # a letter, which the regex engine checks before trying it)
        return chinese, re.compile(rf"(?<![a-z])(?:{'|'.join(map(re.escape, english))})(?:s|es)?(?![a-z])")

    @functools.cached_property
    def _term_heads(self) -> re.Pattern:
        """Finds the two characters at every place a Chinese name of :attr:`_term_names` may start (at one
        of their first characters): the few heads to look up, not every pair of a long message."""
        chinese, _ = self._term_names
        first = "".join(sorted({re.escape(head[0]) for head in chinese}))
        return re.compile(f"(?=([{first}].))", re.S)

    def terms_named(self, q: Query) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        """The defined terms ``q`` names by any of their names (as :meth:`_term_named_near` reads them),
        those of them named in a clause that asks what a word means, and those named as the one who may
        or must act and asked about nowhere else (「明手可以做什么」, "what is dummy allowed to do": a question
        about a party's rights, not about the word; 「明手可以碰牌吗？明手到底指谁」 asks both)."""
        if q.named_terms is None:   # (cached on q: a question re-ranked per reading of who acted asks again)
            named, acting, _ = self._terms_read(q.normalized)
            asked: set[str] = set()
            for clause in q.asking:   # (meaning_asking_clauses)
                _, acts, untold = self._terms_read(clause)
                acting |= acts
                asked |= untold - acts
            q.named_terms = (named, frozenset(asked), frozenset(acting - asked))
        return q.named_terms

    def _terms_read(self, text: str) -> tuple[frozenset[str], set[str], set[str]]:
        """The terms ``text`` names (a name inside a longer one read as that one: 定约 in 部分定约), those named
        as a party who may or must act (「明手可以…」, "can dummy …"), and those not told as somebody's act
        (「同伴不叫是什么意思」)."""
        spaced = f" {text} "
        spans = self._term_spans(text)
        # told doing something ("LHO revoked", 「明手亮了一张牌」) or not doing it (「对方没有alert」, "didn't follow
        # suit"): the act is the question, not the word
        seats = seats_acting(text)
        acting = {term for start, end, term in spans
                  if _MODAL_AFTER.match(spaced, end) or _MODAL_BEFORE.search(spaced, 0, start) or term in seats
                  or (term in ACT_TERMS and _NEGATED_BEFORE.search(spaced, 0, start))}
        untold = {term for start, _, term in spans if not _ACT_OF.search(spaced, 0, start)}
        return frozenset(term for _, _, term in spans), acting, untold

    def _term_spans(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, term) of each defined term ``text`` names, in `` text `` (a space each side), in
        order; a name inside a longer one is that one (定约 in 部分定约)."""
        chinese, english = self._term_names
        spaced = f" {text} "
        spans = []   # (start, -length, name as found)
        heads = set(self._term_heads.findall(spaced))
        for name in (n for head in heads & chinese.keys() for n in chinese[head]):
            at = spaced.find(name)
            while at >= 0:
                spans.append((at, -len(name), name))
                at = spaced.find(name, at + 1)
        if _ANY_LETTER.search(text):
            spans += [(m.start(), m.start() - m.end(), m.group(0)) for m in english.finditer(spaced)]
        found, reached = [], 0
        for start, minus_length, name in sorted(spans):
            if start < reached:
                continue
            reached = start - minus_length
            # a plural: "passes" → pass, "games" → game
            d = self._definitions.get(name) or self._definitions.get(name[:-1]) or self._definitions.get(name[:-2])
            if d:
                found.append((start, reached, d.term))
        return found

    def _clause_asking_a_term(self, q: Query) -> Definition | None:
        """The defined term a later clause of a message asks about on its own: a clause that is nothing
        but a term named before it and what asks its meaning (「被加倍之后还能再加倍？再加倍是啥」,
        「裁判说我那张是藏牌，藏牌是啥？」), or one that points back at the term named last before it
        (「裁判给了我们一个调整分，这是什么东西」); the term by one of its names, a near spelling only when
        typed the same way before (「那是降牌。降牌到底是什么牌」).  Not when the message names a board (「7号牌谁发牌？局况是什么」 asks for that board's).  An English
        sentence ends a clause here ("we lost 7 imps on the last deal. what is an imp")."""
        clauses = [part for clause in q.clauses for part in _ENGLISH_SENTENCE_END.split(clause) if part.strip()]
        if len(clauses) < 2 or _BOARD_NAMED.search(q.normalized):
            return None
        for i in range(1, len(clauses)):
            text = clauses[i].strip()
            if _POINTS_BACK.match(text):
                spans = self._term_spans(clauses[i - 1])
                if spans:
                    return self._definitions.get(spans[-1][2])
            # (a word asked in a clause of its own only when named before it too: the asker heard it and
            # asks what it is; 「…，定约到底是什么」 asks what this board's contract is)
            # ("what do i lead" asks for a card: an English clause must ask what something is or means, and
            # "what's the contract" after an auction asks for this one's)
            english_ok = _ENGLISH_WHAT_IS.match(text) and not _ENGLISH_THIS_ONE.search(text)
            word = definition_residual(text) if not text.isascii() or english_ok else None
            found = word and self._definition_named(word)
            before = "，".join(clauses[:i])
            if found and any(found.term == term for _, _, term in self._term_spans(before)):
                return found
            # the word typed a little wrong, the same way both times (「他垫了张降牌，降牌到底是什么牌」)
            if word and not found and len(word) > 1 and word in before:
                found = self._definition_alike(word)
                if found:
                    return found
        return None

    def _term_named_near(self, normalized: str, at: int, clause_only: bool = False) -> Definition | None:
        """The defined term ``normalized`` names (by any of its names of two characters or more, an English
        one as whole words) in the clause holding position ``at``, nearest to it; else (unless
        ``clause_only``) the last it names before that clause; else the first it names."""
        spaced = f" {normalized} "
        found = [(m.start() - 1, m.end() - 1, d) for pattern, d in self._term_name_patterns
                 for m in pattern.finditer(spaced)]   # (start, end, term)
        # a name inside a longer one (定约 in 部分定约) is that one
        found = [f for f in found
                 if not any(g[0] <= f[0] and f[1] <= g[1] and g[1] - g[0] > f[1] - f[0] for g in found)]
        if not found:
            return None
        ends = [0] + [m.end() for m in _CLAUSE_BREAK.finditer(spaced)] + [len(spaced)]
        start = max(e for e in ends if e <= at + 1)
        end = min(e for e in ends if e > at + 1) if any(e > at + 1 for e in ends) else len(spaced)
        near = [f for f in found if start <= f[0] + 1 < end]
        if near or clause_only:
            return min(near, key=lambda f: abs(f[0] - at))[2] if near else None
        # else the last named before that clause (「昨天打牌时有人提到比赛分，按定义到底怎么讲」), or the first
        before = [f for f in found if f[0] < start]
        return max(before, key=lambda f: f[0])[2] if before else min(found, key=lambda f: f[0])[2]

    def _compared_definition(self, q: Query, first: Definition) -> Definition | None:
        """The other defined term a comparison asks about (「明手和庄家有什么区别」: 庄家 beside 明手)."""
        for word in q.compared:
            found = self._definition_named(word) or self._definition_alike(word)
            if found and found is not first:
                return found
        return None

    def _definition_named(self, subject: str, extra: list[str] = ()) -> Definition | None:
        """The defined term a definition question's X names: as written, without an article, in
        ``extra`` readings (typos fixed), in shape-alike or other spellings, through the glossary, or
        an English word as the glossary spells it (irreularity → irregularity) and its bridges."""
        # a word a definition names in so many words (局: 「…称为成局」; 满贯: 「…称为小满贯」)
        named_by = self._named_in_definitions.get(subject)
        if named_by:
            return named_by
        candidates = [subject, _ARTICLE.sub("", subject), *extra, *_shape_alike_readings(subject),
                      *_spelling_readings(subject)]
        candidates += self.lexicon.glossary.get(subject, [])
        if subject.isascii():
            word = self.lexicon.english_word(subject)
            candidates += ([word] if word else []) + self.lexicon.glossary.get(word or "", [])
        for cand in candidates:
            found = self._definitions.get(cand.strip(" \"'“”「」?？!！。."))
            if found:
                return found
        return None

    def _definition_alike(self, subject: str | None) -> Definition | None:
        """The defined term a definition question's X was meant to be: one that sounds the same
        (心里叫 → 心理叫), or an English name typed a little wrong (dumy → DUMMY, revoak → REVOKE) —
        an English word the glossary knows is taken as written, not as a typo."""
        if not subject or len(subject) > 24:
            return None
        if subject.isascii():
            if len(subject) < 4 or len(subject.split()) > 3 or self.lexicon.english_word(subject):
                return None
            best = process.extractOne(subject, list(self._english_terms), scorer=fuzz.ratio, score_cutoff=80)
            if best:
                return self._english_terms[best[0]]
            # each word typed a little wrong, the name then read as usual ("pyschic bid" → psychic bid)
            words = subject.split()
            fixed = " ".join(self.lexicon.english_word(w) or w for w in words)
            return self._definition_named(fixed) if len(words) > 1 and fixed != subject else None
        if not 2 <= len(subject) <= 6 or not all("\u4e00" <= ch <= "\u9fff" for ch in subject):
            return None
        return self._term_sounds.get(_sound(subject, self.lexicon))

    @functools.cached_property
    def _english_terms(self) -> dict[str, Definition]:
        # the English names, and the English other names players use (psych, pard), for a typo of either
        terms = {normalize_query(d.en): d for d in self.rulebook.definitions if d.en}
        terms.update({name: d for name, d in self._definitions.items() if name.isascii() and len(name) >= 4})
        return terms

    @functools.cached_property
    def _term_sounds(self) -> dict[str, Definition]:
        sounds: dict[str, Definition] = {}
        for d in self.rulebook.definitions:
            sounds.setdefault(_sound(normalize_query(d.term), self.lexicon), d)
        return sounds

    def _definition_hit(self, d: Definition, q: Query) -> Hit:
        words = [normalize_query(d.term)] + [w for w in q.terms if w != normalize_query(d.term)]
        return Hit(law=0, clause=None, term=d.term, title=f"{d.term} ({d.en})" if d.en else d.term, score=100.0,
                   snippet=_snippet(d.text, words), matched=[w for w in words if w in (d.term + d.text).lower()])

    # -- full text ----------------------------------------------------------------------------

    def candidates(self, q: Query, actor: str | None = None, exclude_definitions: bool = False) -> list["Candidate"]:
        """The rows FTS5 finds for ``q`` (best BM25 first), each with its ranking features."""
        if not q.terms:
            return []
        # 「明手可以做什么」, "what is dummy allowed to do": the party's rights, never the word's meaning
        named, asked, acting = self.terms_named(q)
        found = [(doc, score) for doc, score in self._full_text(q)
                 if not (doc.law == 0 and (exclude_definitions or doc.term in acting))]
        if not found:
            return []
        if q.clause_pooled is None:
            q.clause_pooled = self.clause_pools.look_up(self._grams(q), weights=self._gram_weights(q)[1])
        return _with_features(found, q, actor, self._row_words, self.resemblance(q), q.clause_pooled, named, asked)

    def _full_text(self, q: Query) -> list[tuple["_Doc", float]]:
        """The rows FTS5 finds for ``q`` and their BM25, best first (cached on ``q``: a question
        whose answer hangs on who acted is ranked once more per reading)."""
        if q.found is None:
            # FTS5 has no term weights: a word weighing 3 is asked for three times.
            phrases = [(t, None) for t, weight in q.terms.items() for _ in range(weight)]
            phrases += [(g, "t_bigrams") for g in q.bigrams]
            q.found = [(self._docs[rowid], score) for rowid, score in self.full_text.search(phrases, CANDIDATES)]
        return q.found

    def rank(self, q: Query, actor: str | None = None, exclude_definitions: bool = False,
             strict: bool = False) -> list["LawCandidates"]:
        """The candidate laws (and definitions) for ``q``, best first, each with its rows by model score.

        ``strict``: the ``actor`` is certain (the asker said so), so rows governing another
        side's act go below every other row."""
        cands = self.candidates(q, actor, exclude_definitions)
        for cand in cands:
            cand.score = self.model.score_values(cand.values)
        if strict and actor:
            floor = min(c.score for c in cands) if cands else 0.0
            for cand in cands:
                if cand.doc.actors and cand.doc.actors[0] != actor:
                    cand.score = floor - 1.0 + cand.score / 100
        return group_by_law(cands)

    def _hits(self, q: Query, ranked: list["LawCandidates"], k: int) -> list[Hit]:
        terms = q.terms
        hits = []
        for group in ranked[: max(k, 3)]:
            doc = group.best.doc
            matched = [t for t in terms if t in doc.words]
            clause = self._answer_level(doc, terms)
            title = doc.title if clause == doc.clause else self._title(doc.law, clause)
            hits.append(Hit(law=doc.law, clause=clause, term=doc.term, title=title, score=round(group.score, 3),
                            snippet=_snippet(doc.text or doc.title, matched), matched=matched, actors=doc.actors))
        return hits

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
        for clause_id, title_words, chars in reversed(doc.parents):
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


def _load_docs(db: sqlite3.Connection) -> dict[int, _Doc]:
    docs = {}
    for (rowid, law, clause, term, title, text, parents, t_title, t_heading, t_body, t_chars,
         t_situations, situations, actors) in db.execute(
        "SELECT id, law, clause, term, title, text, parents, t_title, t_heading, t_body, t_chars, "
        "t_situations, situations, actors FROM docs"
    ):
        above = tuple((cid, frozenset(words.split()), frozenset("".join(words.split())))
                      for cid, words in json.loads(parents or "[]"))
        words = _all_words(t_title, t_heading, t_body, t_chars, t_situations)
        docs[rowid] = _Doc(law, clause, term, title, text or "", words, above, rowid=rowid,
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


@dataclass(slots=True)
class Candidate:
    """One row found for a question, its features (``values``, in :data:`FEATURES` order) and
    (once ranked) its model score."""

    doc: _Doc
    bm25: float
    values: list[float]
    score: float = 0.0

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
        return self.rows[0]

    @property
    def score(self) -> float:
        return self.rows[0].score


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


def _resemblance_keys(law: int, clause: str | None, term: str | None) -> tuple:
    """The phrase-index keys whose phrases speak for a row: its own clause's, a heading's above
    it (whose phrases it carries), its law's, or its term's."""
    if law == 0:
        return (("term", term),)
    keys = [("law", law), ("clause", str(law))]
    clause = clause or ""
    keys += [("clause", clause[:n]) for n in range(len(str(law)) + 1, len(clause) + 1)]
    return tuple(keys)


def _with_features(found: list[tuple[_Doc, float]], q: Query, actor: str | None, row_words: RowWords,
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
    # each key's resemblance by position (see _Doc.phrase_positions)
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
    (``resemblance``: the phrase look-up of :meth:`Searcher.resemblance`)."""
    terms = q.terms
    best = ranked[0].best
    second = ranked[1].score if len(ranked) > 1 else ranked[0].score - 2.0
    return {
        "top": ranked[0].score,
        "margin": ranked[0].score - second,
        "coverage": sum(w for t, w in terms.items() if t in best.doc.words) / (sum(terms.values()) or 1),
        "situation_phrase": best.values[_SITUATION_PHRASE],
        "bm25": math.log1p(max(best.bm25, 0.0)),
        "english": 1.0 if q.english else 0.0,
        "absent_lead": phrase_lead(resemblance),
        "definition": 1.0 if best.doc.law == 0 else 0.0,
        # the best law's softmax share of all the laws found (the ranker is fitted on such shares)
        "share": 1.0 / sum(math.exp(max(-50.0, g.score - ranked[0].score)) for g in ranked),
    }


# Acts a question about who acted is usually about, as found and as said back (亮了一张 → 亮牌).
_ACTION_WORDS = (("亮", "亮牌"), ("暴露", "暴露"), ("摊", "摊牌"), ("掉", "掉牌"), ("首引", "首引"), ("首攻", "首攻"),
                 ("引牌", "引牌"), ("出牌", "出牌"), ("打牌", "打牌"), ("看牌", "看牌"), ("声称", "声称"), ("承认", "承认"),
                 ("收回", "收回"), ("叫牌", "叫牌"), ("犯规", "犯规"), ("违规", "违规"))


# 「打牌时」, 「叫牌过程中」: when it happened, not what was done
_PERIOD_AFTER = re.compile(r"时|的时候|过程|期间|中|阶段")


def _bare(text: str) -> str:
    """``text`` without spaces and punctuation: a message that is a word alone reads as that word."""
    return _NOT_A_WORD_CHAR.sub("", text)


_NOT_A_WORD_CHAR = re.compile(r"[\s,.;:!?，。；：！？、'\"“”‘’()（）]+")


def _action_word(q: Query) -> str | None:
    """The act the question is about, in the question's own words (亮牌), for 「亮牌的是庄家还是防家？」;
    an act named as a period (「打牌时对方亮了一张牌」) is not it."""
    compact = q.normalized.replace(" ", "")
    found = [(m.start(), said) for seen, said in _ACTION_WORDS for m in re.finditer(re.escape(seen), compact)
             if not _PERIOD_AFTER.match(compact, m.end())]
    if found:
        return min(found)[1]
    return next((said for seen, said in _ACTION_WORDS if seen in q.expansions), None)


def _corpus_names(rulebook: Rulebook) -> list[str]:
    """The corpus's own titles and terms, as :func:`name_form` looks for names in them."""
    titles = [law.title for law in rulebook.laws.values()]
    titles += [c.title for law in rulebook.laws.values() for c in law.clauses if c.title]
    titles += [d.term for d in rulebook.definitions]
    forms = [normalize_query(t) for t in titles]
    forms += [name_form(normalize_query(d.en)) for d in rulebook.definitions if d.en]
    return forms


def _shape_alike_readings(subject: str) -> list[str]:
    """The subject with one shape-alike character put right (一手脾 → 一手牌): a defined term may
    hold a pair the rulebook never writes apart (手牌), which the question's typo fixes cannot see."""
    if len(subject) > 8:
        return []
    return [subject[:i] + right + subject[i + 1 :] for i, c in enumerate(subject) for right in SHAPE_ALIKES.get(c, "")]


def _content_chars(text: str) -> frozenset:
    """The question's Chinese characters, less the one-character fillers (的, 吗, 了 …)."""
    return frozenset(c for c in text if "\u4e00" <= c <= "\u9fff" and c not in STOPWORDS_ZH)


def _own_title_share(doc: "_Doc", words: list[str], beyond_law: dict[str, list[str]] | None = None) -> float:
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


def _sound(word: str, lexicon: Lexicon) -> str:
    """A Chinese word's pinyin with the sound pairs people confuse folded (see :func:`fuzzy_pinyin`)."""
    pinyin = lexicon.pinyin_of(word)
    return fuzzy_pinyin(" ".join(pinyin.get(ch, "?") for ch in word))
