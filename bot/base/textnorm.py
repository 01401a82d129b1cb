"""Chinese text normalisation, applied once at the edge.

Everything inside the bot is simplified Chinese with half-width digits and Latin
letters.  Users may write traditional characters or full-width forms; replies go
back in the script the user wrote.
"""

from __future__ import annotations

import functools
import re

import opencc

# Full-width ASCII block (！ to ～) maps to half-width by a fixed offset.
# The longest message or command-line question read (the chat core and the CLI refuse a longer one).
MAX_INPUT_CHARS = 2000
_FULLWIDTH_OFFSET = 0xFEE0
_HALF_TO_CJK_PUNCT = str.maketrans({";": "；", ":": "：", "!": "！", "?": "？"})
_SURROGATES = re.compile(r"[\ud800-\udfff]")


@functools.lru_cache(maxsize=None)
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


def _encodable(text: str) -> str:
    # OpenCC takes UTF-8: a lone surrogate (from a broken client, or a command-line byte that
    # did not decode) would raise; it carries no character, so it goes.
    return _SURROGATES.sub("", text) if _SURROGATES.search(text) else text


def to_simplified(text: str) -> str:
    """Convert traditional Chinese to simplified (OpenCC ``t2s``); other text is unchanged
    (lone surrogates are dropped)."""
    return _converter("t2s").convert(_encodable(text))


def to_traditional(text: str) -> str:
    """Convert simplified Chinese to traditional, for users who wrote traditional.

    OpenCC ``s2tw``: the character forms readers in Taiwan and Hong Kong expect (為, not 爲)."""
    return _converter("s2tw").convert(_encodable(text))


_TO_HALFWIDTH = {0x3000: " ", **{code: code - _FULLWIDTH_OFFSET for code in range(0xFF01, 0xFF5F)}}
_HAN = re.compile(r"[\u4e00-\u9fff]+")
_SPACES = re.compile(r"\s+")


def to_halfwidth(text: str) -> str:
    """Turn full-width digits, Latin letters and ASCII punctuation into half-width; the
    ideographic space becomes a plain space."""
    return text.translate(_TO_HALFWIDTH)


def is_traditional(text: str) -> bool:
    """True when the text contains characters that change under traditional → simplified."""
    han = "".join(_HAN.findall(text))
    return bool(han) and to_simplified(han) != han


def normalize_query(text: str) -> str:
    """Normalise user input: simplified Chinese (Hong Kong Cantonese words as their Mandarin
    equivalents), half-width forms, folded white space, lower case."""
    text = cantonese_to_mandarin(to_halfwidth(to_simplified(text)))
    text = _SPACES.sub(" ", text).strip()
    return text.lower()


# Hong Kong players write Cantonese in chat (「佢冇跟花色」, 「明手可唔可以睇」); its words, once in
# simplified script, become their Mandarin equivalents, so that the rulebook's words and the negations
# (唔 → 不, 冇 → 没有) are found.  Only characters and phrases Mandarin does not use (咗, 唔, 佢 …) are
# replaced anywhere; 系 (係) and 点 (點) are Mandarin words too, and change only in the phrases below
# or, for 系 → 是, in a message that is Cantonese by another mark.  Longest first.
_CANTONESE_PHRASES = tuple(sorted((
    ("系唔系", "是不是"), ("系咪", "是不是"), ("系咩", "是什么"), ("系乜", "是什么"), ("即系点", "怎么理解"),
    ("即系", "就是"), ("咪即系", "就是"), ("系咪即系", "是不是就是"), ("即系咩", "是什么"), ("即系乜", "是什么"),
    ("唔系", "不是"), ("点解", "为什么"), ("点样", "怎样"),
    ("点算", "怎么办"), ("几多", "多少"), ("点先", "怎样才"), ("边个", "谁"), ("边位", "哪位"), ("边家", "哪家"),
    ("边张", "哪张"), ("边度", "哪里"), ("而家", "现在"), ("乜嘢", "什么"), ("咩嘢", "什么"), ("得唔得", "行不行"),
    ("使唔使", "要不要"), ("唔使", "不用"), ("佢哋", "他们"), ("我哋", "我们"), ("你哋", "你们"),
    ("嚟㗎", ""), ("嚟嘅", ""), ("仲可以", "还可以"), ("仲要", "还要"), ("仲有", "还有"), ("仲未", "还没"),
    ("系咩嚟", "是什么"), ("系乜嘢嚟", "是什么"), ("咩嚟", "什么"), ("乜嘢嚟", "什么"),
    ("边啲", "哪些"), ("边种", "哪种"), ("啲咩", "什么"), ("边两个", "哪两个"), ("边几个", "哪几个"), ("边一个", "哪一个"), ("边一家", "哪一家"),
    ("嗌交", "吵架"), ("净系", "只是"), ("即刻", "立刻"), ("点处理", "怎么处理"), ("点判", "怎么判"), ("点计", "怎么算"),
), key=lambda pair: -len(pair[0])))
# 点 before these verbs is "how" in Cantonese, but Mandarin has 差一点出错: only in a Cantonese message
_MARKED_PHRASES = (("点改", "怎么改"), ("点罚", "怎么罚"), ("点做", "怎么做"), ("点打", "怎么打"), ("点出", "怎么出"))
_CANTONESE_CHARS = str.maketrans({
    "咗": "了", "唔": "不", "冇": "没有", "嘅": "的", "佢": "他", "哋": "们", "睇": "看", "喺": "在", "啲": "些",
    "嘢": "东西", "嗰": "那", "𠮶": "那", "攞": "拿", "畀": "给", "嚟": "来", "噉": "这样", "乜": "什么", "咩": "什么",
    "搵": "找", "揾": "找", "揸": "拿", "啱": "对", "㗎": "", "喎": "", "囉": "", "嘞": "", "吖": "", "咁": "这样", "俾": "给",
    "谂": "想", "跌": "掉", "返": "回", "枱": "桌", "嗌": "喊", "闹": "骂",
})
# (t2s writes 嗰 as 𠮶)
_CANTONESE_MARK = re.compile("[咗唔冇嘅佢哋睇喺啲嘢嗰𠮶攞畀嚟噉乜咩搵揾揸啱㗎喎囉嘞咁谂嗌]")
# 紧 after a verb is an ongoing act (做紧庄家, 打紧牌: 正在); 晒 after one, all of it (摊晒 → 全摊);
# 啲 after a pronoun is a possessive (佢啲牌 → 他的牌), else "some"; 呢 before a measure word is "this"
_ONGOING = re.compile(r"([做打叫出讲看睇摊执玩拿攞])紧")
_ALL_OF = re.compile(r"([\u4e00-\u9fff])晒")
_POSSESSIVE = re.compile(r"(?<=[我你他她们家])啲")
_THIS = re.compile(r"呢(?=[副张墩个手种次轮只])")
# 仲 is "still, also" (仲可唔可以改), but 仲裁 is arbitration
_STILL = re.compile(r"仲(?!裁)")
# 系 as Mandarin writes it (关系, 系统, 体系 …, 系指 "means"): kept in a Cantonese message too
_MANDARIN_XI = re.compile(r"(?<![关联体派直维干世])系(?![统列数指])")
# 话 says (「裁判话…」), but not in 说话, 电话, 对话
_SAYS = re.compile(r"(?<![说电对讲])话(?![题])")


def cantonese_to_mandarin(text: str) -> str:
    """Cantonese words of a (simplified) message as their Mandarin equivalents (佢冇跟 → 他没有跟,
    X系咩意思 → X是什么意思); text without a Cantonese mark is returned as it is."""
    if not _CANTONESE_MARK.search(text) and "系" not in text and "点" not in text and "边" not in text:
        return text
    marked = bool(_CANTONESE_MARK.search(text))
    for cantonese, mandarin in _CANTONESE_PHRASES:
        if cantonese in text:
            text = text.replace(cantonese, mandarin)
    if marked:
        for cantonese, mandarin in _MARKED_PHRASES:
            text = text.replace(cantonese, mandarin)
        text = _THIS.sub("这", _POSSESSIVE.sub("的", _ALL_OF.sub(r"全\1", _ONGOING.sub(r"正在\1", text))))
        text = _STILL.sub("还", text)
        text = _SAYS.sub("说", _MANDARIN_XI.sub("是", text.translate(_CANTONESE_CHARS)))
    return text


def prose_punctuation(text: str) -> str:
    """Canonical punctuation for rule text: Chinese comma, semicolon, colon, ! and ? are
    full-width; digits, Latin letters and parentheses are half-width."""
    text = to_halfwidth(text)
    # A half-width comma between two digits is a number separator, not prose.
    text = re.sub(r"(?<!\d),|,(?!\d)", "，", text)
    return text.translate(_HALF_TO_CJK_PUNCT)
