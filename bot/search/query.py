"""Query understanding: from what a user typed to the words the index should look for.

Normalises at the edge (simplified — with Taiwan's character variants — half-width, lower
case), recognises law references and definition questions, drops question fillers, and bridges
vocabulary: English law terms and colloquial Chinese through the glossary, sound-alike typos
(名手 → 明手) through pinyin, shape-alike ones (栽判 → 裁判) through :mod:`bot.search.typos`, misspelt
English through rapidfuzz, spoken negation to the rulebook's written one (没听清 → 未听清叫牌)
and Chinese counts to the rulebook's digits (第五张 → 5).  The definition frames are read by
:mod:`bot.search.definition_frames`, the words known by :mod:`bot.search.lexicon`, the vocabulary
bridged by :mod:`bot.search.bridges`.
"""

import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

import opencc

from bot.search.actors import without_asker
from bot.rulebook.refs import (MAX_REFERENCE_CHARS, Reference, ReferenceInputError, find_reference, parse_reference,
                               reference_text)
from bot.search.segment import Segmenter, ascii_words, bigrams
from bot.base.textnorm import is_traditional, normalize_query
from bot.search.typos import shape_alike_fixes
from bot.search.bridges import _generic_bridges, _glossary_matches
from bot.search.definition_frames import (_CLAUSE_ASKS_MEANING, _HAN, _HAN_RUN, _PUNCT, _definition_readings, clauses_of,
                                          compared_subjects, definition_subject, definition_subjects)
from bot.search.lexicon import STOPWORDS_EN, STOPWORDS_ZH, Lexicon, fuzzy_pinyin

__all__ = ["Lexicon", "Query", "STOPWORDS_EN", "STOPWORDS_ZH", "compared_subjects", "definition_subject",
           "definition_subjects", "fuzzy_pinyin", "understand"]


@dataclass
class Query:
    """A question after understanding."""

    raw: str
    normalized: str
    english: bool
    reference: Reference | None = None
    reference_error: ReferenceInputError | None = None
    mentioned: Reference | None = None
    subject: str | None = None
    # other readings of X: a frame in one sentence of a longer message (「上家指的是哪个？坐我左边…」),
    # a bracketed other name, the two sides of a comparison (see definition_subjects)
    subject_parts: list[str] = field(default_factory=list)
    # the two words a comparison asks about (「明手和庄家有什么区别」 → 明手, 庄家): both definitions are shown
    compared: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    expansions: list[str] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)
    bigrams: list[str] = field(default_factory=list)
    broad: set[str] = field(default_factory=set)
    # words that only set the scene (the denomination and level of a bid in notation): weight 1
    scene: set[str] = field(default_factory=set)
    fixes: list[tuple[str, str]] = field(default_factory=list)
    # once looked up (see bot.search.retrieve): what the phrase look-ups compare it by and what they read
    # of it, the closest situation phrases, the resemblance to every clause's pooled phrases, and the
    # full-text rows
    phrase_grams: tuple | None = None
    gram_weights: list | None = None
    resemblance: Mapping | None = None
    clause_pooled: Mapping | None = None
    found: list | None = None
    # the defined terms it names, and those named where it asks a meaning (see TermReader.named)
    named_terms: tuple | None = None
    # the law classifier's p(law) for the whole message (see bot.search.rank.Ranker.law_prior)
    law_prior: dict | None = None

    @functools.cached_property
    def clauses(self) -> list[str]:
        """The clauses of the normalised question (see :func:`clauses_of`)."""
        return clauses_of(self.normalized)

    @functools.cached_property
    def asking(self) -> list[str]:
        """Its clauses that ask what a word means in so many words (:func:`meaning_asking_clauses`)."""
        return [c for c in self.clauses if _CLAUSE_ASKS_MEANING.search(c)]

    @functools.cached_property
    def terms(self) -> Counter:
        """Search words with integer weights: a single character 1, a word or a typo correction 2,
        a glossary bridge 3 — or 2 when it leads to a word common all over the rulebook (card →
        牌张, play → 打牌), which tells rows apart no better than a plain word.  FTS5 has no term
        weights, so the caller repeats each word that many times in the query.  Computed once, on
        first use, after :func:`understand` has filled the query in."""
        weights: Counter = Counter()
        for w in self.words:
            weights[w] = max(weights[w], 1 if len(w) == 1 else 2)
        for w in self.corrections:
            weights[w] = max(weights[w], 2)
        for w in self.expansions:
            weights[w] = 2 if w in self.broad else 3
        for w in self.scene & set(weights):
            weights[w] = 1
        return weights


def normalized_text(text: str) -> str:
    """``text`` as the search reads it: simplified (Taiwan variants too), half-width, lower case, the
    mainland spelling of variant words — :attr:`Query.normalized` (the law classifier reads the same)."""
    return _common_variants(normalize_query(_taiwan_to_simplified(text) if is_traditional(text) else text))


def understand(text: str, segmenter: Segmenter, lexicon: Lexicon) -> Query:
    """Analyse one user question (any script or width) into a :class:`Query`."""
    traditional = is_traditional(text)
    as_typed = normalize_query(_taiwan_to_simplified(text) if traditional else text)
    normalized = _common_variants(as_typed)  # as normalized_text(text)
    q = Query(raw=text, normalized=normalized, english=not _HAN.search(normalized) and bool(ascii_words(normalized)))
    # the text as references are read in it, made once for both look-ups (normalize_query(text) above serves
    # when joining changes nothing)
    read = reference_text(text[:MAX_REFERENCE_CHARS],
                          None if traditional or len(text) > MAX_REFERENCE_CHARS else as_typed)
    try:
        q.reference = parse_reference(text, read)
    except ReferenceInputError as err:
        q.reference_error = err
    if q.reference:
        return q
    q.mentioned = find_reference(text, read)
    q.subject, subjects, q.compared = _definition_readings(normalized, q.clauses, q.asking)
    q.subject_parts = [s for s in subjects if s != q.subject]
    # A definition question searches for its subject alone: 「X是什么意思」 is about X, and the
    # frame's words (意思) would only pull in laws about explanations.
    plain = _PUNCT.sub(" ", q.subject or without_asker(normalized)).strip()
    latin = ascii_words(plain)
    all_words = [part for word in latin for part in _bid_words(word)]
    english_words = [w for w in all_words if w not in STOPWORDS_EN]
    runs = _HAN_RUN.findall(plain)
    fixes = [fix for run in runs for fix in _typo_fixes(run, segmenter, lexicon)]
    q.fixes = fixes
    q.corrections = list(dict.fromkeys(word for _, word in fixes))
    # A glossary phrase may hide behind a typo (叫栽判 → 叫裁判 → 召请裁判).
    corrected = plain
    for window, word in fixes:
        corrected = corrected.replace(window, word)
    # a bid in notation (「打3NT的时候明手说…」) is mostly context: its denomination bridges like a generic word
    named_in_bids = {part for word in latin if _BID.fullmatch(word) for part in _bid_words(word)[1:]}
    generic = _generic_bridges(all_words, lexicon, named_in_bids)
    for target in _glossary_matches(plain if corrected == plain else f"{plain}。{corrected}", all_words, lexicon):
        if target in q.expansions:
            continue
        q.expansions.append(target)
        if target not in generic:
            q.words.extend(t for t in segmenter.tokens(target) if t != target and t not in STOPWORDS_ZH)
    for word in english_words:
        if word in lexicon.vocab:
            q.words.append(word)
    q.broad = {w for w in q.expansions if w in lexicon.broad} | generic
    q.scene = {t for w in named_in_bids for t in lexicon.glossary.get(lexicon.english_word(w) or w, ())}
    q.bigrams = list(dict.fromkeys(bigrams(plain)))
    for run in runs:
        q.words.extend(t for t in segmenter.tokens(run) if t not in STOPWORDS_ZH)
    if corrected != plain:
        # The corrected question cut again: a fix may complete a longer word (必赛分 → 比赛分).
        seen = set(q.words)
        for run in _HAN_RUN.findall(corrected):
            fresh = [t for t in segmenter.tokens(run) if len(t) > 1 and t not in seen and t not in STOPWORDS_ZH]
            q.corrections.extend(fresh)
    q.corrections.extend(w for run in runs for w in _written_negations(run, lexicon) if w not in q.corrections)
    # 「第五张」 asks about the rulebook's 「第5张」.
    q.words.extend(n for n in _numerals(plain) if n in lexicon.vocab)
    return q


_SPOKEN_NEGATION = re.compile(r"(没有|没)([\u4e00-\u9fff]{1,3})")


def _written_negations(run: str, lexicon: Lexicon) -> list[str]:
    """The rulebook's written negation for a spoken one: 没听清 → 未听清叫牌, 没说 → 未说明,
    没有人 → 无人 — the shortest rulebook word starting with 未 or 无 and the words after 没."""
    out = []
    for m in _SPOKEN_NEGATION.finditer(run):
        rest = m.group(2)
        for n in range(len(rest), 0, -1):
            word = next((w for w in (lexicon.shortest_with_prefix(neg + rest[:n]) for neg in "未无") if w), None)
            if word:
                out.append(word)
                break
    return out


_ZH_DIGITS = {"二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_NUMBER = re.compile(r"(十?[二两三四五六七八九]|[二三四五六七八九]?十[一二三四五六七八九]?)(?=[张墩家手副线轮节人位条])")


def _numerals(text: str) -> list[str]:
    """Chinese numbers before a counter word as digits (「五张」 → 5, 「十三张」 → 13); the
    rulebook writes most counts in digits."""
    out = []
    for m in _ZH_NUMBER.finditer(text):
        word = m.group(1)
        tens, _, ones = word.rpartition("十")
        value = (_ZH_DIGITS.get(tens, 1) * 10 if "十" in word else 0) + _ZH_DIGITS.get(ones, 0)
        out.append(str(value))
    return out


# Other ways of writing the same word that OpenCC leaves alone: 甚麼 (Hong Kong, Taiwan) is 什么.
_VARIANTS = (("甚么", "什么"), ("妳", "你"), ("祇", "只"), ("衹", "只"))


def _common_variants(text: str) -> str:
    """The mainland spelling of words written in a variant form (甚么是罚张 → 什么是罚张)."""
    for variant, usual in _VARIANTS:
        text = text.replace(variant, usual)
    return text


@functools.lru_cache(maxsize=1)
def _taiwan_converter() -> opencc.OpenCC:
    return opencc.OpenCC("tw2s")


def _taiwan_to_simplified(text: str) -> str:
    """Traditional text to simplified with Taiwan's character variants (OpenCC ``tw2s``):
    扣著 → 扣着, which plain t2s keeps as 著.  Not ``tw2sp``: its phrase rules rewrite across
    word boundaries (解釋出了 → 解发布了); Taiwan words are bridged in the glossary instead."""
    return _taiwan_converter().convert(text)


_BID = re.compile(r"([1-7])(nt|n|s|h|d|c)")
_DENOMINATIONS = {"nt": "notrump", "n": "notrump", "s": "spade", "h": "heart", "d": "diamond", "c": "club"}


def _bid_words(word: str) -> list[str]:
    """A bid in notation as its level and denomination (「1nt」 → 1, notrump; 「4s」 → 4, spade)."""
    m = _BID.fullmatch(word)
    return [m.group(1), _DENOMINATIONS[m.group(2)]] if m else [word]


def _typo_fixes(run: str, segmenter: Segmenter, lexicon: Lexicon) -> list[tuple[str, str]]:
    """(typed window, rulebook word) for the sound-alike and shape-alike typos in ``run``."""
    fixes = [fix for loose in _unsegmented(segmenter.cut(run)) for fix in _sound_alikes(loose, segmenter, lexicon)]
    return fixes + shape_alike_fixes(run, lambda w: segmenter.is_word(w) or lexicon.is_common(w), lexicon.vocab)


def _unsegmented(tokens: list[str]) -> list[str]:
    """Runs of consecutive one-character tokens: the places where the dictionary found no word,
    which is where a typo hides (「桥牌好玩」 has none — 桥牌 is a word — so 牌好 is never 牌号)."""
    runs, current = [], ""
    for token in tokens + [""]:
        if len(token) == 1:
            current += token
        else:
            if len(current) > 1:
                runs.append(current)
            current = ""
    return runs



def _sound_alikes(run: str, segmenter: Segmenter, lexicon: Lexicon) -> list[tuple[str, str]]:
    """(window, domain word) for each domain word that sounds like a two-character window of
    ``run`` that is not a word itself, and shares one of its characters in place (名手 → 明手,
    藏派 → 藏牌)."""
    out = []
    if len(run) < 2:
        return out
    pinyin = lexicon.pinyin_of(run)
    for i in range(len(run) - 1):
        window = run[i : i + 2]
        # A filler character (是, 的 …) makes no typo: 手是 is not 手势.
        if (window in lexicon.vocab or segmenter.is_word(window) or any(ch in STOPWORDS_ZH for ch in window)
                or lexicon.is_common(window)):
            continue
        alike = lexicon.same_place(window)
        if alike:
            sound = fuzzy_pinyin(" ".join(pinyin.get(ch, "?") for ch in window))
            out.extend((window, w) for w in alike if lexicon.fuzzy_key[w] == sound)
    return out
