"""Definition frames: how a message asks what a word means (「什么是X」, 「X是什么意思」, "what is X",
「X和Y有什么区别」), read into the X asked about — the frame's subject, other readings of it, the words
compared — and a short message's one word left once its meaning cues and politeness are taken away."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from bot.rulebook.model import CORPUS_DIR

FRAMES_PATH = CORPUS_DIR / "definition_frames.yaml"


def load_frames(path: Path = FRAMES_PATH) -> dict:
    """The reviewed frames of ``corpus/definition_frames.yaml`` (read once, when this module is imported)."""
    import yaml

    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


_FRAMES = load_frames()

# 「什么是X」 and 「X是什么意思」: what comes before X, and after it (corpus/definition_frames.yaml); X ends only
# before a character an after-X frame can start with, so the regex engine tries the frames there alone,
# not after each character of a long message (7 → 1 µs a match; tests/search/test_query.py checks the set
# against the frames).
_FRAME_FIRST = _FRAMES["definition"]["after_x_first"]
_DEFINITION_ZH = (
    re.compile(
        r"^(?:请问)?(?:规则里|规则中|桥牌里|桥牌中)?(?:" + "|".join(_FRAMES["definition"]["before_x"]) + r")(.+)$"
    ),
    re.compile(
        rf"^(?:请问)?(?:规则里|规则中|桥牌里|桥牌中)?(?:所?说的|所?讲的|的)?(?:所谓的?)?(.+?)(?=[{_FRAME_FIRST}])"
        r"(?:具体|到底|究竟)?"
        r"(?:" + "|".join(_FRAMES["definition"]["after_x"]) + r")$"
    ),
)
# "what is X", "define X": what comes before X (corpus/definition_frames.yaml), X, and what may follow it
_DEFINITION_EN = re.compile(
    r"^(?:" + "|".join(_FRAMES["definition_en"]["before_x"]) + ")"
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
# (stripped, not a regex ending in $: that tries every place of a long story; the text has no newline left)
_TRAILING_PARTICLES = "啊呀呢哦嘛吧啦"
_PUNCT = re.compile(r"[\s\"'“”‘’「」『』《》()（）\[\]【】,，.。!！?？:：;；、~…\-—]+")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")


def definition_subject(normalized: str) -> str | None:
    """:func:`_framed_subject`, unless that X names a procedure — what is done, what happens, the steps —
    rather than a word (「对声称有异议时裁判的程序是什么」, "what is the procedure when a claim is disputed"):
    such a question goes to the search (corpus/definition_frames.yaml ``procedure``)."""
    subject = _framed_subject(normalized)
    if subject and _asks_a_procedure(subject):
        return None
    return subject


def _asks_a_procedure(subject: str) -> bool:
    """Whether a frame's X is a procedure, not a term: it ends in a procedure noun (程序, 步骤 …) after
    more words, or opens with one in English ("procedure when …", "the steps if …")."""
    subject = subject.strip()
    if subject.isascii():
        return bool(_PROCEDURE_EN.match(subject))
    return any(subject.endswith(head) and len(subject) > len(head) for head in _FRAMES["procedure"]["heads_zh"])


_PROCEDURE_EN = re.compile(r"^(?:(?:the|a) )?(?:" + "|".join(_FRAMES["procedure"]["heads_en"]) + r")\b")


def _framed_subject(normalized: str) -> str | None:
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
    compact = text.replace(" ", "").rstrip(_TRAILING_PARTICLES)
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
# The looser frames of corpus/definition_frames.yaml (「X怎么讲」, 「X是谁」, 「X和Y有什么区别」 …), in order; an
# after-X frame is tried only before one of _LOOSE_FRAME_FIRST (as _FRAME_FIRST: 2 → 0.7 µs a match).
_LOOSE_FRAME_FIRST = _FRAMES["loose"]["after_x_first"]
_ZH_ASKER = _FRAMES["loose"]["asker"]
_LOOSE_ZH = tuple(
    re.compile(frame.replace("{asker}", _ZH_ASKER).replace("{after_x_first}", _LOOSE_FRAME_FIRST)
               .replace("{after_x}", "|".join(_FRAMES["loose"]["after_x"])))
    for frame in _FRAMES["loose"]["frames"]
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
# a clause that asks what a word means in so many words (corpus/definition_frames.yaml, meaning_asked)
_CLAUSE_ASKS_MEANING = re.compile("|".join(_FRAMES["meaning_asked"]["zh"])
                                  + r"|\b(?:" + "|".join(_FRAMES["meaning_asked"]["en"]) + r")\b")
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
# 「X係咩意思」 — 系 once simplified —, "can someone explain X").  Longest first (corpus/definition_frames.yaml).
_MEANING_CUES_ZH = sorted(_FRAMES["meaning_cues_zh"].split(), key=len, reverse=True)
_FILLERS_ZH = sorted(_FRAMES["fillers_zh"].split(), key=len, reverse=True)
_MEANING_CUES_EN = frozenset(_FRAMES["meaning_cues_en"].split())
_FILLERS_EN = frozenset(_FRAMES["fillers_en"].split())
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
    text, han, cues = _cued(normalized)
    if han:
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


@functools.lru_cache(maxsize=8)
def _cued(normalized: str) -> tuple[str, bool, tuple[re.Match, ...]]:
    """``normalized`` with its punctuation as spaces, whether it holds Chinese, and then its Chinese meaning
    cues (made once for a message read with each of the names to keep whole)."""
    text = _PUNCT.sub(" ", normalized).strip()
    han = bool(_HAN.search(text))
    return text, han, tuple(_CUE_RE.finditer(text)) if han else ()


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
# (Every branch starts with a character, an English word's edge checked after its first letter — d(?<!\wd)efined
# is \bdefined —: the regex engine tries only the places holding one of them; see absent_families._OUT_OF_TURN.)
_DEFINITION_ANCHOR = re.compile(r"定义|界定|原文(?:是)?怎么(?:写|说|讲)|正式(?:的)?解释"
                                r"|d(?<!\wd)efinitions?\b|d(?<!\wd)efines?\b|d(?<!\wd)efined\b"
                                r"|t(?<!\wt)he (?:chinese )?(?:rule ?book|book|laws|rules) (?:says?|puts? it|calls?)"
                                r"|h(?<!\wh)ow do (?:the )?(?:chinese )?(?:rules|laws) put it\b"
                                r"|o(?<!\wo)fficial (?:wording|meaning)\b")


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


def called_so(normalized: str, clauses: list[str] | None = None) -> list[str]:
    """The words a message's clauses ask whether what was told is called (「这就叫调整分吗」 → 调整分); the
    caller checks each is a defined term.  ``clauses``: its :func:`clauses_of`, when made."""
    return [m.group(1) or m.group(2) for m in map(_CALLED_SO.search, clauses_of(normalized) if clauses is None else clauses)
            if m]


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
