"""Chinese word segmentation for the search: one jieba ``Tokenizer`` with a bridge dictionary.

The dictionary is generated from the corpus (see :func:`write_dictionary`): the words of
jieba's own dictionary that occur in the rulebook or the glossary, plus the bridge terms
(defined terms, short law and clause titles, glossary words) tuned so they stay whole.
Keeping only corpus words makes start-up ~20× faster than loading jieba's 350 000-word
dictionary, and loses nothing for search: a query word the corpus never uses cannot match
a document anyway.  A filler entry keeps jieba's total frequency, so every kept word has
the same probability as in the full dictionary and segmentation does not drift.
"""

from __future__ import annotations

import functools
import logging
import re
import sys
from collections.abc import Iterable
from pathlib import Path


def _import_jieba():
    """jieba, imported without ``pkg_resources``: jieba only uses it to open its own data files and
    opens them directly when it is missing, and importing it (from setuptools) took ~0.1 s, a sixth of
    a cold ``bridgebot ask``."""
    blocked = "pkg_resources" not in sys.modules
    if blocked:
        sys.modules["pkg_resources"] = None   # (an import of it raises ImportError)
    try:
        import jieba
    finally:
        if blocked:
            del sys.modules["pkg_resources"]
    return jieba


jieba = _import_jieba()
jieba.setLogLevel(logging.WARNING)

# A private-use character never occurs in text; its entry carries the frequency mass of the
# words left out, so ``total`` equals that of jieba's full dictionary.
_FILLER = "\ue000"
_MAX_WORD = 8
_HAN = re.compile(r"[\u4e00-\u9fff]+")
_ASCII_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_TOKEN_CHARS = re.compile(r"[\u4e00-\u9fffa-z0-9]")


def _substrings(texts: Iterable[str]) -> set[str]:
    seen: set[str] = set()
    for text in texts:
        for run in _HAN.findall(text):
            for i in range(len(run)):
                for j in range(i + 1, min(len(run), i + _MAX_WORD) + 1):
                    seen.add(run[i:j])
    return seen


def write_dictionary(path: Path, texts: Iterable[str], terms: Iterable[str]) -> None:
    """Write the bridge user dictionary for jieba to ``path``.

    ``texts`` are all the corpus texts (laws, definitions, glossary); ``terms`` the domain
    words that must stay whole.  UTF-8 without BOM and LF line ends: jieba silently drops
    entries otherwise.
    """
    present = _substrings(texts)
    base = jieba.Tokenizer()
    kept: dict[str, tuple[int, str]] = {}
    total = 0
    with base.get_dict_file() as fh:
        for raw in fh:
            word, freq, *tag = raw.decode("utf-8").split()
            total += int(freq)
            if word in present:
                kept[word] = (int(freq), tag[0] if tag else "")
    kept[_FILLER] = (total - sum(f for f, _ in kept.values()), "x")
    lines = [f"{w} {f} {t}".rstrip() for w, (f, t) in kept.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")

    # Tune each domain term against the dictionary just written, as jieba.suggest_freq does,
    # with a margin so the term also wins inside a sentence.
    tokenizer = _tokenizer(path, path.parent)
    tuned = {}
    for term in sorted({t for t in terms if _HAN.fullmatch(t) and 2 <= len(t) <= _MAX_WORD}):
        freq = tokenizer.suggest_freq(term) * 20
        if freq > kept.get(term, (0, ""))[0]:
            tuned[term] = freq
    for term, freq in tuned.items():
        kept[term] = (freq, "nz")
    lines = [f"{w} {f} {t}".rstrip() for w, (f, t) in kept.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")


def common_words(min_freq: int) -> Iterable[str]:
    """The two-character words of jieba's own dictionary used at least ``min_freq`` times:
    everyday words (主意, 不满) that the corpus dictionary lacks, so that a question's real
    word is not taken for a typo of a rulebook word (主意 is not 注意)."""
    with jieba.Tokenizer().get_dict_file() as fh:
        for raw in fh:
            word, freq, *_ = raw.decode("utf-8").split()
            if len(word) == 2 and int(freq) >= min_freq and _HAN.fullmatch(word):
                yield word


def _tokenizer(dictionary: Path, cache_dir: Path) -> jieba.Tokenizer:
    tokenizer = jieba.Tokenizer(str(dictionary))
    tokenizer.tmp_dir = str(cache_dir)
    tokenizer.cache_file = f"{dictionary.stem}.cache"
    tokenizer.initialize()
    return tokenizer


class Segmenter:
    """Splits normalised text (simplified, half-width, lower case) into search tokens."""

    def __init__(self, dictionary: Path, cache_dir: Path):
        """Load the dictionary written by :func:`write_dictionary`; jieba's cache goes to ``cache_dir``."""
        self._jieba = _tokenizer(dictionary, cache_dir)
        self.words = self._jieba.FREQ
        # A question's runs are cut more than once (tokens, typo windows, the corrected text).
        self._cut = functools.lru_cache(maxsize=4096)(self._cut_uncached)
        # (and the glossary words a question is bridged to are cut again each question)
        self._tokens = functools.lru_cache(maxsize=4096)(self._tokens_uncached)

    def is_word(self, text: str) -> bool:
        """True when ``text`` is a word of the dictionary (not just a prefix of one)."""
        return bool(self.words.get(text))

    def cut(self, text: str) -> list[str]:
        """Plain segmentation without the HMM (unknown runs fall apart into single characters)."""
        return list(self._cut(text))

    def _cut_uncached(self, text: str) -> tuple[str, ...]:
        return tuple(t for t in self._jieba.cut(text, HMM=False) if _TOKEN_CHARS.search(t))

    def tokens(self, text: str) -> list[str]:
        """Search-mode tokens: each word, plus every dictionary word of 2+ characters inside it.

        Like ``cut_for_search`` but also emits inner words of four or more characters
        (``暴露牌张`` inside ``暴露牌张的处理``), which jieba's search mode skips.
        """
        return list(self._tokens(text))

    def _tokens_uncached(self, text: str) -> tuple[str, ...]:
        out: list[str] = []
        for word in self.cut(text):
            out.append(word)
            if len(word) > 2 and _HAN.fullmatch(word):
                for i in range(len(word)):
                    for j in range(i + 2, min(len(word), i + _MAX_WORD) + 1):
                        inner = word[i:j]
                        if inner != word and self.is_word(inner):
                            out.append(inner)
        return tuple(out)


def bigrams(text: str) -> list[str]:
    """Every pair of adjacent Chinese characters in ``text`` — the segmentation-free view that
    still matches when jieba cut the question and the rulebook differently."""
    return [run[i : i + 2] for run in _HAN.findall(text) for i in range(len(run) - 1)]


def ascii_words(text: str) -> list[str]:
    """The Latin words and numbers in lower-cased text (``"law 50d"`` → ``["law", "50d"]``)."""
    return _ASCII_WORD.findall(text)
