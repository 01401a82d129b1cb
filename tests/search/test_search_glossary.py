"""The glossary bridges to words the rulebook really uses; English forms and fuzzy pinyin."""

import pytest

from bot.search.index import load_glossary
from bot.search.bridges import _glossary_matches
from bot.search.lexicon import Lexicon, _english_forms, fuzzy_pinyin
from bot.rulebook.model import load


def _corpus_text() -> str:
    book = load()
    parts = [d.term + d.text for d in book.definitions]
    for law in book.laws.values():
        parts += [law.title, law.intro, law.appendix] + [c.title + c.text for c in law.clauses]
    return " ".join(parts)


def test_every_glossary_target_is_a_rulebook_word():
    text = _corpus_text()
    missing = {(phrase, t) for phrase, targets in load_glossary().items() for t in targets if t not in text}
    assert missing == set()


def test_glossary_entries_are_not_circular():
    assert [p for p, targets in load_glossary().items() if p in targets] == []


@pytest.mark.parametrize(
    "word, form",
    [("cards", "card"), ("penalties", "penalty"), ("dropped", "drop"), ("claimed", "claim"), ("revoking", "revoke"),
     ("declarer's", "declarer"), ("conceding", "concede")],
)
def test_english_forms(word, form):
    assert form in _english_forms(word)


@pytest.mark.parametrize(
    "a, b, same",
    [("ming shou", "min shou", True), ("zhang", "zang", True), ("nan", "lan", True), ("fa zhang", "fa zhang", True),
     ("de pai", "da pai", False), ("cai pan", "zai pan", False)],
)
def test_fuzzy_pinyin(a, b, same):
    assert (fuzzy_pinyin(a) == fuzzy_pinyin(b)) is same


def _lexicon():
    glossary = {"play": ["打牌"], "played card": ["打出的牌张"], "penalty card": ["罚张"], "face up": ["牌面向上"],
                "down": ["宕墩"]}
    return Lexicon(vocab={}, glossary=glossary, pinyin_key={}, pinyin_of=lambda text: {})


@pytest.mark.parametrize(
    "word, base",
    [("played", "play"), ("plays", "play"), ("cards", "card"), ("penaltty", "penalty"), ("bread", None)],
)
def test_english_word(word, base):
    assert _lexicon().english_word(word) == base


@pytest.mark.parametrize("word, base", [("legally", "legal"), ("correctly", "correct"), ("fly", None)])
def test_english_adverbs_meet_their_adjective(word, base):
    lexicon = Lexicon(vocab={}, glossary={"legal": ["合法"], "correct": ["正确"]}, pinyin_key={},
                      pinyin_of=lambda text: {})
    assert lexicon.english_word(word) == base


@pytest.mark.parametrize(
    "question, targets",
    [
        ("a penalty cards question", ["罚张"]),
        ("he played a card face up", ["打牌", "牌面向上"]),
        ("the played card", ["打牌", "打出的牌张"]),
        ("one down", []),  # a stopword alone is never a bridge
    ],
)
def test_english_glossary_matches(question, targets):
    lexicon = _lexicon()
    assert sorted(_glossary_matches(question, question.split(), lexicon)) == sorted(targets)


@pytest.mark.parametrize(
    "question, targets",
    [("two penalty cards", ["牌张", "罚张"]), ("a penalty card", ["牌张", "罚张"]), ("the cards", ["牌张"])],
)
def test_a_plural_entry_does_not_hide_the_phrase(question, targets):
    # 「cards」 is an entry by itself, yet 「penalty cards」 still meets 「penalty card」.
    lexicon = Lexicon(vocab={}, glossary={"card": ["牌张"], "cards": ["牌张"], "penalty card": ["罚张"]},
                      pinyin_key={}, pinyin_of=lambda text: {})
    assert sorted(set(_glossary_matches(question, question.split(), lexicon))) == sorted(targets)


def test_no_bridge_to_a_word_the_question_already_uses():
    lexicon = Lexicon(vocab={}, glossary={"墩数": ["赢墩数"], "认输": ["承认"]}, pinyin_key={}, pinyin_of=lambda t: {})
    assert _glossary_matches("对赢墩数有异议", [], lexicon) == []
    assert _glossary_matches("认输了", [], lexicon) == ["承认"]


@pytest.mark.parametrize(
    "question, targets",
    [("我想问一下明手的权利", []), ("请问明手的权利", []), ("这个问题", []), ("明手可以问庄家吗", ["询问"])],
)
def test_asking_fillers_are_not_asking(question, targets):
    lexicon = Lexicon(vocab={}, glossary={"问": ["询问"]}, pinyin_key={}, pinyin_of=lambda t: {})
    assert _glossary_matches(question, [], lexicon) == targets


def test_pattern_bridges_lead_to_rulebook_words():
    from bot.search.bridges import PATTERN_BRIDGES

    text = _corpus_text()
    assert [t for _, targets in PATTERN_BRIDGES for t in targets if t not in text] == []


@pytest.mark.parametrize(
    "question, targets",
    [("叫得比上家还低", ["不足叫牌"]), ("喊的比对方小", ["不足叫牌"]), ("我叫得比他高", ["足够叫牌", "超叫"]), ("叫牌", []),
     ("防家多出了一张", ["多打"]), ("他把牌一收", ["收拢"]), ("叫完以后谁先出", ["引牌"]),
     ("洗完牌我数了只有十二张", ["少牌", "遗失"]), ("东家有14张", ["牌张数目有误"]),
     ("东家有十四张，西家只有十二张", ["牌张数目有误"]), ("我手里有十二张黑桃", []),
     ("我的牌不够13张", ["少牌", "遗失"]), ("数了一下不到十三张", ["少牌", "遗失"]), ("要先数够不够13张吗", []),
     ("他说后面的牌全是他的", ["声称"]), ("我们同意了庄家的声称", ["默认"]), ("他把牌都摊在桌上", ["摊牌"]),
     ("明手的牌摊在桌上", []), ("剩下几墩都给你吧", ["承认"]), ("剩下的牌都是黑桃", []),
     ("还没轮到他就引了一张牌", ["越序引牌"]), ("未到他lead就lead了", ["越序引牌"]), ("轮到他引牌", []),
     ("上家用了30秒才pass", ["迟疑"]), ("同伴想了半分钟才叫", ["迟疑"]), ("他过了好久才不叫", ["迟疑"]),
     ("等了5分钟才开始比赛", []), ("过了好久才发现牌张不对", [])],
)
def test_pattern_bridges(question, targets):
    lexicon = Lexicon(vocab={}, glossary={}, pinyin_key={}, pinyin_of=lambda t: {})
    assert _glossary_matches(question, [], lexicon) == targets


@pytest.mark.parametrize(
    "question, generic",
    [
        ("partner hesitated can i bid", {"实质叫牌"}),  # bid alone: a generic word
        ("a penalty card on the table", set()),  # card inside a phrase is no generic word
        ("declarer played from the wrong hand", {"打牌"}),
        ("a seating question", set()),
    ],
)
def test_generic_english_words_bridge_like_plain_words(question, generic):
    from bot.search.bridges import _generic_bridges

    glossary = {"bid": ["实质叫牌"], "card": ["牌张"], "penalty card": ["罚张", "牌张"], "hand": ["一手牌"],
                "wrong hand": ["错误方位", "一手牌"], "play": ["打牌"], "seating": ["排定座位"], "hesitate": ["迟疑"]}
    lexicon = Lexicon(vocab={}, glossary=glossary, pinyin_key={}, pinyin_of=lambda text: {})
    assert _generic_bridges(question.split(), lexicon) == generic


def test_english_phrase_targets_are_the_same_asked_again_and_not_shared():
    glossary = {"penalty card": ["罚张", "牌张"], "face up": ["明牌"], "card": ["牌张"]}
    lexicon = Lexicon(vocab={}, glossary=glossary, pinyin_key={}, pinyin_of=lambda text: {})
    words = "a penalty cards lay face up".split()
    first = lexicon.english_phrase_targets(words)
    assert sorted(first) == ["明牌", "牌张", "罚张"]
    first.append("changed by the caller")
    assert sorted(lexicon.english_phrase_targets(words)) == ["明牌", "牌张", "罚张"]
    assert lexicon.english_phrase_targets(["face", "down"]) == []
