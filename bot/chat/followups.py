"""Messages that only make sense after the previous answer: 「全文」, 「下一条」, 「目录」, and
「如果是庄家呢」 / "what if it was declarer?" — the same question for another player.

Pure functions over the message text (normalised: simplified script, half-width, lower case).
"""

from __future__ import annotations

import re

FOLLOW_UPS = {
    "全文": "full", "全部": "full", "full": "full", "full text": "full",
    "more": "more", "更多": "more", "继续": "more",
    "下一条": "next", "next": "next", "上一条": "prev", "prev": "prev", "previous": "prev",
}
TABLE_OF_CONTENTS = frozenset({"目录", "总目录", "规则目录", "contents", "table of contents", "toc", "index"})

# The players a question can be about, in the words players use.
ACTORS = ("declarer", "dummy", "defender")
ACTOR_WORDS = {
    "declarer": ("庄家", "declarer"),
    "dummy": ("明手", "dummy"),
    "defender": ("防家", "defender"),
}
_ACTOR_OF = {
    "庄家": "declarer", "定约人": "declarer", "declarer": "declarer",
    "明手": "dummy", "dummy": "dummy",
    "防家": "defender", "防守方": "defender", "防守者": "defender",
    "defender": "defender", "defenders": "defender", "defence": "defender", "defense": "defender",
}
_ACTOR = "|".join(sorted(_ACTOR_OF, key=len, reverse=True))
# 「如果是庄家呢」, 「那防家呢」, 「换成明手呢」, 「要是庄家的话」: a lead word or a final 呢 makes it a
# follow-up; a bare 「明手」 is a question of its own (what a dummy is).
_ZH = re.compile(
    rf"^(?:那|那么|那如果|如果|假如|要是|若|换成|换做|改成)?(?:是|换成|换做|轮到|由)?(?:的是)?({_ACTOR})(?:的话)?"
    r"(?:呢|怎么办|又如何|又怎样|会怎样|怎么样)?$"
)
_ZH_LEAD = re.compile(r"^(?:那|如果|假如|要是|若|换成|换做|改成)|呢$|的话$|怎么办$|又如何$|又怎样$|会怎样$|怎么样$")
_EN = re.compile(
    rf"^(?:and |but |so )?(?:what |how )?(?:about\s+)?(?:if|about|abt)\s+(?:it\s+(?:was|is|were)\s+|it's\s+|its\s+)?"
    rf"(?:the |a |an )?({_ACTOR})(?:\s+instead)?$"
)
_PUNCT = re.compile(r"[\s?？!！。.,，、]+$")


def follow_up_kind(text: str) -> str | None:
    """"full", "more", "next" or "prev" for a follow-up word, "toc" for 「目录」, else None."""
    text = _PUNCT.sub("", text.strip().lower())
    if text in TABLE_OF_CONTENTS:
        return "toc"
    return FOLLOW_UPS.get(text)


def actor_follow_up(text: str) -> str | None:
    """The actor ("declarer", "dummy", "defender") of 「如果是庄家呢」, 「那防家呢」, "what if it was
    declarer?", "what about the defenders"; None for any other message."""
    text = _PUNCT.sub("", text.strip().lower())
    if len(text) > 40:
        return None
    m = _EN.match(text)
    if m:
        return _ACTOR_OF[m.group(1)]
    compact = text.replace(" ", "")
    m = _ZH.match(compact)
    if m and _ZH_LEAD.search(compact):
        return _ACTOR_OF[m.group(1)]
    return None


def with_actor(question: str, actor: str, add_if_missing: bool = True) -> str:
    """``question`` about ``actor`` instead of whoever it named: 「防家亮了一张牌怎么办」 →
    「庄家亮了一张牌怎么办」; a question that named nobody gets the actor in front (unless
    ``add_if_missing`` is False: a search told the actor directly needs no word for it)."""
    zh, en = ACTOR_WORDS[actor]
    others = sorted((w for w, a in _ACTOR_OF.items() if a != actor), key=len, reverse=True)
    for word in others:
        found = re.search(re.escape(word) if not word.isascii() else rf"\b{word}\b", question, re.I)
        if found:
            replacement = zh if not word.isascii() else en
            return question[: found.start()] + replacement + question[found.end():]
    if not add_if_missing:
        return question
    return f"{en} {question}" if question.isascii() else f"{zh}{question}"


_HELLO = frozenset({"你好", "您好", "嗨", "哈喽", "hi", "hello", "hey", "在吗", "在不在", "早", "早上好", "晚上好",
                    "good morning", "good evening"})
_THANKS = frozenset({"谢谢", "多谢", "谢了", "谢啦", "感谢", "thanks", "thank you", "thx", "ty", "ok谢谢", "好的谢谢"})
_SMALL_TALK_PUNCT = re.compile(r"[\s~!！。.,，?？、]+")


# Asking to ask (「有个问题想问」, "quick question"): no question yet, and no law about it.
_ASK_TO_ASK = re.compile(r"^(?:请问|各位|大家好|你好)?(?:我)?(?:有|想问|想请教|请教|问|能问|可以问|能不能问)(?:一?个|几个|一下)?(?:小)?"
                         r"(?:问题|事儿?)(?:想问|想请教|请教|问一下|问问)?(?:一下)?(?:可以吗|行吗|好吗|吗|呢)?$"
                         r"|^(?:hi |hello |hey )?(?:i have a|i ve got a|i've got a|got a|quick|can i ask a|may i ask a|one more|a)"
                         r" (?:quick |small )?(?:question|q)(?: for you| please)?$")


# A greeting to the group (「早上好各位」, "hi all"), thanks with a few words more (「谢谢你的回答」, "thanks a lot"),
# how to use the bot (「这个机器人怎么用」), an acknowledgement (「好的」, 「收到」, "got it") and a bare "why".
_HELLO_MORE = re.compile(r"^(?:各位|大家)?(?:你好|您好|早上好|上午好|下午好|晚上好|早安|晚安)(?:各位|大家|呀|啊)?$"
                         r"|^(?:各位|大家)(?:好|早)(?:呀|啊)?$"
                         r"|^(?:hi|hello|hey|good (?:morning|afternoon|evening))(?: (?:all|everyone|everybody|folks|guys|there))?$")
_THANKS_MORE = re.compile(r"^(?:谢谢|多谢|感谢|谢了|谢啦)[^?？吗呢]{0,8}$|^(?:thanks|thank you|thx|ty)(?: [a-z]+){0,3}$")
_HELP = re.compile(r"^(?:帮助|使用说明|说明|用法|怎么用|如何使用|(?:这个|你)(?:机器人|bot)?(?:怎么用|能做什么|会什么))$"
                   r"|^(?:help|usage|how (?:do i|to) use (?:this|you|it|the bot)|what can you do)$")
_ACK = re.compile(r"^(?:好的?|好吧|好滴|ok|okay|明白了?|懂了|知道了|收到|了解|行|嗯嗯?|再见|拜拜|got it|i see|bye|see you|cheers)$")
_WHY = re.compile(r"^(?:为什么|为啥|why)$")


def small_talk(text: str) -> str | None:
    """``"hello"`` for a greeting (「你好」, "hi"), ``"thanks"`` for thanks (「谢谢」, "thank you"),
    ``"ask"`` for asking to ask (「有个问题想问」, "quick question"), ``"help"`` for how to use the bot
    (「怎么用」), ``"ack"`` for an acknowledgement (「好的」, "got it"), ``"why"`` for a bare why, None
    for anything else — a chat opens and closes with these, and no law is about them."""
    text = _SMALL_TALK_PUNCT.sub(" ", text.lower()).strip()
    compact = text.replace(" ", "")
    if text in _HELLO or compact in _HELLO or _HELLO_MORE.match(text if text.isascii() else compact):
        return "hello"
    if text in _THANKS or compact in _THANKS or _THANKS_MORE.match(text if text.isascii() else compact):
        return "thanks"
    if _ASK_TO_ASK.match(compact if not text.isascii() else text):
        return "ask"
    if _HELP.match(text if text.isascii() else compact):
        return "help"
    if _ACK.match(text if text.isascii() else compact):
        return "ack"
    if _WHY.match(text if text.isascii() else compact):
        return "why"
    return None
