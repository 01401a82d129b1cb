"""Query understanding without an index: definition questions and shape-alike typos."""

import pytest

from bot.search.definition_frames import definition_residual, definition_subject
from bot.search.query import _bid_words, _numerals
from bot.search.typos import SHAPE_ALIKES, shape_alike_fixes


@pytest.mark.parametrize(
    "question, subject",
    [
        ("什么是罚张", "罚张"),
        ("罚张是什么意思", "罚张"),
        ("所谓轻罚张是什么", "轻罚张"),
        ("下家是指哪一家", "下家"),
        ("庄家指的是谁", "庄家"),
        ("防家是指什么", "防家"),
        ("明手是哪一方", "明手"),
        ("what is a revoke", "revoke"),
        ("what does 'dummy' mean in duplicate bridge", "dummy"),
        ("what is meant by the term overtrick", "overtrick"),
        ("what does redeal mean in the laws", "redeal"),
        ("轻罚张是什么意思啊", "轻罚张"),
        ("超墩的意思是什么", "超墩"),
        ("啥叫局况", "局况"),
        ("请解释一下将牌", "将牌"),
        ("明手代表什么", "明手"),
        ("规则里说的局况具体指什么", "局况"),
        ("规则中所讲的明手到底是什么", "明手"),
        ("下家究竟是指哪一家", "下家"),
        ("revoke meaning", "revoke"),
        ("what do you mean by a claim", "claim"),
        ("罚张的定义是啥", "罚张"),
        ("下家指的是哪个", "下家"),
        ("what counts as a revoke", "revoke"),
        ("what qualifies as an overtrick", "overtrick"),
        ("how is a claim defined", "claim"),
        ("what is the definition of dummy", "dummy"),
        ("明手可以看庄家的牌吗", None),
        ("庄家能不能叫裁判呢", None),
        ("how do i claim", None),
    ],
)
def test_definition_subject(question, subject):
    assert definition_subject(question) == subject


WORDS = {"裁判", "表示", "暴露", "加倍", "竞叫", "已经", "自己", "提示"}


@pytest.mark.parametrize(
    "run, fixes",
    [
        ("请栽判来", [("栽判", "裁判")]),
        ("牌曝露了", [("曝露", "暴露")]),
        ("他加陪了", [("加陪", "加倍")]),
        ("竟叫阶段", [("竟叫", "竞叫")]),
        ("自已的牌", [("自已", "自己")]),
        ("表是反对", [("表是", "表示")]),
        ("裁判来了", []),  # nothing to correct
        ("这是什么", []),  # 是 next to characters that make no rulebook word
    ],
)
def test_shape_alike_fixes(run, fixes):
    assert shape_alike_fixes(run, lambda w: w in WORDS or w == "这是", WORDS) == fixes


def test_a_typed_word_is_never_corrected():
    # 已经 is a word: its 已 is never read as 己, though 己经 is not a word either.
    assert shape_alike_fixes("已经", lambda w: w in WORDS, WORDS | {"己经"}) == []


def test_shape_alikes_point_at_other_characters():
    assert all(wrong not in right for wrong, right in SHAPE_ALIKES.items())


@pytest.mark.parametrize(
    "text, numbers",
    [("第五张牌", ["5"]), ("每手十三张", ["13"]), ("十张", ["10"]), ("两张罚张", ["2"]), ("三家不叫", ["3"]),
     ("一张牌", []), ("二十四", [])],
)
def test_chinese_counts_as_digits(text, numbers):
    assert _numerals(text) == numbers


@pytest.mark.parametrize(
    "word, parts",
    [("1nt", ["1", "notrump"]), ("4s", ["4", "spade"]), ("7h", ["7", "heart"]), ("50d", ["50d"]), ("8s", ["8s"]),
     ("dummy", ["dummy"])],
)
def test_bids_in_notation(word, parts):
    assert _bid_words(word) == parts


def _lexicon(vocab):
    from bot.search.lexicon import Lexicon

    return Lexicon(vocab=dict.fromkeys(vocab, 1), glossary={}, pinyin_key={}, pinyin_of=lambda text: {})


@pytest.mark.parametrize(
    "run, words",
    [
        ("同伴没听清楚", ["未听清叫牌"]),
        ("声称时没说要飞牌", ["未说明"]),
        ("没有人跟", ["无人"]),
        ("没办法", []),  # no rulebook word starts 未办 or 无办
    ],
)
def test_spoken_negation_becomes_written(run, words):
    from bot.search.query import _written_negations

    lexicon = _lexicon(["未听清叫牌", "未说明", "未能", "无人", "无人接续打牌", "办法"])
    assert _written_negations(run, lexicon) == words


def test_a_bridge_to_a_broad_word_weighs_as_a_plain_word():
    from bot.search.query import Query

    q = Query(raw="", normalized="", english=True, expansions=["牌张", "罚张"], broad={"牌张"})
    assert q.terms == {"牌张": 2, "罚张": 3}


def test_broad_words_are_those_in_many_rows():
    from bot.search.lexicon import Lexicon

    lexicon = Lexicon(vocab={"牌张": 90, "罚张": 20}, glossary={}, pinyin_key={}, pinyin_of=lambda t: {}, rows=300)
    assert lexicon.broad == {"牌张"}


class _NoWords:
    def is_word(self, text):
        return False


@pytest.mark.parametrize("common, fixes", [(set(), [("主意", "注意")]), ({"主意"}, [])])
def test_an_everyday_word_is_no_typo(common, fixes):
    from bot.search.lexicon import Lexicon
    from bot.search.query import _sound_alikes

    lexicon = Lexicon(vocab={}, glossary={}, pinyin_key={"注意": "zhu yi"},
                      pinyin_of=lambda text: {"出": "chu", "主": "zhu", "意": "yi"}, is_common=common.__contains__)
    assert _sound_alikes("出主意", _NoWords(), lexicon) == fixes


@pytest.mark.parametrize(
    "text, phrase, negated",
    [("没亮牌", "亮牌", True), ("他没有亮牌", "亮牌", True), ("他亮牌了", "亮牌", False),
     ("没亮牌，后来又亮牌了", "亮牌", False), ("他没跟牌", "没跟牌", False), ("不小心亮牌", "亮牌", False)],
)
def test_a_negated_act_bridges_to_nothing(text, phrase, negated):
    from bot.search.bridges import _only_negated

    assert _only_negated(text, phrase) is negated


def test_a_negated_english_word_is_left_out():
    from bot.search.bridges import _negated_words

    assert _negated_words("he did not revoke".split()) == {3}
    assert _negated_words("partner didn't really revoke".split()) == {2, 3}
    assert _negated_words("he revoked".split()) == set()


def test_a_bid_in_notation_only_sets_the_scene(corpus_searcher):
    """「打3NT的时候…」: the contract is context, its denomination weighs least; the word said on
    its own (「no trump」) keeps the weight of a bridge."""
    from bot.search.query import understand

    told = understand("打3NT的时候明手突然问庄家是不是没有梅花了", corpus_searcher.segmenter, corpus_searcher.lexicon)
    said = understand("what does no trump mean here", corpus_searcher.segmenter, corpus_searcher.lexicon)
    assert told.terms["无将"] == 1 and said.terms["无将"] == 3
    assert corpus_searcher.ask("打3NT的时候明手突然问庄家是不是没有梅花了").hits[0].law != 77


@pytest.mark.parametrize("text, keep, word", [
    ("牌套或套中的牌的意思是啥", "牌套或套中的牌", "牌套或套中的牌"),   # 中的 and 的 inside the name stay
    ("请问宕的墩数是什么意思", "宕的墩数", "宕的墩数"),
    ("请问明手是什么意思", "", "明手"),
])
def test_the_word_a_short_message_asks_about_keeps_a_name_whole(text, keep, word):
    assert definition_residual(text, keep=keep) == word


def _first_characters(items) -> tuple[set[str] | None, bool]:
    """The characters a parsed regex can start with (None: any) and whether it can match nothing."""
    from re import _constants as sre

    first: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            return first | {chr(av)}, False
        if op is sre.IN and all(o is sre.LITERAL for o, _ in av):
            return first | {chr(a) for _, a in av}, False
        if op is sre.SUBPATTERN:
            found, nullable = _first_characters(av[3])
        elif op is sre.BRANCH:
            branches = [_first_characters(branch) for branch in av[1]]
            if any(found is None for found, _ in branches):
                return None, False
            found, nullable = set().union(*(f for f, _ in branches)), any(n for _, n in branches)
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            found, nullable = _first_characters(av[2])
            nullable = nullable or av[0] == 0
        else:
            return None, False
        if found is None:
            return None, False
        first |= found
        if not nullable:
            return first, False
    return first, True


def test_the_definition_frame_starts_only_where_it_is_looked_for():
    """The frame after X (「…的意思是什么」) is tried only before one of _FRAME_FIRST: every way it can
    start must be among them, or a definition question would go unread."""
    from re import _parser

    from bot.search.definition_frames import _DEFINITION_ZH, _FRAME_FIRST

    lookahead = f"(?=[{_FRAME_FIRST}])"
    pattern = _DEFINITION_ZH[1].pattern
    frame = pattern[pattern.index(lookahead) + len(lookahead):].removesuffix("$")
    first, nullable = _first_characters(_parser.parse(frame))
    assert first is not None and not nullable
    assert first <= set(_FRAME_FIRST)


def test_the_loose_frame_starts_only_where_it_is_looked_for():
    """The same for the looser frame after X (「X怎么讲」, 「X是谁」) and _LOOSE_FRAME_FIRST."""
    from re import _parser

    from bot.search.definition_frames import _LOOSE_FRAME_FIRST, _LOOSE_ZH

    lookahead = f"(?=[{_LOOSE_FRAME_FIRST}])"
    pattern = next(p.pattern for p in _LOOSE_ZH if lookahead in p.pattern)
    frame = pattern[pattern.index(lookahead) + len(lookahead):].removesuffix("$")
    first, nullable = _first_characters(_parser.parse(frame))
    assert first is not None and not nullable
    assert first <= set(_LOOSE_FRAME_FIRST)


def test_every_frame_of_the_frames_file_is_a_regex_of_its_own():
    """Each frame of corpus/definition_frames.yaml compiles alone (a slip in one would otherwise break the
    whole alternation it joins), and no list is empty."""
    import re

    from bot.search.definition_frames import load_frames

    frames = load_frames()
    lists = [frames["definition"]["before_x"], frames["definition"]["after_x"], frames["loose"]["after_x"],
             frames["meaning_asked"]["zh"], frames["meaning_asked"]["en"], frames["definition_en"]["before_x"]]
    loose = [f.replace("{asker}", frames["loose"]["asker"]).replace("{after_x_first}", frames["loose"]["after_x_first"])
             .replace("{after_x}", "|".join(frames["loose"]["after_x"])) for f in frames["loose"]["frames"]]
    for frame in [f for frame_list in lists for f in frame_list] + loose + [frames["loose"]["asker"]]:
        re.compile(frame)
    assert all(lists) and loose
    for key in ("meaning_cues_zh", "fillers_zh", "meaning_cues_en", "fillers_en"):
        assert frames[key].split()
