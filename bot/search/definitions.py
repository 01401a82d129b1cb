"""The defined terms of chapter 1 by every name they answer to (:class:`Definitions`: as written, in
English, each of two names, the other names of ``corpus/term_names.yaml``; a name typed a little wrong or
sounding the same), and the words the laws' own text defines (:class:`LawWords`: 「…称为小满贯」)."""

from __future__ import annotations

import functools
import re

from rapidfuzz import fuzz, process

from bot.base.textnorm import normalize_query
from bot.rulebook.model import Definition, Rulebook
from bot.search.definition_frames import definition_residual
from bot.search.documents import Doc
from bot.search.lexicon import Lexicon, fuzzy_pinyin
from bot.search.query import Query
from bot.search.term_names import load_term_names
from bot.search.typos import SHAPE_ALIKES

_ARTICLE = re.compile(r"^(?:a|an|the)\s+")
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


class Definitions:
    """The defined terms by each of their names (``names``: normalised name → definition)."""

    def __init__(self, rulebook: Rulebook, lexicon: Lexicon):
        """Every name of every definition of ``rulebook``."""
        self.rulebook = rulebook
        self.lexicon = lexicon
        self.names: dict[str, Definition] = {normalize_query(d.term): d for d in rulebook.definitions}
        self.names.update({normalize_query(d.en): d for d in rulebook.definitions if d.en})
        # A term named two ways (牌套或套中的牌, 发牌或牌局; INTERNATIONAL MATCH POINT—IMP) answers to
        # each name on its own, and to its English name with the dash read as a space.
        for d in rulebook.definitions:
            names = normalize_query(d.term).split("或")
            if d.en:
                english = normalize_query(d.en)
                names += [" ".join(re.split(r"[\s—–-]+", english)), *re.split(r"\s*[—–]\s*", english)]
            for name in names:
                self.names.setdefault(name.strip(), d)
        # the other names players use (倒墩 for 宕墩, mp): reviewed data, for definition questions only
        for term, others in load_term_names().items():
            d = self.names.get(normalize_query(term))
            for name in others if d else ():
                self.names.setdefault(normalize_query(name), d)

    def named(self, subject: str, extra: list[str] = ()) -> Definition | None:
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
            found = self.names.get(cand.strip(" \"'“”「」?？!！。."))
            if found:
                return found
        return None

    def alike(self, subject: str | None) -> Definition | None:
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
            return self.named(fixed) if len(words) > 1 and fixed != subject else None
        if not 2 <= len(subject) <= 6 or not all("\u4e00" <= ch <= "\u9fff" for ch in subject):
            return None
        return self._term_sounds.get(_sound(subject, self.lexicon))

    def compared(self, q: Query, first: Definition) -> Definition | None:
        """The other defined term a comparison asks about (「明手和庄家有什么区别」: 庄家 beside 明手)."""
        for word in q.compared:
            found = self.named(word) or self.alike(word)
            if found and found is not first:
                return found
        return None

    @functools.cached_property
    def _named_in_definitions(self) -> dict[str, Definition]:
        """The words a definition's own text names (see _DEFINES), each with the definition."""
        found: dict[str, Definition] = {}
        for d in self.rulebook.definitions:
            for word in _DEFINES.findall(normalize_query(d.text or "")):
                if word not in self.names:
                    found.setdefault(word, d)
        return found

    @functools.cached_property
    def name_patterns(self) -> list[tuple[re.Pattern, Definition]]:
        """Each name of a defined term of two characters or more (English: three letters or more, as whole
        words, a plural too), compiled once."""
        def pattern(name: str) -> re.Pattern:
            return re.compile(rf"(?<![a-z]){re.escape(name)}(?:s|es)?(?![a-z])" if name.isascii() else re.escape(name))

        return [(pattern(name), d) for name, d in self.names.items() if len(name) >= (3 if name.isascii() else 2)]

    @functools.cached_property
    def filled_names(self) -> tuple[str, ...]:
        """The Chinese names of defined terms that hold a word a definition question's residual drops (的, 中的)."""
        return tuple(n for n in self.names if not n.isascii() and definition_residual(f"{n}是什么意思") != n)

    @functools.cached_property
    def _english_terms(self) -> dict[str, Definition]:
        # the English names, and the English other names players use (psych, pard), for a typo of either
        terms = {normalize_query(d.en): d for d in self.rulebook.definitions if d.en}
        terms.update({name: d for name, d in self.names.items() if name.isascii() and len(name) >= 4})
        return terms

    @functools.cached_property
    def _term_sounds(self) -> dict[str, Definition]:
        sounds: dict[str, Definition] = {}
        for d in self.rulebook.definitions:
            sounds.setdefault(_sound(normalize_query(d.term), self.lexicon), d)
        return sounds


class LawWords:
    """The words the laws define themselves, for a word chapter 1 does not define (「罚张是什么意思」)."""

    def __init__(self, rulebook: Rulebook, docs: dict[int, Doc], lexicon: Lexicon):
        """The words the laws of ``rulebook`` (their rows ``docs``) define."""
        self.rulebook = rulebook
        self.docs = docs
        self.lexicon = lexicon

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
        for doc in self.docs.values():
            if doc.law:
                for word in _DEFINES.findall(doc.text or ""):
                    found.setdefault(word, (doc.law, doc.clause))
        return found

    def defining(self, subject: str) -> tuple | None:
        """The key of the law row that defines ``subject`` (or the glossary's word for it), or None."""
        words = [subject, _ARTICLE.sub("", subject), *self.lexicon.glossary.get(_ARTICLE.sub("", subject), [])]
        return next((self._defined_in_laws[w] for w in words if w in self._defined_in_laws), None)

    def of_bare(self, normalized: str) -> tuple | None:
        """The key of the law row defining the word a message is alone (「罚张」, 「声称」), or None."""
        return self._defined_in_laws.get(_bare(normalized))


def _bare(text: str) -> str:
    """``text`` without spaces and punctuation: a message that is a word alone reads as that word."""
    return _NOT_A_WORD_CHAR.sub("", text)


_NOT_A_WORD_CHAR = re.compile(r"[\s,.;:!?，。；：！？、'\"“”‘’()（）]+")


def _shape_alike_readings(subject: str) -> list[str]:
    """The subject with one shape-alike character put right (一手脾 → 一手牌): a defined term may
    hold a pair the rulebook never writes apart (手牌), which the question's typo fixes cannot see."""
    if len(subject) > 8:
        return []
    return [subject[:i] + right + subject[i + 1 :] for i, c in enumerate(subject) for right in SHAPE_ALIKES.get(c, "")]


def _sound(word: str, lexicon: Lexicon) -> str:
    """A Chinese word's pinyin with the sound pairs people confuse folded (see :func:`fuzzy_pinyin`)."""
    pinyin = lexicon.pinyin_of(word)
    return fuzzy_pinyin(" ".join(pinyin.get(ch, "?") for ch in word))
