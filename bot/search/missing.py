"""Laws the corpus lacks, recognised in a question, so an answer can say plainly that its law is not here.

``corpus/missing_laws.yaml`` lists every law of the 1997 Laws that the 1999 Chinese corpus does not
hold, with its title (Chinese and English) and the ways players tell its situation — colloquial
Chinese, traditional and English.  Detection runs on the normalised question and the words the
glossary bridged it to (「叫得比上家还低」 → 不足叫牌), never on raw text: the question is compared
(:class:`bot.search.phrases.PhraseIndex`) with every phrase of the missing laws *and* every
situation phrase and title of the clauses the corpus holds; a missing law is reported when its
closest phrase is close enough, closer than anything the corpus has, and the ranker finds no
clause it is sure of (:class:`AbsentModel` weighs the three).  A law the rulebook holds
is never reported, so adding a law to the corpus silences it by itself.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.base.textnorm import normalize_query
from bot.rulebook.model import CORPUS_DIR, Rulebook
from bot.search.phrases import Resemblance

MISSING_LAWS_PATH = CORPUS_DIR / "missing_laws.yaml"


@dataclass(frozen=True)
class AbsentLaw:
    """A law the corpus lacks: its number, its titles, and the phrases that name its situation."""

    law: int
    title: str
    title_en: str
    phrases: tuple[str, ...] = ()

    @property
    def laws(self) -> tuple[int, ...]:
        """The law as a tuple (the form the chat's note code reads)."""
        return (self.law,)

    @property
    def zh(self) -> str:
        return self.title

    @property
    def en(self) -> str:
        return self.title_en

    def note(self, lang: str = "zh") -> str:
        """One line telling the user the law for this question is not in the corpus."""
        if lang == "en":
            return f"Note: this is a matter for Law {self.law} ({self.title_en}), which is not in this corpus."
        return f"提示：{self.title}在第{self.law}条，本语料未收录。"

    def to_json(self) -> dict:
        """The law as JSON (in ``absent`` of ``bridgebot ask --json``)."""
        return {"law": self.law, "title": self.title, "title_en": self.title_en}


# Kept under its old name: the chat core's note code knows absent laws as topics.
MissingTopic = AbsentLaw


class MissingLawsFileError(ValueError):
    """``missing_laws.yaml`` is malformed; the message names the entry."""


@functools.lru_cache(maxsize=4)
def load_topics(path: Path = MISSING_LAWS_PATH) -> tuple[AbsentLaw, ...]:
    """Every absent law of the file, in law order (cached); phrases normalised."""
    import yaml

    with open(path, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh) or {}
    merged: dict[int, dict] = {}
    for entry in raw.get("absent") or []:
        try:
            law = int(entry["law"])
            slot = merged.setdefault(law, {"title": entry["title_zh"], "title_en": entry["title_en"], "phrases": []})
        except (KeyError, TypeError, ValueError) as err:
            raise MissingLawsFileError(f"{path.name}: each entry needs law, title_zh, title_en ({entry!r})") from err
        for phrase in entry.get("phrases") or []:
            text = normalize_query(str(phrase)).strip()
            if text and text not in slot["phrases"]:
                slot["phrases"].append(text)
    return tuple(AbsentLaw(law, d["title"], d["title_en"], tuple(d["phrases"])) for law, d in sorted(merged.items()))


ABSENT_FEATURES = (
    "absent",      # resemblance of the closest phrase or title of a missing law (0–1)
    "present",     # … of the closest situation phrase or title of the corpus
    "lead",        # absent − present
    "absent_share",  # the missing laws' share of the resemblance of the five closest clauses, terms or laws
    "unanswered",  # 1 − the ranker's confidence that its best clause answers the question
    "bm25",        # log(1 + BM25 of the best row the corpus has)
    "pool_absent",   # resemblance of the closest missing law, all its phrases pooled (0–1)
    "pool_present",  # … of the closest law or term of the corpus, its phrases and titles pooled
    "pool_lead",     # pool_absent − pool_present
    "ratio",         # absent / (absent + present): the missing law's share of the two closest phrases
    "pool_ratio",    # … of the two closest pools
    "hinted",        # the question holds a missing law's short name that the corpus uses too (藏牌)
    "phase_conflict",  # the question tells the auction and the best clause governs the play, or the reverse
    "words_absent",    # log(1 + BM25) of the question's words over the closest missing law's pooled phrases
    "words_present",   # … over the closest law or term of the corpus (bot.search.pooled_words)
    "words_lead",      # words_absent − words_present
    "words_ratio",     # the missing law's share of the two BM25s
)

# How much a missing law's word-level BM25 (relative to the closest missing law's) adds to its
# resemblance when the laws are put in order: 0.1 named the right law for 0.775 of the phrases left
# out instead of 0.770 (0.2: 0.775, 0.5: 0.768, 1.0: 0.747).
WORDS_RANK = 0.1


# When a question says its irregularity happened: the auction (laws 17–22 here; 23–39, which rectify
# its irregularities, are missing) or the play (42–71).  「叫牌的时候我的牌掉到桌上了」 is Law 24,
# not the play's exposed cards (48–50), whatever words they share.
# (Every branch starts with a character, an English word's edge checked after its first letter — d(?<!\wd)uring
# is \bduring —: the regex engine tries only the places holding one of them; see absent_families._OUT_OF_TURN.)
_AUCTION_WHEN = r"(?:的)?(?:时候|时|过程中?|期间|阶段|中途|还没结束|还没完|还未完|未完|未结束|还没叫完)"
_AUCTION_TOLD = re.compile(rf"叫牌{_AUCTION_WHEN}|竞叫{_AUCTION_WHEN}|叫品{_AUCTION_WHEN}|叫牌中"
                           r"|d(?<!\wd)uring the (?:auction|bidding)\b|i(?<!\wi)n the (?:auction|bidding)\b"
                           r"|w(?<!\ww)hile (?:bidding|we were bidding)\b"
                           r"|m(?<!\wm)id-auction\b|b(?<!\wb)efore the auction (?:was over|ended)\b"
                           r"|a(?<!\wa)uction (?:wasn'?t|was not|isn'?t|is not) (?:over|finished)\b|s(?<!\ws)till bidding\b")
_PLAY_WHEN = r"(?:的)?(?:时候|时|过程中?|期间|阶段|中途)"
_PLAY_TOLD = re.compile(rf"打牌{_PLAY_WHEN}|出牌{_PLAY_WHEN}|做庄{_PLAY_WHEN}|防守{_PLAY_WHEN}|打牌中"
                        r"|d(?<!\wd)uring the play\b|i(?<!\wi)n the play\b|m(?<!\wm)id-?play\b"
                        r"|w(?<!\ww)hile (?:playing|defending|declaring)\b")
AUCTION_LAWS = range(17, 23)
PLAY_LAWS = range(42, 72)


def phase_conflict(normalized: str, law: int | None) -> float:
    """1.0 when the question tells one period of the board (auction, play) and the best clause
    governs the other; else 0.0."""
    if not law:
        return 0.0
    auction, play = _periods_told(normalized)
    if auction == play:
        return 0.0
    return 1.0 if (auction and law in PLAY_LAWS) or (play and law in AUCTION_LAWS) else 0.0


# The missing laws of one period: the auction's irregularities (23–39: a card exposed during the auction, calls out
# of rotation, inadmissible calls …) and the play's (53–64: leads out of turn, revokes).
AUCTION_ABSENT = range(23, 40)
PLAY_ABSENT = range(53, 65)


def outside_period(normalized: str, laws: list) -> list:
    """``laws`` (missing laws, anything with ``.law``) less those of the other period when the question tells
    only one: "an opponent dropped a card during the play" is no card exposed during the auction (24)."""
    auction, play = _periods_told(normalized)
    if auction == play:
        return laws
    other = AUCTION_ABSENT if play else PLAY_ABSENT
    return [a for a in laws if a.law not in other]


def auction_only(normalized: str) -> bool:
    """Whether the question tells the auction as its period and not the play (「叫牌的时候…」): no declarer,
    dummy or defender yet."""
    auction, play = _periods_told(normalized)
    return auction and not play


@functools.lru_cache(maxsize=1024)
def _periods_told(normalized: str) -> tuple[bool, bool]:
    """Whether the question says its irregularity happened in the auction, and in the play."""
    return bool(_AUCTION_TOLD.search(normalized)), bool(_PLAY_TOLD.search(normalized))


@dataclass(frozen=True)
class AbsentModel:
    """A logistic model saying whether a question is about a missing law (trained by
    ``bridgebot train-ranker``; weights in ``bot/search/ranker.json``), and how close to the
    closest missing law another must be to be named with it."""

    weights: dict[str, float]
    bias: float
    threshold: float = 0.5
    tie: float = 0.1
    max_laws: int = 3
    # The least probability at which a missing law the question names is reported: a name said as the
    # background of a question the corpus answers (「上家越序叫牌被取消了，这个信息我能用吗」 is 16C) needs
    # the detector to agree a little; a law called by its very title (越序不叫, 牌套错乱) does not.
    # Chosen by `bridgebot train-ranker` (see training.tune_absent).
    named_floor: float = 0.0

    def probability(self, features: dict[str, float]) -> float:
        """The estimated chance that the question is about a missing law."""
        z = self.bias + sum(w * features.get(n, 0.0) for n, w in self.weights.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def decide(self, best: Resemblance, named: set[int], topics_by_law: dict[int, AbsentLaw], answered: float,
               bm25: float, pooled: Resemblance | None = None, hinted: set[int] = frozenset(),
               conflict: float = 0.0, words: Callable[[], Resemblance] | None = None,
               titled: set[int] = frozenset()) -> list[AbsentLaw]:
        """The missing laws to report, from a phrase look-up (``{key: resemblance}``, keys
        ``("absent", law)`` for missing laws), the same look-up over pooled phrases (``pooled``),
        the missing laws the question ``named`` (or ``hinted`` at), and the ranker's view (``answered``: its
        confidence in the best clause; ``bm25``: the best row's BM25; ``conflict``: see
        :func:`phase_conflict`; ``words()``: the word-level BM25 over the same pools, looked up only
        when the resemblance leaves a missing law possible; ``titled``: the named laws the question calls
        by their very title, reported whatever the detector says)."""
        features, laws = _resemblance_features(best, answered, bm25, pooled, hinted, conflict)
        looked: list[Resemblance | None] = []

        def words_looked_up() -> Resemblance | None:
            if not looked:
                looked.append(words() if words is not None else None)
            return looked[0]

        if named:
            # The question names the law outright (越序首引, insufficient bid, 藏牌) …
            if not self.named_floor or titled or self.probability(
                    _words_features(features, words_looked_up())) >= self.named_floor:
                return self._with_neighbours(sorted(named), _in_order(laws, words_looked_up() if self.named_floor else None),
                                             topics_by_law)
            # … or only as the background of a question about something else: the detector decides.
        if not laws or not resembles(features):
            return []
        features = _words_features(features, words_looked_up())
        # A question told just as one of the law's own phrases is about that law, however sure
        # the ranker is of a clause that shares its words (「declarer led from the wrong hand」).
        if not is_retelling(features) and self.probability(features) < self.threshold:
            return []
        ranked = _in_order(laws, words_looked_up())
        if hinted:
            return self._with_neighbours(sorted(hinted), ranked, topics_by_law)
        return self._with_neighbours([], ranked, topics_by_law)

    def _with_neighbours(self, first: list[int], ranked: list[tuple[float, int]],
                         topics_by_law: dict[int, AbsentLaw]) -> list[AbsentLaw]:
        """The laws ``first`` names, then the missing laws whose phrases resemble the question
        nearly as closely as the closest (a revoke's correction, establishment and penalty are
        62–64: a question told in a few words may be any of them), at most :attr:`max_laws`."""
        top = ranked[0][0] if ranked else 0.0
        near = [law for sim, law in ranked[: self.max_laws] if sim >= top - self.tie]
        laws = list(dict.fromkeys(first + near))[: self.max_laws]
        return [topics_by_law[law] for law in laws if law in topics_by_law]


# How much closer the corpus's nearest phrase may be than the missing law's, and the least share
# the missing law's pooled phrases must have of the two closest pools (chosen by the
# leave-one-phrase-out check of `bridgebot train-ranker`, at the same false alarms: −0.1 and 0.45
# with eight sets; with ten, whose harder questions train a sharper model, −0.15 and 0.35 recognise
# 0.849 of the phrases instead of 0.834 and 0.918 of the sets' questions instead of 0.915, and
# looser gates nothing more; a floor on the closest phrase's resemblance only cost recall).
ABSENT_MARGIN = -0.15
POOL_SHARE = 0.35


def resembles(features: dict[str, float]) -> bool:
    """A missing law's phrase must resemble the question about as closely as anything of the
    corpus does, and its phrases taken together nearly as closely as a law of the corpus: the model
    alone would take every question the ranker is unsure of (「今天天气怎么样」) for one about a
    missing law, and one phrase alone may share a generic question's words (明手可以…).  A question
    holding a missing law's short name that the corpus uses too (藏牌, revoke: a term of chapter 1)
    needs only the first: the corpus's term and its phrases pool as closely as the law's by that word."""
    if features.get("hinted"):
        return features["lead"] > ABSENT_MARGIN
    return features["lead"] > ABSENT_MARGIN and features["pool_ratio"] > POOL_SHARE


NEAR_COPY = 0.9


def is_retelling(features: dict[str, float]) -> bool:
    """The question all but repeats a missing law's phrase, closer than anything of the corpus."""
    return features["absent"] >= NEAR_COPY and features["lead"] > 0


def phrase_lead(best: Resemblance) -> float:
    """How much closer the question's closest missing-law phrase is than its closest phrase,
    title or rule text of the corpus (the ``lead`` of :func:`absent_features`)."""
    absent, present = best.highest("absent")
    return absent - present


def may_be_absent(best: Resemblance) -> bool:
    """Whether the phrase look-up leaves a missing law possible at all (:func:`resembles` needs
    this lead): when not, the pooled look-up need not be made."""
    return phrase_lead(best) > ABSENT_MARGIN


def absent_features(best: Resemblance, answered: float, bm25: float, pooled: Resemblance | None = None,
                    hinted: set[int] = frozenset(), conflict: float = 0.0,
                    words: Resemblance | None = None) -> tuple[dict[str, float], list[tuple[float, int]]]:
    """The features of :data:`ABSENT_FEATURES`, and the missing laws by resemblance (closest
    phrase plus the pooled phrases, plus :data:`WORDS_RANK` × their words' BM25 relative to the
    closest's), closest first (``pooled``, ``words``: None when not looked up)."""
    features, laws = _resemblance_features(best, answered, bm25, pooled, hinted, conflict)
    return _words_features(features, words), _in_order(laws, words)


def _resemblance_features(best: Resemblance, answered: float, bm25: float, pooled: Resemblance | None,
                          hinted: set[int], conflict: float) -> tuple[dict[str, float], dict[int, float]]:
    """The features of :data:`ABSENT_FEATURES` but the words' (0.0), and each missing law's
    resemblance (closest phrase plus pooled phrases)."""
    pool_absent, pool_present = pooled.highest("absent") if pooled is not None else (0.0, 0.0)
    laws = {key[1]: sim for key, sim in best.of_kind("absent")}
    if pooled is not None:
        for key, sim in pooled.of_kind("absent"):
            laws[key[1]] = laws.get(key[1], 0.0) + sim
    absent, present = best.highest("absent")
    closest = best.largest(5)
    mass = sum(sim for _, sim in closest)
    share = sum(sim for key, sim in closest if key[0] == "absent") / mass if mass else 0.0
    return ({"absent": absent, "absent_share": share, "present": present, "lead": absent - present, "unanswered": 1.0 - answered,
             "bm25": math.log1p(max(bm25, 0.0)), "pool_absent": pool_absent, "pool_present": pool_present,
             "pool_lead": pool_absent - pool_present, "hinted": 1.0 if hinted else 0.0, "phase_conflict": conflict,
             "ratio": absent / (absent + present) if absent + present else 0.0,
             "pool_ratio": pool_absent / (pool_absent + pool_present) if pool_absent + pool_present else 0.0,
             "words_absent": 0.0, "words_present": 0.0, "words_lead": 0.0, "words_ratio": 0.0}, laws)


def _words_features(features: dict[str, float], words: Resemblance | None) -> dict[str, float]:
    """``features`` with the words' BM25 (``words``: None when not looked up: 0.0)."""
    if words is None:
        return features
    absent, present = words.highest("absent")
    return dict(features, words_absent=math.log1p(absent), words_present=math.log1p(present),
                words_lead=math.log1p(absent) - math.log1p(present),
                words_ratio=absent / (absent + present) if absent + present else 0.0)


def _in_order(laws: dict[int, float], words: Resemblance | None) -> list[tuple[float, int]]:
    """The missing laws ``laws`` resemble, closest first, their words' BM25 (relative to the closest
    missing law's) weighing in by :data:`WORDS_RANK`."""
    if words is not None:
        absent = words.highest("absent")[0]
        if absent:
            laws = dict(laws)
            for key, score in words.of_kind("absent"):
                if key[1] in laws:
                    laws[key[1]] += WORDS_RANK * score / absent
    return sorted(((sim, law) for law, sim in laws.items()), reverse=True)


def absent_entries(topics: tuple[AbsentLaw, ...], rulebook: Rulebook) -> list[tuple[tuple, str]]:
    """The phrase-index entries of the laws the rulebook lacks: each law's titles and phrases."""
    return [(("absent", t.law), p) for t in topics if not rulebook.law(t.law) for p in (t.title, t.title_en, *t.phrases)]


def present_entries(rulebook: Rulebook, situations) -> list[tuple[tuple, str]]:
    """The phrase-index entries of the corpus: law, clause and definition titles and the
    situation phrases of :mod:`bot.search.situations`."""
    entries: list[tuple[tuple, str]] = []
    for law in rulebook.laws.values():
        entries.append((("law", law.number), normalize_query(law.title)))
        entries += [(("clause", c.id), normalize_query(c.title)) for c in law.clauses if c.title]
    for d in rulebook.definitions:
        entries.append((("term", d.term), normalize_query(f"{d.term} {d.en}")))
    entries += [(("clause", key), p) for key, phrases in situations.clauses.items() for p in phrases]
    entries += [(("term", key), p) for key, phrases in situations.terms.items() for p in phrases]
    return entries


def pool_key(key: tuple) -> tuple:
    """The pool a phrase-index key belongs to: a clause's phrases pool into its law's."""
    if key[0] == "clause":
        return ("law", int(re.match(r"\d+", key[1]).group()))
    return key


def referenced_absent(law: int, rulebook: Rulebook) -> list[AbsentLaw]:
    """The absent law a reference names (「第27条」), when the rulebook lacks it and the file knows it."""
    if rulebook.law(law):
        return []
    return [t for t in load_topics() if t.law == law]
