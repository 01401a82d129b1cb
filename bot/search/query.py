"""Query understanding: from what a user typed to the words the index should look for.

Normalises at the edge (simplified — with Taiwan's character variants — half-width, lower
case), recognises law references and definition questions, drops question fillers, and bridges
vocabulary: English law terms and colloquial Chinese through the glossary, sound-alike typos
(名手 → 明手) through pinyin, shape-alike ones (栽判 → 裁判) through :mod:`bot.search.typos`, misspelt
English through rapidfuzz, spoken negation to the rulebook's written one (没听清 → 未听清叫牌)
and Chinese counts to the rulebook's digits (第五张 → 5).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import opencc
from rapidfuzz import fuzz, process

from bot.search.actors import without_asker
from bot.rulebook.refs import (MAX_REFERENCE_CHARS, Reference, ReferenceInputError, find_reference, parse_reference,
                               reference_text)
from bot.search.segment import Segmenter, ascii_words, bigrams
from bot.base.textnorm import is_traditional, normalize_query
from bot.search.typos import shape_alike_fixes

# Question fillers and function words: they carry no law content.
STOPWORDS_ZH = frozenset(
    """
    怎么办 怎么 怎样 怎么样 如何 什么 啥 吗 呢 吧 啊 呀 哦 了 的 地 得 着 过 是 不是 是不是 可以 可不可以 能 能不能
    能否 会 会不会 要 要不要 需要 还 还能 还要 还是 就 都 也 又 再 我 我们 你 你们 他 他们 她 她们 它 咱们 大家 人 有人
    这 那 这个 那个 这种 那种 这样 那样 一个 一下 有 有没有 没有 没 在 和 跟 与 或 或者 及 被 把 给 让 对 向 从 为 为了
    请问 请 问 应该 时候 之后 以后 后来 之前 以前 如果 然后 自己 别人 还有 已经 刚 刚才 现在 其实 直接 只 只是 该 等
    算 算不算 一张 这张 那张 某张 一些 几 么 么样 嘛 呗 里 里面 上 下 中 后 前 时 规则 规定 条 桥牌 比赛 情况 问题 处理 办 行 行不行 可 能够
    今天 昨天 昨晚 今晚 明天 前天 上周 那天 那时 中午 晚上 上午 下午 天气 突然 总是 平时 经常 朋友 老师 感觉 觉得
    好像 比如 大概 真的 到底
    """.split()
)
STOPWORDS_EN = frozenset(
    """
    a an the is are was were be been being am to of in on for at by with and or but if i me my mine we us our you your he him
    his she her it its they them their this that these those what which who whom whose when where why how can could may
    might must shall should will would do does did done doing have has had having not so than then there here about
    after before up down out over under again once all any both each few more most other some such only own same too
    very just also as from into through during until against between please happen happens happened now nobody somebody
    someone anyone something anything get got bridge rule rules law laws exactly supposed say said tell okay ok one
    """.split()
)
# English words in nearly every question about the game: what they bridge to tells the laws
# apart no better than a plain word does (see _generic_bridges).
GENERIC_EN = frozenset("card cards hand play player bid call table turn side time".split())
# Every character the frame after X (「…的意思是什么」, 「…是指哪一家」) can start with: X ends only before one
# of them, so the regex engine tries the frame's forty branches there alone, not after each character
# of a long message (7 → 1 µs a match; tests/search/test_query.py checks the set against the frame).
_FRAME_FIRST = "一个什代具几到包咋哪啥在多如就属干应怎总指是有由的究算管系范表都"
_DEFINITION_ZH = (
    re.compile(
        r"^(?:请问)?(?:规则里|规则中|桥牌里|桥牌中)?(?:什么是|什么叫做|什么叫|啥是|啥叫|何谓|何为|请解释一下|请解释|解释一下|解释下|解释)(.+)$"
    ),
    re.compile(
        rf"^(?:请问)?(?:规则里|规则中|桥牌里|桥牌中)?(?:所?说的|所?讲的|的)?(?:所谓的?)?(.+?)(?=[{_FRAME_FIRST}])"
        r"(?:具体|到底|究竟)?"
        r"(?:的意思是什么|的意思是啥|是什么意思|是啥意思|什么意思|啥意思|的定义是什么|的定义|的意思|的含义|的概念"
        r"|的(?:正式|准确|具体|官方)?定义是(?:什么|啥)|的(?:正式|准确|具体|官方)定义|的定义是|的意思是|是什么东西|是什么|是啥"
        r"|(?:是)?(?:怎么|如何|怎样)(?:定义|界定)的?|怎么理解|代表什么|表示什么|(?:是)?(?:怎么|如何)(?:确定|认定|定)的?"
        r"|(?:一共|总共)?有?(?:几|哪几|多少)种(?:意思|含义|意义)?"
        # 「奖分是指哪些分」, 「上家是指哪个人」: a noun may follow 哪些/哪个
        r"|(?:是|就是|系)?指(?:的是)?(?:(?:什么|啥)[\u4e00-\u9fff]{0,5}|谁|哪[一两几]?[家个种方位人张样些][\u4e00-\u9fff]{0,4})?"
        r"|是哪[一两几]?[家个种方位人张样些][\u4e00-\u9fff]{0,2}"
        r"|(?:算|算是)(?:什么|啥)(?:人|东西)?|(?:都|一共|总共)?包括(?:什么|哪些|啥|哪几种|哪几样|几种)|的标准(?:是(?:什么|啥|多少[分墩]?))?|(?:是|指)什么样的|(?:是)?(?:怎么|咋)(?:一)?回事"
        # 「加倍是什么性质的叫牌」, 「牌墩是怎么构成的」
        r"|(?:是)?(?:什么|啥|哪种|哪一种|哪类)(?:性质|类型|种类)的[\u4e00-\u9fff]{0,3}"
        r"|(?:是)?(?:怎么|如何|怎样|由什么|由哪些|由哪几[张个家])(?:构成|组成)的?"
        # 「X是个什么东西」, 「X是什么叫法」, 「X的意义」, 「X应该是怎样的」, 「X到底是干嘛的」, 「X算哪部分」, 「X的范围有多大」
        r"|(?:是)?个?(?:什么|啥)(?:东西|玩意儿?|叫法|说法|概念)|的意义(?:是什么|是啥)?|在[\u4e00-\u9fff]{1,6}(?:里|中)的意义"
        r"|(?:应该)?是(?:怎样|怎么样)的|(?:是)?干(?:嘛|什么|啥)(?:用)?的|管(?:什么|啥)的|有(?:什么|啥)用"
        r"|(?:算|属于)哪(?:一)?(?:部分|种|类)|的?范围(?:有多大|是什么|是啥|包括哪些|多大))$"
    ),
)
_DEFINITION_EN = re.compile(
    r"^(?:define|definition of|meaning of|what is meant by|what do you mean by|what do they mean by|explain"
    r"|what counts as|what qualifies as|what is considered|what(?:'s| s) considered|who counts as|who qualifies as|who is considered"
    r"|what(?:'s| s|s) meant by"
    r"|what(?: is|'s| s|s) the (?:actual |exact |official |real |precise )?(?:definition|meaning) of"
    r"|the (?:actual |exact |official |real |precise )?(?:definition|meaning) of"
    r"|what (?:exactly|precisely|actually) (?:is|are)|what is|what's|what s|whats|what are|what does|what do)"
    r"\s+(?:the term |the word )?(?:a |an |the )?(.+?)"
    r"(?:\s+means?|\s+stand for|\s+refers? to|\s+please)?"
    r"(?:\s+(?:in|under|according to|per) (?:duplicate bridge|duplicate|contract bridge|bridge"
    r"|the (?:chinese )?(?:laws|rules|rulebook|rule book|lawbook)"
    r"|(?:a |an |the )?(?:pairs?|teams?|individual|duplicate|club|bridge)? ?"
    r"(?:game|event|match|tournament|contest|session)))?"
    r"(?:\s+(?:by definition|exactly|precisely|actually|as defined in the (?:laws|rules)|according to the (?:laws|rules)"
    r"|as (?:the )?(?:laws|rules) (?:use|define|mean) it|as a (?:unit|term|word|concept)))?$"
)
_DEFINITION_EN_AFTER = re.compile(
    r"^(?:a |an |the )?(.+?)\s+(?:meaning|definition)$"
    r"|^how (?:is|are) (?:a |an |the )?(.+?) (?:defined|determined|decided)$")
# A question may end in a particle after its last word (「罚张是什么意思啊」).
_TRAILING_PARTICLES = re.compile(r"[啊呀呢哦嘛吧啦]+$")
_PUNCT = re.compile(r"[\s\"'“”‘’「」『』《》()（）\[\]【】,，.。!！?？:：;；、~…\-—]+")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")


@dataclass
class Lexicon:
    """What query understanding needs from the index: its vocabulary, glossary and pinyin."""

    vocab: dict[str, int]
    glossary: dict[str, list[str]]
    pinyin_key: dict[str, str]
    pinyin_of: Callable[[str], dict[str, str]]
    # words in more than this share of the rows are broad (see Query.terms)
    rows: int = 0
    broad_share: float = 0.2
    # an everyday word outside the rulebook (主意): never a typo
    is_common: Callable[[str], bool] = lambda word: False

    def __post_init__(self):
        keys = sorted(p for p in self.glossary if p.isascii())
        self._english_singles = {p for p in keys if " " not in p}
        self._english_words = sorted({w for p in keys for w in p.split()})
        self._english_word_set = set(self._english_words)
        self._english_cache: dict[str, str | None] = {}
        self._base_cache: dict[str, str | None] = {}
        # Phrases of several words are matched in their base forms, like the question's words
        # (「played cards」 → 「play card」); single words through english_word (seating stays seating).
        self.english_phrases: dict[str, list[str]] = {}
        for p in keys:
            if " " in p:
                self.english_phrases.setdefault(" ".join(self.english_base(w) or w for w in p.split()), []).append(p)
        # their positions by first word: a question holds a phrase only where it holds its first word
        self._english_by_first: dict[str, list[int]] = {}
        self._english_bases = list(self.english_phrases.items())
        for i, (base, _) in enumerate(self._english_bases):
            self._english_by_first.setdefault(base.split(" ", 1)[0], []).append(i)
        self._zh_phrases = sorted((p for p in self.glossary if not p.isascii()), key=len, reverse=True)
        # positions in _zh_phrases by first character: a question holds a phrase only where it
        # holds its first character, so a look-up tries a few phrases, not all
        self._zh_by_first: dict[str, list[int]] = {}
        for i, phrase in enumerate(self._zh_phrases):
            self._zh_by_first.setdefault(phrase[:1], []).append(i)
        self.fuzzy_key = {w: fuzzy_pinyin(py) for w, py in self.pinyin_key.items()}
        self._sorted_vocab = sorted(self.vocab)
        self.broad = {w for w, df in self.vocab.items() if self.rows and df > self.broad_share * self.rows}
        self._by_char: dict[tuple[int, str], list[str]] = {}
        for word in self.pinyin_key:
            for position, ch in enumerate(word):
                self._by_char.setdefault((position, ch), []).append(word)

    def zh_phrases_in(self, text: str) -> list[str]:
        """The Chinese glossary phrases that ``text`` holds, longest first."""
        found = sorted(i for first in {*text, ""} for i in self._zh_by_first.get(first, ()))
        return [phrase for phrase in map(self._zh_phrases.__getitem__, found) if phrase in text]

    def english_phrases_in(self, joined: str) -> list[list[str]]:
        """The glossary's English phrases (of :attr:`english_phrases`, in its order) whose base form
        ``joined`` holds: the question's words in their base forms, one space apart and around."""
        found = sorted(i for word in set(joined.split()) for i in self._english_by_first.get(word, ()))
        return [phrases for base, phrases in map(self._english_bases.__getitem__, found) if f" {base} " in joined]

    def same_place(self, window: str) -> list[str]:
        """Two-character domain words that share one character, in the same place, with ``window``."""
        return [w for pos, ch in enumerate(window) for w in self._by_char.get((pos, ch), ()) if w != window]

    def shortest_with_prefix(self, prefix: str) -> str | None:
        """The shortest rulebook word that starts with ``prefix`` (未说 → 未说明), else None."""
        i = bisect.bisect_left(self._sorted_vocab, prefix)
        found = []
        while i < len(self._sorted_vocab) and self._sorted_vocab[i].startswith(prefix):
            found.append(self._sorted_vocab[i])
            i += 1
        return min(found, key=len) if found else None

    def english_base(self, word: str) -> str | None:
        """The base form of an English word for phrase matching: the shortest of its forms that a
        glossary phrase uses (「cards」 → 「card」, so 「penalty cards」 meets 「penalty card」),
        else its nearest glossary word (:meth:`english_word`)."""
        if word not in self._base_cache:
            if len(self._base_cache) > 10_000:
                self._base_cache.clear()
            known = [form for form in _english_forms(word) if form in self._english_word_set]
            self._base_cache[word] = min(known, key=len) if known else self.english_word(word)
        return self._base_cache[word]

    def english_word(self, word: str) -> str | None:
        """A glossary word for an English word, allowing plurals, -ed/-ing and small misspellings;
        a form that is a glossary entry by itself wins (「played」 → 「play」)."""
        if word not in self._english_cache:
            if len(self._english_cache) > 10_000:
                self._english_cache.clear()
            self._english_cache[word] = self._english_word(word)
        return self._english_cache[word]

    def _english_word(self, word: str) -> str | None:
        forms = _english_forms(word)
        for form in forms:
            if form in self._english_singles:
                return form
        for form in forms:
            if form in self._english_word_set:
                return form
        if len(word) >= 5:
            best = process.extractOne(word, self._english_words, scorer=fuzz.ratio, score_cutoff=85)
            if best:
                return best[0]
        return None


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
    # once looked up (see bot.search.searcher): what the phrase look-ups compare it by and what they read
    # of it, the closest situation phrases, the resemblance to every clause's pooled phrases, and the
    # full-text rows
    phrase_grams: tuple | None = None
    gram_weights: list | None = None
    resemblance: Mapping | None = None
    clause_pooled: Mapping | None = None
    found: list | None = None
    # the defined terms it names, and those named where it asks a meaning (see Searcher.terms_named)
    named_terms: tuple | None = None

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


def understand(text: str, segmenter: Segmenter, lexicon: Lexicon) -> Query:
    """Analyse one user question (any script or width) into a :class:`Query`."""
    traditional = is_traditional(text)
    as_typed = normalize_query(_taiwan_to_simplified(text) if traditional else text)
    normalized = _common_variants(as_typed)
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
    all_words = [part for word in ascii_words(plain) for part in _bid_words(word)]
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
    named_in_bids = {part for word in ascii_words(plain) if _BID.fullmatch(word) for part in _bid_words(word)[1:]}
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


def definition_subject(normalized: str) -> str | None:
    """The X of 「什么是X」, 「X是什么意思」, 「X的定义」, 「define X」, 「what is X」; else None.
    Looser frames (「X怎么讲」, 「X是谁」, 「X和Y有什么区别」, "who is the X") count only for a short X: in a
    told situation they are the end of a longer sentence, not a word to define."""
    text = _EN_LEAD_IN.sub("", _PUNCT.sub(" ", normalized).strip())
    # (every English frame starts with a word — "what", "who", "is", "define" … — or ends in "X meaning")
    if "a" <= text[:1] <= "z" or text.endswith(("meaning", "definition")):
        m = _LOOSE_EN.match(text) or _SEAT_EN.match(text) or _WHICH_EN.match(text) or _EITHER_EN.match(text)
        if m and len(m.group(1).split()) <= MAX_LOOSE_EN_WORDS:
            return m.group(1).strip()
        m = _DEFINITION_EN.match(text) or _DEFINITION_EN_AFTER.match(text)
        if m:
            return next((g.strip() for g in m.groups() if g), None) or None
    compact = _TRAILING_PARTICLES.sub("", text.replace(" ", ""))
    for pattern in _DEFINITION_ZH:
        m = pattern.match(compact)
        if m and m.group(1):
            if _THIS_ONE_COUNTS.search(compact) and _DEMONSTRATIVE.match(m.group(1)):
                return None  # 「这种叫品算什么」: how the told case counts, not what a word means
            return _SUBJECT_WRAPPING.sub("", m.group(1)) or m.group(1)
    for pattern in _LOOSE_ZH:
        m = pattern.match(compact)
        if m and m.group(1) and len(m.group(1)) <= MAX_LOOSE_ZH_CHARS:
            return _SUBJECT_WRAPPING.sub("", m.group(1)) or m.group(1)
    return None


# Words a chat message may open a question with ("like what is the director", "so who is dummy")
_EN_LEAD_IN = re.compile(r"^(?:(?:like|so|ok|okay|and|but|hmm|um|also|then|wait)\s+)+(?=(?:what|who|how|which|is|are)\b)")


_DEMONSTRATIVE = re.compile(r"^(?:这种|这个|这样的?|那种|那个|这)")
_THIS_ONE_COUNTS = re.compile(r"算(?:是)?(?:什么|啥)$")


# What may wrap a term without being part of it: 「规则说的X」, 「桥牌术语X」, 「X这个词」.
_SUBJECT_WRAPPING = re.compile(r"^(?:(?:这里|这儿|上面|书上)的)?(?:这个|这种|那个|那种|所谓的?)|^(?:这里|这儿|上面|书上)的"
                               # 「一个正常的牌墩」: the word, not the example
                               r"|^一个(?:(?:正常|完整|合法|标准|普通)的)?"
                               # 「记分的时候说的墩分」, 「打牌时提到的X」: where the word was heard
                               r"|^[^,，]{1,12}?(?:所?说的|所?讲的|常说的|提到的)(?=[^,，])"
                               # Cantonese 即係 (「MP即係咩」 → 即是什么)
                               r"|即$"
                               r"|^(?:群里|大家|别人|人家|他们|书上|老师|裁判)(?:所?说的|所?讲的|常说的)"
                               r"|^(?:桥牌术语|术语|名词|(?:规则|桥牌)(?:里|中)?)(?:所?说的|所?讲的|的)?"
                               r"|^比赛(?:里|中)的"
                               r"|(?:这个|这)(?:词|术语|名词|说法)?$|(?:词|术语|名词)$|在(?:规则|桥牌|比赛)书?(?:里|中|上)?$")


# Looser ways to ask what a word means: only for a short X (see definition_subject).
MAX_LOOSE_ZH_CHARS = 8
MAX_LOOSE_EN_WORDS = 4
# Every character the frame after X of 「X怎么讲」, 「X是谁」 … can start with (as _FRAME_FIRST: 2 → 0.7 µs a match)
_LOOSE_FRAME_FIRST = "这词术名说是怎咋如指在包什"
_ZH_ASKER = r"(?:请问|问一下|想问一下|请教一下|请教)?(?:桥牌术语|术语|名词|规则里|规则中|桥牌里|桥牌中)?(?:所?说的|所?讲的)?(?:到底|究竟)?"
_LOOSE_ZH = (
    # 「什么才算X」, 「什么情况下算X」, 「什么样的定约算X」
    re.compile(_ZH_ASKER + r"(?:(?:请|能|可以)?解释一?下|(?:什么|怎样|怎么|如何|啥)(?:情况下?|时候|样的[^,，]{0,6}?)?才?(?:算|叫做?)(?:是)?)"
               r"(.+?)(?:吗|吧)?$"),
    re.compile(_ZH_ASKER + rf"(.+?)(?=[{_LOOSE_FRAME_FIRST}])(?:这个|这)?(?:词|术语|名词|说法)?"
               r"(?:是啥东西|是什么东西|怎么讲|咋讲|咋理解|怎么解释|如何解释|是谁|指谁|是哪位|是什么概念|是啥概念"
               r"|在规则(?:里|中)(?:是)?(?:怎么|如何)定义的?|包括哪些|是什么意思|什么意思|是啥意思|指什么"
               # 「比赛分是怎么来的」: where a word's thing comes from, what it is
               r"|是怎么来的|是咋来的|是从哪来的)$"),
    # 「X和Y有什么区别」: X (the caller also looks at Y through definition_subjects)
    re.compile(_ZH_ASKER + r"([^,，]+?)(?:和|与|跟|同)(?:[^,，]+?)(?:有什么|有啥|之间的|的)?(?:区别|不同|不一样|差别|差异)"
               r"(?:是什么|是啥|在哪里?|在哪儿)?$"),
    # 「请问明手」, 「明手?」: the bare term
    re.compile(r"(?:请问|问一下)(.+)$"),
    # 「上家是左边还是右边的对手」: which seat a seat's name means
    re.compile(_ZH_ASKER + r"(.+?)(?:是指|指的是|是|指|算)(?:坐在?)?(?:我的?)?(?:左边|右边|左手边?|右手边?|左侧|右侧|前面|后面)"
               r"[^,，]{0,6}还是[^,，]{0,10}$"),
    # 「跟牌是不是就是出同一个花色」: X and what the asker takes it to mean
    re.compile(_ZH_ASKER + r"([^,，]{1,8}?)(?:是不是就是|是否就是|是不是指|就是指|也就是说|是指)(?:[^,，]+?)"
               r"(?:吗|么|吧|呢)?(?:还是(?:什么|别的|啥))?$"),
    # 「X包不包括Y」, 「不叫算不算一种叫牌」: whether something falls under X; "X = ?", 「X=?」
    re.compile(_ZH_ASKER + r"(.{1,8}?)(?:包不包括|包不包含|包括不包括|含不含|算不算|属不属于)[^,，]{1,10}$"),
    re.compile(r"^([a-z][a-z ]{1,24}?|[\u4e00-\u9fff]{1,8})\s*=\s*(?:\?|？|[^=]{0,80})$"),
    # 「有人能说说X吗」, 「X有人懂吗」
    re.compile(r"(?:有人|有谁|谁)(?:能|可以)?(?:说说|讲讲|解释一下|解释下|介绍一下)(.+?)(?:吗|么|呢)?$"),
    re.compile(_ZH_ASKER + r"(.+?)(?:有人懂吗|有谁懂|谁懂|有人知道吗)$"),
    # 「剩下的牌还叫一手牌吗」: whether something still counts as X
    re.compile(r"[^,，]{0,14}?(?:还|也|仍然)(?:算|叫|能叫|能算)(?:是)?(.{1,8}?)(?:吗|么)$"),
    # 「明手什么时候才算明手」: when the word starts to name something
    re.compile(_ZH_ASKER + r"(.{1,8}?)(?:是|要)?(?:从|到)?(?:什么时候|啥时候|何时|哪一刻)(?:开始|起)?(?:才|就)?"
               r"(?:算|成为|变成|叫做?)(?:是)?\1$"),
    # 「明手是首引之前就算了还是首引之后才算」: when something starts to count as X
    re.compile(r"(.{1,6}?)是[^,，]{0,12}?(?:就|才)?算了?还是[^,，]{0,12}?才?算$"),
)
_COMPARED = re.compile(r"^(?:请问)?(.{1,8}?)(?:和|与|跟|同|vs\.?|对比)(.{1,8}?)(?:(?:到底)?(?:有什么|有啥|之间的|的)?(?:区别|不同|不一样|差别|差异)"
                       r"|(?:到底)?差(?:别)?在哪(?:里|儿)?"
                       # Hong Kong's 「有咩分別」 (not 「分别是谁」: respectively)
                       r"|(?:到底)?(?:有什么|有啥|有没有)分别"
                       # 「X和Y是一回事吗」: only as the end of the sentence (「明手跟庄家一样可以…」 tells a case)
                       r"|(?:是|算)?(?:一回事|一个意思|同一个(?:意思|东西|概念)?|一样|一样的)(?:吗|么|吧|不|啊)?$)")
# "is X the same as Y", "is X just another word for Y"
_SAME_EN = re.compile(r"^(?:is|are) (?:a |an |the )?([a-z][a-z -]{0,30}?) (?:the same(?: thing)? as |just another (?:word|name) for "
                      r"|another (?:word|name) for |just (?=a |an |the |another |any ))(?:a |an |the )?([a-z][a-z -]{0,60}?)$")
# "what makes a bid a convention" (Y), "which cards are honors", "which player is the dummy"
_WHICH_EN = re.compile(r"^(?:what makes (?:a |an |the )?[a-z]+ (?:a |an )?|which (?:cards?|players?|seats?|ones?|one)"
                       r" (?:is|are|counts? as) (?:a |an |the )?)([a-z]+(?: [a-z]+)?)$")
# "is lho on my left or my right": which seat a seat's name means
_SEAT_EN = re.compile(r"^is (?:the |my )?([a-z]{3,10}) (?:on |to )?(?:my |the )?(?:left|right)(?: side)?"
                      r" or (?:on |to )?(?:my |the )?(?:left|right)(?: side)?$")
_DIFFERENCE_EN = re.compile(r"^(?:(?:what s|what is|whats|what's) the difference between|difference between)"
                            r" (?:a |an |the )?([a-z][a-z -]{0,30}?) and (?:a |an |the )?([a-z][a-z -]{0,30}?)$")
# "is dummy the person or the cards", "is the opening lead only the first card … or …"
_EITHER_EN = re.compile(r"^(?:in [a-z ]{3,40} )?(?:is|are) (?:a |an |the )?([a-z]{3,20}(?: [a-z]{3,20})?) (?:only |just |really )?"
                        r"(?:the|a|an|one|both|any|each|every) [a-z ]+ or [a-z ]+$")
_LOOSE_EN = re.compile(
    r"^(?:(?:what s|what is|whats|what's) the difference between|difference between|who is|who s|who's|who are"
    r"|who (?:exactly |actually |really )?(?:becomes|is|are|counts as)"
    r"|what does the term|what does the word|what exactly does|can you explain what|could you explain what"
    r"|please explain|explain to me)\s+(?:a |an |the )?(.+?)"
    r"(?:\s+and\s+(?:a |an |the )?.+|\s+refer to|\s+mean|\s+means|\s+please|\s+in bridge|\s+exactly|\s+actually"
    r"|\s+(?:on|in|at) (?:a |an |the )?(?:hand|deal|board|table|auction))?$")


_SENTENCE_END = re.compile(r"[?？!！。;；]+")
_BARE_DIFFERENCE = re.compile(r"^(?:到底)?(?:有什么|有啥|有甚么)?(?:区别|不同|不一样|差别|差异)(?:吗|呢)?$|^(?:到底)?差(?:别)?在哪(?:里|儿)?$|^(?:到底)?(?:有什么|有啥)分别(?:吗|呢)?$")
_EN_FULL_STOP = re.compile(r"(?<=[a-z])\.\s+")
# a dash between words ends a clause ("… vul" — what does …); one inside a name (match point—imp) does not
_CLAUSE_END = re.compile(r"[?？!！。;；,，:：…]+|\s+[—–-]+\s*|[—–]+\s+|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
_CLAUSE_ASKS_MEANING = re.compile(r"意思|定义|含义|概念|怎么理解|怎么讲|指什么|指啥|指谁|指的是|指哪(?:些|种|几)|是指|系指|什么才?叫|什么是|啥才?叫|啥是|何谓|何为|才?算"
                                  r"|具体是(?:什么|啥)|到底是哪[一个位家方]|意义|(?:怎么|咋)(?:一)?回事|怎么(?:确定|认定|定)的"
                                  r"|干(?:嘛|什么|啥)(?:用)?的|管(?:什么|啥)的|包括(?:哪|什么|啥)|包不包括|的标准"
                                  r"|(?:只|仅|专)指|就叫(?:做)?|(?:起|有)(?:什么|啥)作用|是哪[两几]个人|是哪[两几](?:家|位)"
                                  r"|是个?(?:什么|啥)(?:概念|单位)|有哪几种|分哪几种|有几种|是(?:怎么|咋|从哪)来的"
                                  r"|\b(?:mean|means|meaning|definition|define|counts as|stand for|refers? to|what is|what's"
                                  r"|who (?:exactly |actually |really )?(?:is|are)"
                                  r"|which (?:of us|of them|one|player|hand|side) is"
                                  r"|what (?:exactly|actually) (?:is|are))\b")
# 「contract在中文规则里就是定约吗」, 「IMP中文叫国际比赛分吗」: the English name given, the Chinese term asked about
_TRANSLATED = re.compile(r"^([a-z][a-z ]{1,30}?)\s*(?:在)?(?:中文(?:规则)?(?:里|中)?|规则(?:里|中))?"
                         r"(?:就是|就叫|叫做|叫|就是说|翻译成|译成|是)([\u4e00-\u9fff]{1,8}?)(?:吗|吧|么|嘛|对吧|对吗)$")
# a clause that asks a meaning and names nothing: 「规则里怎么定义的」, 「是什么意思」, "what does it mean"
_BARE_MEANING = re.compile(r"^(?:规则(?:里|中|上)?|书上|那|这)?(?:是)?(?:怎么|如何)(?:定义|解释|规定|说)的?$"
                           r"|^(?:这|那|它)?(?:是)?(?:什么|啥)意思$"
                           r"|^what (?:does|do) (?:it|that|this|they) (?:actually |even |really )?mean$"
                           r"|^(?:meaning|definition)$")
_BRACKETED = re.compile(r"[(（【\[]([^()（）【】\[\]]{1,40})[)）】\]]")


# What asks for a meaning, anywhere in a short message, and the politeness and scene around it: a
# message that is nothing but these and one word asks what the word means (「新手求问：X是什么意思」,
# 「X係咩意思」 — 系 once simplified —, "can someone explain X").  Longest first.
_MEANING_CUES_ZH = sorted("""
    是什么意思 什么意思 的意思是什么 的意思是啥 是啥意思 啥意思 的意思 意思 是个什么东西 是什么东西 什么东西 是什么东东 东东
    是什么 是啥 什么是 什么叫做 什么叫 啥是 啥叫 何谓 何为 是何意 何意 的含义 含义 的概念 这个概念 概念 怎么理解 如何理解
    是指哪些情况 是指什么 是指 指什么 指的是什么 指的是 到底指什么 具体指什么 的定义是什么 的定义 定义 怎么定义 解释一下
    解释下 解释 系咩意思 系咩 咩意思 乜嘢系 乜嘢 系乜 是乜 点解释 代表什么 表示什么 是神马意思 神马意思 是神马 神马
    是哪个意思 哪个意思 是嘛意思 嘛意思 是甚么 甚么 是啥子 啥子是 啥子 神马是 意思是啥子 的意思是啥子 是怎么回事 怎么回事 是什么意识 什么意识 的解释 说说 讲讲 介绍一下
    是个啥概念 是个什么概念 什么概念 啥概念 是个啥 是个什么 是什么单位 什么单位 是什么牌 是什么分 有哪几种 分哪几种 有几种 分几种""".split(),
    key=len, reverse=True)
_FILLERS_ZH = sorted("""
    请问 请教一下 请教 想问一下 想问 问一下 谁能 谁可以 有谁 大家好 各位 新手求问 求问 新手 小白 求助 桥牌里的 桥牌中的 桥牌里
    桥牌中 桥牌 规则里的 规则中的 规则里 规则中 规则 里的 中的 这个词 这个 术语 一下 到底 具体 究竟 所谓的 所谓 谢谢 多谢
    我想知道 想知道 不懂 不明白 搞不懂 关于 有人知道 谁知道 群里说的 群里 大家说的 说的 啊 呀 呢 吗 哈 哦 嘛 吧 啦 的 呀 这样 那个 那 我想问 我想了解""".split(), key=len, reverse=True)
_MEANING_CUES_EN = frozenset("""what whats what's wat wats mean means meaning meant define definition defined explain explained
    stand stands refer refers counts count qualifies considered""".split())
_FILLERS_EN = frozenset("""is are the a an of by in under laws law rules rule bridge duplicate word term does do they you someone
    anyone can could please exactly precisely actually even really it i keep hearing heard newbie question beginner here for as to me
    us tell that this how r q""".split())
_CUE_RE = re.compile("|".join(map(re.escape, _MEANING_CUES_ZH)))
# "explain" asks for a meaning only before the word (「解释一下X」); after it, someone explains (「同伴解释」)
_EXPLAIN = frozenset({"解释一下", "解释下", "解释", "点解释", "explain", "explained"})
_FILLER_RE = re.compile("|".join(map(re.escape, _FILLERS_ZH)))
MAX_RESIDUAL_CHARS = 12


def definition_residual(normalized: str, keep: str = "") -> str | None:
    """The one word a short message asks the meaning of, once its meaning cues and politeness are
    taken away (「新手求问：比赛分是什么意思」 → 比赛分, "can someone explain match point" → match point);
    None when no cue asks for a meaning or nothing (or too much) is left.  The caller checks the word
    is a defined term.  ``keep``: a word left whole though it holds a filler (牌套或套中的牌, 宕的墩数)."""
    text = _PUNCT.sub(" ", normalized).strip()
    if _HAN.search(text):
        cues = list(_CUE_RE.finditer(text))
        if not cues:
            return None
        kept = keep and keep in text and not _CUE_RE.search(keep)
        stripped = _CUE_RE.sub(" ", text.replace(keep, "\0") if kept else text)
        rest = re.sub(r"\s+", "", _FILLER_RE.sub(" ", stripped))
        if kept:
            rest = rest.replace("\0", keep)
        if all(m.group(0) in _EXPLAIN for m in cues) and rest and text.find(rest[0]) < cues[0].start():
            return None
        return rest if 0 < len(rest) <= MAX_RESIDUAL_CHARS + len(keep) else None
    words = text.split()
    cues = [i for i, w in enumerate(words) if w in _MEANING_CUES_EN]
    if not cues:
        return None
    rest = [w for w in words if w not in _MEANING_CUES_EN and w not in _FILLERS_EN]
    if all(words[i] in _EXPLAIN for i in cues) and rest and words.index(rest[0]) < cues[0]:
        return None
    return " ".join(rest) if 0 < len(rest) <= 4 else None


# A word set apart in a longer message — quoted, or called a word or term — with a meaning cue
# anywhere: 「打牌时老听人说“明手”，到底是哪一家？」, "people keep saying 'dummy' — who is that?".
_SET_APART = re.compile(r"[「『“\"'‘]([^「」『』“”\"'‘’]{1,40})[」』”\"'’]"
                        r"|([\u4e00-\u9fff]{2,8})这个(?:词|术语|概念|说法|名词|字眼)"
                        r"|\bthe (?:term|word|expression)\s+([a-z][a-z -]{1,30}?)(?=\s+(?:mean|means|refer|is|in|\?)|[?,.!]|$)")
_ASKS_MEANING = re.compile(r"意思|定义|含义|概念|怎么理解|是什么|是啥|指什么|指的是|是指|哪一?家|哪个人|是谁|谁是|何谓|怎么讲|包括|包含"
                           r"|\b(?:mean|means|meaning|definition|define|refers?|stand for|who is|what is|what's|includes?)\b")


# A word the message itself calls a word of the laws — 「规则里的'违规'」, 「明手这个词」, "the laws' 'claim'" —
# is asked about whatever the question then asks of it (「…范围有多大」, 「…什么时候开始算」).
_CALLED_A_TERM = re.compile(r"(?:规则|书|条文)(?:(?:里|中|上)?(?:(?:所?说|所?讲|写)?的|叫做?|所谓的?)|里|中|上)\s*[「『“\"'‘]([^「」『』“”\"'‘’]{1,12})[」』”\"'’]"
                            r"|([\u4e00-\u9fff]{1,8})这个(?:词|术语|名词|概念)"
                            r"|\b(?:the )?(?:laws|rules)(?:'|’)?(?: call| calls| mean by| name)? [\"'‘“]([a-z][a-z —–-]{1,40}?)[\"'’”]")


# A message that asks what the rules' own definition says, in so many words (「规则原文是怎么定义的」,
# 「按定义谁当庄家」, "according to the definition", "what does the rulebook say a session is").
_DEFINITION_ANCHOR = re.compile(r"定义|界定|原文(?:是)?怎么(?:写|说|讲)|正式(?:的)?解释"
                                r"|\b(?:definitions?|defines?|defined)\b"
                                r"|\bthe (?:chinese )?(?:rule ?book|book|laws|rules) (?:says?|puts? it|calls?)"
                                r"|\bhow do (?:the )?(?:chinese )?(?:rules|laws) put it\b|\bofficial (?:wording|meaning)\b")


def definition_asked_at(normalized: str) -> int | None:
    """Where a message asks what the rules' definition says (see _DEFINITION_ANCHOR), or None."""
    m = _DEFINITION_ANCHOR.search(normalized)
    return m.start() if m else None


def quoted_words(normalized: str) -> list[str]:
    """The words a message puts in quotes (「…」, “…”, '…')."""
    return [m.group(1).strip() for m in _SET_APART.finditer(normalized) if m.group(1)]


# A thing told and then asked whether it is called a word: 「…这就叫调整分吗」, 「…是不是就叫引牌」
_CALLED_SO = re.compile(r"(?:这|那|这样|那样|是不是|是否)?就叫(?:做)?\s*([^\s，。？！?!,]{2,8}?)(?:吗|吧|么|嘛|呢|啊)?$"
                        r"|\b(?:is|isn't) (?:that|this|it) (?:also |still |really )?(?:called|known as) (?:a |an |the )?([a-z][a-z ]{1,20}?)$")


def called_so(normalized: str) -> list[str]:
    """The words a message's clauses ask whether what was told is called (「这就叫调整分吗」 → 调整分); the
    caller checks each is a defined term."""
    return [m.group(1) or m.group(2) for m in map(_CALLED_SO.search, clauses_of(normalized)) if m]


def definition_set_apart(normalized: str) -> list[str]:
    """The words a longer message sets apart (quotes, 「X这个词」, "the term X") when it also asks
    what something means, or calls a word of the laws (「规则里的'违规'…」) whatever it asks —
    candidates for a definition question; the caller checks they are terms."""
    found = []
    matches = list(_SET_APART.finditer(normalized)) if _ASKS_MEANING.search(normalized) else []
    for m in matches + list(_CALLED_A_TERM.finditer(normalized)):
        quoted, called, english = m.groups()
        # 「…出现线位墩数这个词」: the word is the run's tail, of whatever length
        found += [quoted or english] if not called else [called[i:] for i in range(len(called))]
    return list(dict.fromkeys(w.strip() for w in found if w))


def clauses_of(normalized: str) -> list[str]:
    """The clauses of ``normalized`` (as written, spaces and all; the whole of a one-clause message)."""
    return [c for c in _CLAUSE_END.split(normalized) if c.strip()]


def meaning_asking_clauses(normalized: str) -> list[str]:
    """The clauses of ``normalized`` (the whole of a one-clause message) that ask what a word means
    in so many words (意思, 指的是, "what is", "mean" …)."""
    return [c for c in clauses_of(normalized) if _CLAUSE_ASKS_MEANING.search(c)]


def definition_subjects(normalized: str) -> list[str]:
    """Other readings of a definition question's X, for the caller to look up as terms: the X of
    a frame in one sentence of a longer message (「上家指的是哪个？坐我左边那位还是右边那位」 → 上家),
    and, when X carries another name in brackets, each name (「梦家(明手)指的是哪一家」 → 梦家, 明手)."""
    return _definition_readings(normalized)[1]


def _definition_readings(normalized: str, clauses: list[str] | None = None,
                         asking: list[str] | None = None) -> tuple[str | None, list[str], list[str]]:
    """:func:`definition_subject`, :func:`definition_subjects` and :func:`compared_subjects` of
    ``normalized``, each frame read once: the subjects hold the X and the words compared.
    ``clauses``, ``asking``: its :func:`clauses_of` and :func:`meaning_asking_clauses`, when made."""
    subject = definition_subject(normalized)
    sentences = [s for s in _SENTENCE_END.split(normalized) if s.strip()]
    # a frame in one clause of a longer sentence: 「名手是啥意思，打牌时老听人说…」
    clauses = clauses_of(normalized) if clauses is None else clauses
    asking = [c for c in clauses if _CLAUSE_ASKS_MEANING.search(c)] if asking is None else asking
    compared_only = _compared_in(clauses)
    compared = list(compared_only)
    subjects: list[str] = []
    spaced = [_PUNCT.sub(" ", clause).strip() for clause in clauses]
    for clause in spaced:
        translated = _TRANSLATED.match(clause)
        if translated:
            compared += [translated.group(2), translated.group(1).strip()]
    # a clause asks what a word means only in so many words: 「局况是什么」 after 「3号牌是谁发牌，」 asks
    # for this board's vulnerability, not for the term
    # (a later sentence too: 「7号牌谁发牌？局况是什么？」 asks for board 7's)
    extra = [t for i, t in enumerate(sentences) if i == 0 or _CLAUSE_ASKS_MEANING.search(t)] if len(sentences) > 1 else []
    extra += [c for c in asking if c not in sentences] if len(clauses) > 1 else []
    # the first clause, with an aside after it: 「局矿是啥，牌套上画红色那个」
    extra += clauses[:1] if len(clauses) > 1 else []
    # a clause that asks the meaning of nothing named in it (「…，规则里怎么定义的」, "— what does it mean?"):
    # the word before it — a short clause as a whole, or the start of the first clause (「花色一共几种」)
    for i, clause in enumerate(spaced[1:], 1):
        if _BARE_MEANING.match(clause):
            before = spaced[i - 1]
            if before and (len(before.split()) <= 3 if before.isascii() else len(before) <= 6):
                subjects.append(before)
            head = _PUNCT.sub("", clauses[0])
            subjects += [head[:n] for n in range(min(6, len(head)), 1, -1)] if not head.isascii() else []
    for i, text in enumerate([normalized] + list(dict.fromkeys(t for t in extra if t != normalized))):
        unbracketed = _BRACKETED.sub("", text)
        whole = definition_subject(text) if i else subject
        bare = definition_subject(unbracketed) if unbracketed != text else whole
        subjects += [s for s in (whole, bare) if s]
        if bare and len(bare) <= 6:
            # the bracket names the short X itself, not an aside in a told situation
            subjects += [name.strip() for name in _BRACKETED.findall(text)]
    # 「牌套跟牌套里的牌是怎么定义的」: each word of an X that joins two; 「纠正是指罚分吗还是什么」: the X before
    # what the asker takes it to mean, when a wider frame took both
    subjects += [part for s in subjects for part in _joined_parts(s)]
    # 「10算不算大牌」, 「2♣问叫算不算约定」: whether something counts as Y asks what Y is, when the
    # something is no word to define (「不叫本身算不算一种叫牌」 asks about 不叫, read first)
    subjects += [word for clause in clauses for m in [_COUNTS_AS.search(_PUNCT.sub("", clause))] if m
                 for word in m.groups()]
    subjects += [m.string[: m.start()] for s in subjects for m in [_TAKEN_TO_MEAN.search(s)] if m and m.start() > 0]
    # the terms compared (「X和Y是一回事吗」) after a frame's X: "What is a call? Is it the same as a bid?" asks
    # about a call; 「叫牌和实质叫牌有什么区别？什么才算实质叫牌」 about 实质叫牌, the one a clause asks on its own
    asked_alone = [s for s in subjects if s in compared and s != compared[0]] if len(sentences) > 1 else []
    return subject, list(dict.fromkeys(asked_alone + subjects + compared)), compared_only


# (a thing of a few characters — 10, 无将, 斯台曼, 不叫、加倍 —, not a told act: 「没跟花色算不算违规」 asks the law)
_COUNTS_AS = re.compile(r"^(?:比如|例如|请问)?((?:(?![了没我你他她这那])[^,，]){1,4}?)(?:本身)?(?:算不算|属不属于|算不算是)(?:一种|一个|一门|一张|一类)?"
                        r"([^,，]{1,8}?)(?:的一种|之一|吗|么|呢|吧)?$")
_TAKEN_TO_MEAN = re.compile(r"是指|就是|是不是|指的是|是否")
_JOINED = re.compile(r"^([\u4e00-\u9fff]{2,8}?)(?:和|跟|与|及|以及|或者?)([\u4e00-\u9fff]{2,10})$")


def _joined_parts(subject: str) -> list[str]:
    """The two words of an X that joins them (「牌套跟牌套里的牌」 → 牌套, 牌套里的牌); [] otherwise."""
    m = _JOINED.match(subject)
    return [m.group(1), m.group(2)] if m else []


def compared_subjects(normalized: str) -> list[str]:
    """The two words of each comparison in ``normalized`` (「X和Y有什么区别」, 「X和Y是一回事吗」,
    "is X the same as Y", "what's the difference between X and Y"), in order."""
    return _compared_in(clauses_of(normalized))


def _compared_in(clauses: list[str]) -> list[str]:
    """:func:`compared_subjects` of a message's :func:`clauses_of`."""
    found: list[str] = []
    clauses = [c for part in clauses for c in _EN_FULL_STOP.split(part) if c.strip()]
    # 「对手 vs 防家，有啥不同」: the difference asked in a clause of its own
    compact = [_PUNCT.sub("", c) for c in clauses]
    bare = [bool(_BARE_DIFFERENCE.match(c)) for c in compact]
    for i, clause in enumerate(clauses):
        joined = i + 1 < len(clauses) and bare[i + 1]
        if joined:
            clause = f"{clause}{clauses[i + 1]}"
        # (the English frames read the clause with spaces for its punctuation, only when needed)
        m = _COMPARED.match(_PUNCT.sub("", clause) if joined else compact[i])
        if not m:
            spaced = _PUNCT.sub(" ", clause).strip()
            m = _SAME_EN.match(spaced) or _DIFFERENCE_EN.match(spaced)
        if m:
            found += [m.group(1).strip(), m.group(2).strip()]
    return found


# Irregular past forms that questions use for the glossary's verbs.
_IRREGULAR = {
    "led": "lead", "saw": "see", "seen": "see", "heard": "hear", "overheard": "overhear", "fell": "fall",
    "fallen": "fall", "took": "take", "taken": "take", "gave": "give", "given": "give", "won": "win", "went": "go",
    "gone": "go", "made": "make", "thought": "think", "told": "tell", "shown": "show", "dealt": "deal",
    "chose": "choose", "chosen": "choose", "forgot": "forget", "forgotten": "forget", "threw": "throw",
    "thrown": "throw", "left": "leave", "began": "begin", "begun": "begin", "bid": "bid", "understood": "understand",
}


def _english_forms(word: str) -> list[str]:
    forms = [word]
    if word in _IRREGULAR:
        forms.append(_IRREGULAR[word])
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"), ("'s", ""), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)] + repl
            forms.append(stem)
            if suffix in ("ed", "ing") and not repl and stem[-1] == stem[-2]:
                forms.append(stem[:-1])  # dropped → drop, claiming → claim stays
    return forms


# Turns of phrase that a substring glossary cannot hold (words in between), with the
# rulebook words they stand for: 「叫得比上家还低」 is an insufficient bid.
PATTERN_BRIDGES = (
    (re.compile(r"[叫喊][得的]?比.{0,6}?[低小少]"), ("不足叫牌",)),
    (re.compile(r"[叫喊][得的]?比.{0,6}?[高大]"), ("足够叫牌", "超叫")),
    (re.compile(r"多[出打]了?一张"), ("多打",)),
    (re.compile(r"少[出打]了?一张"), ("漏打",)),
    (re.compile(r"把牌.{0,2}收"), ("收拢",)),
    (re.compile(r"谁先[出引打]"), ("引牌",)),
    # 「剩下的都是我的」 claims the rest; 「剩下的都给你」 concedes it.
    (re.compile(r"(?:剩下|后面|余下|剩余|其余)的?(?:牌|几墩|墩)?(?:全都|全|都)(?:是|归)(?:我|他|她|庄家)"), ("声称",)),
    (re.compile(r"(?:剩下|后面|余下|剩余|其余)的?(?:牌|几墩|墩)?(?:全都|全|都)给(?:你|他|她|对方)"), ("承认",)),
    # Agreeing to a claim is acquiescing in it (第69条 默认): 「同意了对手的声称」.
    (re.compile(r"(?:同意|接受|认可)了?(?:对手|对方|庄家|他|她)?的?(?:声称|摊牌)"), ("默认",)),
    # Declarer's cards spread on the table mid-play (not dummy's, which are laid out by rule).
    (re.compile(r"^(?!.*(?:明手|梦家)).*(?:全|都)?摊(?:在|到)?桌[上面]"), ("摊牌",)),
    # A hand of 12 cards is a missing card; one of 14 (with or without one of 12) a wrong
    # number of cards.
    (re.compile(r"^(?!.*(?:十四|14)张).*(?:只有|只剩|少了?|一共|共有|有)(?:十二|12)张(?!黑桃|红心|方块|梅花|将牌)"), ("少牌", "遗失")),
    (re.compile(r"(?:多了?|一共|共有|有)(?:十四|14)张(?!黑桃|红心|方块|梅花|将牌)"), ("牌张数目有误",)),
    # 「牌不够13张」: short of a full hand is a missing card too (not an insufficient bid's 不足)
    (re.compile(r"(?<!够)(?:不够|不足|不满|少于|不到|没有)(?:十三|13)张"), ("少牌", "遗失")),
    # 「用了30秒才pass」, 「过了好久才不叫」, 「想了半分钟才叫」: a call or play made only after a stretch of time
    (re.compile(r"(?:用|想|过|停|拖|花|考虑|犹豫|思考|磨蹭)了?(?:足足|整整|差不多|大概|将近|快|有)?"
                r"(?:\d+|[一二两三四五六七八九十几半好很老]+)多?(?:秒钟?|分钟|分|会儿?|阵子?|久)多?(?:的时间)?(?:之?后|以后)?才"
                r"(?:叫|pass|不叫|加倍|再加倍|出|打|开叫|应叫|争叫|引|首攻|首引|跟|表态|决定)"),
     ("迟疑",)),
    # 「还没轮到他就引了一张牌」, 「未到他lead就lead了」: a lead out of turn, told as players tell it
    (re.compile(r"(?:没|未|还没|不该|不是)(?:轮)?到(?:我|他|她|你|我们|他们)?(?:的|出牌|引牌|lead)?(?:时候)?(?:就|便)?(?:先|抢先)?"
                r"(?:引|首引|首攻|lead)"), ("越序引牌",)),
)
_OPENING_ASK = re.compile(r"^(?:我|我们)?(?:想|要)?(?:请)?问(?:一)?下?")


def _glossary_matches(plain: str, words: list[str], lexicon: Lexicon) -> list[str]:
    """Corpus words for every glossary phrase found in the question (``plain``, and its
    lower-cased Latin ``words``)."""
    out: list[str] = []
    # 请问, 问题 and an opening 「我想问一下」 are fillers, not the 问 that asks (问庄家 → 询问).
    compact = _OPENING_ASK.sub("", plain.replace(" ", "")).replace("请问", "。").replace("问题", "。")
    for phrase in lexicon.zh_phrases_in(compact):
        if not _only_negated(compact, phrase):
            # No bridge to a word the question already uses (墩数 inside 赢墩数).
            out.extend(t for t in lexicon.glossary[phrase] if t not in compact)
    for pattern, targets in PATTERN_BRIDGES:
        if pattern.search(compact):
            out.extend(t for t in targets if t not in compact)
    return out + _english_matches(words, lexicon)


# A negation right before an act: 「没亮牌」 did not expose a card, "didn't revoke" did not revoke.
_ZH_NEGATION = re.compile(r"(?:没有|没|未|不|别|并非|并没有?)$")
EN_NEGATIONS = frozenset("not no never didn't don't doesn't wasn't isn't haven't hasn't hadn't without".split())


def _only_negated(text: str, phrase: str) -> bool:
    """True when every occurrence of ``phrase`` in ``text`` follows a negation (a phrase that is a
    negation itself, 没跟牌, is never negated)."""
    if phrase[0] in "没未不无别":
        return False
    start = text.find(phrase)
    while start >= 0:
        if not _ZH_NEGATION.search(text[:start]):
            return False
        start = text.find(phrase, start + 1)
    return True


def _negated_words(words: list[str]) -> set[int]:
    """Positions of English words right after a negation (one adverb may come between: "did not
    really revoke")."""
    out = set()
    for i, word in enumerate(words):
        if word in EN_NEGATIONS:
            out.add(i + 1)
            if i + 2 < len(words) and words[i + 1].endswith("ly"):
                out.add(i + 2)
    return out


def _english_matches(words: list[str], lexicon: Lexicon, leave_out: frozenset = frozenset()) -> list[str]:
    """Corpus words for the English glossary words and phrases in ``words`` (single words in
    ``leave_out``, and words right after a negation, excepted)."""
    out: list[str] = []
    if not words:
        return out  # a question without Latin words (most Chinese ones) meets no English entry
    negated = _negated_words(words)
    # A stopword alone is never a bridge (「down」); only content words are corrected.
    for i, word in enumerate(words):
        if i in negated:
            continue
        entry = None if word in STOPWORDS_EN else lexicon.english_word(word)
        if entry in lexicon._english_singles and entry not in STOPWORDS_EN and entry not in leave_out:
            out.extend(lexicon.glossary[entry])
    # Phrases match over every word (「face up」 holds a stopword).
    joined = f" {' '.join(w if w in STOPWORDS_EN else lexicon.english_base(w) or w for w in words)} "
    for phrases in lexicon.english_phrases_in(joined):
        out.extend(t for phrase in phrases for t in lexicon.glossary[phrase])
    return out


def _generic_bridges(words: list[str], lexicon: Lexicon, also: set[str] = frozenset()) -> set[str]:
    """The rulebook words that only a generic English word (:data:`GENERIC_EN`, and ``also``: the
    denominations of bids in notation) of the question bridges to: 「hand」 → 一手牌, 「bid」 → 实质叫牌,
    「3NT」 → 无将.  They weigh like a plain word and add no words of their own (实质, 叫牌), so that
    「partner hesitated … can I bid」 is about the hesitation, not the bid.  A phrase holding the
    word (「penalty card」, 「wrong hand」) is no generic word."""
    generic_words = GENERIC_EN | also
    entries = {lexicon.english_word(w) for w in words if w not in STOPWORDS_EN}
    generic = {t for e in entries & generic_words for t in lexicon.glossary.get(e, ())}
    if not generic:
        return generic
    return generic - set(_english_matches(words, lexicon, leave_out=generic_words))


_RETROFLEX, _INITIAL_L, _FINAL_NG = re.compile(r"\b([zcs])h"), re.compile(r"\bl"), re.compile(r"ng\b")


def fuzzy_pinyin(sound: str) -> str:
    """Fold the sound pairs people often confuse (zh/z, ch/c, sh/s, n/l, -ng/-n), as pinyin
    input methods' 模糊音 option does."""
    sound = _RETROFLEX.sub(r"\1", sound)
    sound = _INITIAL_L.sub("n", sound)
    return _FINAL_NG.sub("n", sound)


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
        sound = fuzzy_pinyin(" ".join(pinyin.get(ch, "?") for ch in window))
        out.extend((window, w) for w in lexicon.same_place(window) if lexicon.fuzzy_key[w] == sound)
    return out
