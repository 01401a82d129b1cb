"""Shape-alike typos: characters people type or read for another that looks like it.

Sound-alike slips (名手 → 明手) are caught through pinyin in :mod:`bot.search.query`; this table
catches the ones pinyin cannot see — 栽判 for 裁判 (zai/cai), 曝露 for 暴露 — plus a few
input-method slips so common that they behave like shape errors (表是 for 表示).  Each
entry maps the wrong character to the character(s) the rulebook writes; a fix is only
proposed when the corrected pair is a word of the rulebook and the typed pair is not a
word at all, so a correct text is never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Container

# wrong character → the rulebook character(s) it is mistaken for
SHAPE_ALIKES: dict[str, str] = {
    "栽": "裁", "载": "裁", "戴": "裁", "哉": "裁", "材": "裁",  # 裁判
    "叛": "判", "拌": "伴", "畔": "伴",  # 裁判, 同伴
    "是": "示", "事": "示",  # 表示, 提示 (the input method's first choice for shi)
    "竟": "竞", "境": "竞",  # 竞叫
    "桩": "庄", "壮": "庄", "妆": "庄",  # 庄家
    "敦": "墩", "礅": "墩", "顿": "墩",  # 牌墩, 宕墩
    "曝": "暴", "爆": "暴",  # 暴露
    "陪": "倍", "培": "倍", "赔": "倍",  # 加倍
    "惯": "贯", "罐": "贯",  # 满贯
    "臧": "藏", "赃": "藏",  # 藏牌
    "脾": "牌", "碑": "牌", "啤": "牌",  # 牌
    "妨": "防", "仿": "防", "纺": "防",  # 防家
    "塞": "赛", "寨": "赛",  # 赛员
    "羸": "赢", "嬴": "赢",  # 赢墩
    "仪": "议",  # 异议
    "末": "未",  # 未能
    "侯": "候",  # 时候
    "己": "已", "已": "己", "巳": "已己",  # 已经, 自己
    "帐": "张", "账": "张",  # 罚张
    "浆": "将",  # 将牌
    "秤": "称",  # 声称
}


_SHAPED = frozenset(SHAPE_ALIKES)


def shape_alike_fixes(run: str, is_word: Callable[[str], bool], known: Container[str]) -> list[tuple[str, str]]:
    """(typed window, rulebook word) for each two-character window of ``run`` that becomes a
    rulebook word when one shape-alike character in it is put right (叫栽判 → (栽判, 裁判),
    表是不满 → (表是, 表示)).

    ``run``: a run of Chinese characters; ``is_word``: True for a word of the segmentation
    dictionary (a window that is a word is left alone); ``known``: the rulebook's words.
    """
    fixes: list[tuple[str, str]] = []
    if _SHAPED.isdisjoint(run):
        return fixes   # (most runs of a long story hold none: each character need not be looked up)
    for i, ch in enumerate(run):
        for right in SHAPE_ALIKES.get(ch, ""):
            for start in (i - 1, i):
                if start < 0 or start + 2 > len(run):
                    continue
                window = run[start : start + 2]
                fixed = window.replace(ch, right, 1) if start == i else window[0] + right
                if fixed in known and not is_word(window) and (window, fixed) not in fixes:
                    fixes.append((window, fixed))
    return fixes
