"""Vocabulary bridges: the corpus words a question's glossary phrases (``corpus/glossary.yaml``), turns
of phrase (:data:`PATTERN_BRIDGES`) and English words stand for, less the negated ones."""

from __future__ import annotations

import re

from bot.search.lexicon import STOPWORDS_EN, Lexicon
from bot.search.lookback import ends_before

# English words in nearly every question about the game: what they bridge to tells the laws
# apart no better than a plain word does (see _generic_bridges).
GENERIC_EN = frozenset("card cards hand play player bid call table turn side time".split())


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
# (3 characters at most: see bot.search.lookback)
_ZH_NEGATION = re.compile(r"(?:没有|没|未|不|别|并非|并没有?)$")
EN_NEGATIONS = frozenset("not no never didn't don't doesn't wasn't isn't haven't hasn't hadn't without".split())


def _only_negated(text: str, phrase: str) -> bool:
    """True when every occurrence of ``phrase`` in ``text`` follows a negation (a phrase that is a
    negation itself, 没跟牌, is never negated)."""
    if phrase[0] in "没未不无别":
        return False
    start = text.find(phrase)
    while start >= 0:
        if not ends_before(_ZH_NEGATION, text, start, 3):
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
    return out + lexicon.english_phrase_targets(words)


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
