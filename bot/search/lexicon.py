"""What query understanding knows of the rulebook's words: the stopwords, and the :class:`Lexicon`
(the index's vocabulary, glossary and pinyin) with its English word forms and fuzzy pinyin."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from rapidfuzz import fuzz, process

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
        self._last_phrase_targets: tuple[tuple[str, ...], list[str]] | None = None
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

    def english_phrase_targets(self, words: list[str]) -> list[str]:
        """The corpus words of the glossary's English phrases that a question's Latin ``words`` hold (matched
        in their base forms, a stopword as it is: 「face up」).  The last answer is kept: the bridges ask for
        the same words twice a question."""
        key = tuple(words)
        last = self._last_phrase_targets
        if last is not None and last[0] == key:
            return list(last[1])
        joined = f" {' '.join(w if w in STOPWORDS_EN else self.english_base(w) or w for w in words)} "
        targets = [t for phrases in self.english_phrases_in(joined) for phrase in phrases for t in self.glossary[phrase]]
        self._last_phrase_targets = (key, targets)
        return list(targets)

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


# Irregular past forms that questions use for the glossary's verbs (and bot.search.phrases for its stems).
IRREGULAR_PAST = {
    "led": "lead", "saw": "see", "seen": "see", "heard": "hear", "overheard": "overhear", "fell": "fall",
    "fallen": "fall", "took": "take", "taken": "take", "gave": "give", "given": "give", "won": "win", "went": "go",
    "gone": "go", "made": "make", "thought": "think", "told": "tell", "shown": "show", "dealt": "deal",
    "chose": "choose", "chosen": "choose", "forgot": "forget", "forgotten": "forget", "threw": "throw",
    "thrown": "throw", "left": "leave", "began": "begin", "begun": "begin", "bid": "bid", "understood": "understand",
}


def _english_forms(word: str) -> list[str]:
    forms = [word]
    if word in IRREGULAR_PAST:
        forms.append(IRREGULAR_PAST[word])
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"), ("'s", ""), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)] + repl
            forms.append(stem)
            if suffix in ("ed", "ing") and not repl and stem[-1] == stem[-2]:
                forms.append(stem[:-1])  # dropped → drop, claiming → claim stays
    return forms


_RETROFLEX, _INITIAL_L, _FINAL_NG = re.compile(r"\b([zcs])h"), re.compile(r"\bl"), re.compile(r"ng\b")


@functools.lru_cache(maxsize=8192)
def fuzzy_pinyin(sound: str) -> str:
    """Fold the sound pairs people often confuse (zh/z, ch/c, sh/s, n/l, -ng/-n), as pinyin
    input methods' 模糊音 option does."""
    sound = _RETROFLEX.sub(r"\1", sound)
    sound = _INITIAL_L.sub("n", sound)
    return _FINAL_NG.sub("n", sound)
