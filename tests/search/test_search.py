"""The search over a small fixture rulebook: questions of every kind, hostile input, honesty."""

import random
from pathlib import Path

import pytest

from bot.rulebook.refs import Reference
from bot.search.searcher import Searcher

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "rulebook_small.json"


@pytest.fixture(scope="module")
def searcher(tmp_path_factory):
    s = Searcher.open(FIXTURE, cache_dir=tmp_path_factory.mktemp("cache"))
    yield s
    s.close()


@pytest.mark.parametrize(
    "question, expected",
    [
        ("导致特别判罚的限制", (43, "43A2")),
        ("明手的限制", (43, None)),
        ("交换看牌", (43, "43A2a")),
        ("违规者同伴引牌时", (50, "50D2")),
    ],
)
def test_a_question_naming_a_heading_gets_the_heading(searcher, question, expected):
    assert top(searcher.ask(question)) == expected


def test_a_heading_hit_carries_the_heading_title(searcher):
    assert searcher.ask("导致特别判罚的限制").hits[0].title == "明手的限制 · 导致特别判罚的限制"
    assert searcher.ask("明手的限制").hits[0].title == "明手的限制"


def top(result):
    hit = result.hits[0]
    return (hit.law, hit.term if hit.law == 0 else hit.clause)


@pytest.mark.parametrize(
    "question, expected",
    [
        ("明手可以自己叫裁判吗", (43, "43A1a")),
        ("明手能不能和庄家交换看牌", (43, "43A2a")),
        ("重罚张什么时候必须打出", (50, "50D1")),
        ("轻罚张的处理", (50, "50C")),
        ("明手能替庄家取牌打出去吗", (42, "42A3")),
        ("庄家可以禁止防家引罚张的花色吗", (50, "50D2a")),
        ("认输算不算承认", (68, "68B")),
        ("明手离开座位去看庄家打牌", (43, "43A2b")),
    ],
)
def test_questions(searcher, question, expected):
    assert top(searcher.ask(question)) == expected


@pytest.mark.parametrize("question", ["明手可以离开座位去看庄家的牌吗", "明手可以和庄家交换看牌吗"])
def test_a_clear_question_is_answered_with_confidence(corpus_searcher, question):
    result = corpus_searcher.ask(question)
    assert result.confident and result.probability >= corpus_searcher.model.threshold


@pytest.mark.parametrize(
    "question, expected",
    [
        ("明手可以離開座位看莊家打牌嗎", (43, "43A2b")),
        ("ｄｕｍｍｙ", (0, "明手")),
        ("第４３条Ａ款２（ａ）", (43, "43A2a")),
    ],
)
def test_traditional_and_fullwidth(searcher, question, expected):
    assert top(searcher.ask(question)) == expected


def test_a_traditional_question_gets_the_simplified_answer(searcher):
    said, meant = searcher.ask("對方防家的牌掉在桌上亮了出來"), searcher.ask("对方防家的牌掉在桌上亮了出来")
    assert top(said) == top(meant) and 50 in [h.law for h in said.hits]   # 罚张: a defender's exposed card


@pytest.mark.parametrize(
    "cantonese, mandarin",
    [("明手可唔可以睇防家嘅牌？", "明手可不可以看防家的牌？"),
     ("我做緊明手，見到防家出錯咗，可唔可以自己叫裁判？", "我正在做明手，看到防家出错了，可不可以自己叫裁判？"),
     ("佢冇跟花色，仲可唔可以改？", "他没有跟花色，还可不可以改？")],
)
def test_a_cantonese_question_gets_the_mandarin_answer(corpus_searcher, cantonese, mandarin):
    said, meant = corpus_searcher.ask(cantonese), corpus_searcher.ask(mandarin)
    assert [h.law for h in said.hits[:1]] == [h.law for h in meant.hits[:1]]
    assert [a.law for a in said.absent] == [a.law for a in meant.absent]


@pytest.mark.parametrize(
    "question, normalized",
    [("首引的牌扣著放嗎", "首引的牌扣着放吗"), ("著名的規則", "著名的规则"), ("罚张扣著放", "罚张扣著放"),
     ("甚麼是罰張", "什么是罚张")],
)
def test_taiwan_variants_in_traditional_text(searcher, question, normalized):
    # 著 is 着 in Taiwan's traditional text, but stays 著 in 著名; simplified text is left as typed.
    assert searcher.ask(question).normalized == normalized


@pytest.mark.parametrize(
    "question, term",
    [
        ("什么是藏牌", "藏牌"),
        ("罚张的定义", "罚张"),
        ("超墩是什么意思", "超墩"),
        ("“牌墩”指什么", "牌墩"),
        ("define revoke", "藏牌"),
        ("What is a trick?", "牌墩"),
        ("明手", "明手"),
        ("DUMMY", "明手"),
        ("penalty card", "罚张"),
    ],
)
def test_definition_questions(searcher, question, term):
    result = searcher.ask(question)
    assert (result.hits[0].law, result.hits[0].term) == (0, term)
    assert result.confident
    assert all(h.law != 0 for h in result.hits[1:])


@pytest.mark.parametrize(
    "question, term",
    [("明手是指哪一家", "明手"), ("罚张牌是什么意思", "罚张"), ("什么是超墩数", "超墩"),
     ("what does 'trick' mean in duplicate bridge", "牌墩")],
)
def test_definition_questions_in_other_words(searcher, question, term):
    result = searcher.ask(question)
    assert (result.hits[0].law, result.hits[0].term) == (0, term)


@pytest.mark.parametrize("question, term", [("名手是什么", "明手"), ("什么是藏派", "藏牌"), ("发张是什么意思", "罚张")])
def test_definition_questions_with_a_typo(searcher, question, term):
    result = searcher.ask(question)
    assert (result.hits[0].law, result.hits[0].term) == (0, term)
    assert "举止" not in result.hits[0].matched  # 「手是」 is no typo for 手势


def test_a_rulebook_word_longer_than_a_term_is_not_that_term(tmp_path):
    # 约定卡 is a word of the rulebook (Law 40E), not the term 约定 plus one character.
    searcher = Searcher.open(cache_dir=tmp_path)
    assert top(searcher.ask("约定卡是什么")) == (40, "40E")
    assert top(searcher.ask("约定叫是什么")) == (0, "约定")
    searcher.close()


def test_one_definition_at_most_outside_definition_questions(searcher):
    laws = [h.law for h in searcher.ask("明手 罚张 牌墩 超墩 藏牌", k=4).hits]
    assert laws.count(0) <= 1 and len(laws) == 4


def test_definition_is_followed_by_the_laws_using_it(searcher):
    result = searcher.ask("什么是罚张")
    assert [h.law for h in result.hits][:2] == [0, 50]


@pytest.mark.parametrize("question", ["明手可以叫栽判吗", "明手可以主动叫裁判吗"])
def test_shape_alike_typo_reaches_the_glossary(searcher, question):
    assert top(searcher.ask(question)) == (43, "43A1a")


def test_sound_alike_typo(searcher):
    result = searcher.ask("名手可以提供情况吗")
    assert top(result) == (42, "42A1")
    assert "明手" in result.hits[0].matched


def test_english_typo(searcher):
    result = searcher.ask("what happens to a penaltty card")
    assert result.hits[0].law == 50 and 0 in [h.law for h in result.hits]
    assert "罚张" in result.hits[0].matched


@pytest.mark.parametrize(
    "question, reference, expected",
    [
        ("第50条D款2", Reference(50, "50D2"), (50, "50D2")),
        ("law 43", Reference(43), (43, None)),
        ("50D9", Reference(50, "50D9"), (50, "50D")),
    ],
)
def test_reference_goes_straight_to_the_clause(searcher, question, reference, expected):
    result = searcher.ask(question)
    assert result.reference == reference
    assert top(result) == expected
    assert len(result.hits) == 1 and result.confident


def test_reference_to_a_law_not_in_the_corpus(searcher):
    result = searcher.ask("第44条")
    assert (result.reference, result.hits, result.confident) == (Reference(44), [], False)


def test_malformed_reference_is_reported_not_raised(searcher):
    result = searcher.ask("law 999")
    assert result.reference is None
    assert "93" in result.reference_error.message_zh


def _random_text(n: int) -> str:
    rng = random.Random(7)
    alphabet = '"*()^:-+ORNOTANDNEAR罚张明手 {}[]\'\\;,.'
    return "".join(rng.choice(alphabet) if rng.random() < 0.5 else chr(rng.randint(32, 0x9FFF)) for _ in range(n))


@pytest.mark.parametrize(
    "question",
    ['"', '""', "NOT", "*", "NEAR(", "a OR", "OR AND NOT", '罚张" OR "明手', "明手*", "col:明手", "^罚张",
     _random_text(2000), "x" * 10000, "", "   ", "？？？"],
)
def test_hostile_input_never_errors(searcher, question):
    result = searcher.ask(question)
    assert len(result.hits) <= 3
    assert result.query == question


@pytest.mark.parametrize("question", ["今天天气怎么样", "how do I bake sourdough bread", "量子计算机的原理", "你好", "桥牌好玩吗"])
def test_not_found_is_honest(searcher, question):
    result = searcher.ask(question)
    assert not result.confident
    assert len(result.hits) <= 3


def test_k_limits_hits_and_laws_are_distinct(searcher):
    assert len(searcher.ask("明手 庄家 罚张", k=1).hits) == 1
    laws = [h.law for h in searcher.ask("明手 庄家 罚张 牌墩", k=4).hits]
    assert len(laws) == len(set(laws)) == 4


def test_matched_words_and_snippet(searcher):
    hit = searcher.ask("明手能不能和庄家交换看牌").hits[0]
    assert {"明手", "庄家", "交换"} <= set(hit.matched)
    assert "交换看牌" in hit.snippet
    assert hit.title == "明手的限制 · 交换看牌"


def test_json_shape(searcher):
    data = searcher.ask("什么是明手").to_json()
    assert data["hits"][0] | {"score": 0, "snippet": ""} == {
        "law": 0, "clause": None, "term": "明手", "title": "明手 (DUMMY)", "score": 0, "snippet": "",
        "matched": ["明手"],
    }
    assert (data["query"], data["normalized"], data["reference"]) == ("什么是明手", "什么是明手", None)


@pytest.mark.parametrize(
    "question, expected",
    [("第50条D款说的是什么", (50, "50D")), ("规则里第四十三条讲了什么", (43, None)), ("what does law 42B1 say", (42, "42B1"))],
)
def test_reference_inside_a_question_comes_first(searcher, question, expected):
    result = searcher.ask(question)
    assert top(result) == expected
    assert result.reference is None and result.confident
    assert expected[0] not in [h.law for h in result.hits[1:]]


@pytest.mark.parametrize(
    "question, expected",
    [
        ("发牌人叫完之后下一个轮到谁叫", (17, "17C")),  # the question's own words decide between siblings
        ("声称时说飞牌会成功，对方有异议", (70, "70E")),  # the clause's own title names 飞牌
    ],
)
def test_the_right_row_among_a_laws_siblings(corpus_searcher, question, expected):
    assert top(corpus_searcher.ask(question)) == expected


def _titled_row(clause, title, score):
    from bot.search.documents import Doc

    return (Doc(law=70, clause=clause, term=None, title=f"有争议的声称 · {title}", text="", words=frozenset()), score)


def test_own_title_share_leaves_out_the_law_title():
    from bot.search.rank import _own_title_share

    row, _ = _titled_row("70E", "未提及的打牌路线(飞牌或跌落)", 1.0)
    assert _own_title_share(row, ["声称", "飞牌", "裁判"]) == 0.5  # 声称 is the law's title, not the clause's


@pytest.mark.parametrize("question", ["partner took a long time to pass, can I bid now", "my partner took forever to pass",
                                      "partner thought for ages then bid game"])
def test_a_slow_call_told_in_players_english_is_a_hesitation(corpus_searcher, question):
    # "took a long time", "took forever", "thought for ages": 迟疑 (16, 73), not a pass out of rotation or an enforced pass
    result = corpus_searcher.ask(question)
    assert result.hits[0].law in (16, 73) and result.absent == []


def test_leaving_the_table_in_players_words(corpus_searcher):
    # 离场: players' word for leaving the table (74C8 「离开自己的座位」)
    assert top(corpus_searcher.ask("一轮没打完同伴就离场了")) == (74, "74C8")


@pytest.mark.parametrize("message, law, clause", [("罚张", 50, None), ("重罚张？", 50, "50B"), ("声称", 68, None),
                                                  ("承认", 68, None)])
def test_a_word_alone_that_a_law_defines_is_answered_by_that_law(corpus_searcher, message, law, clause):
    # 45C5, titled 罚张, only says "see Law 50"; 48B2 is one way of claiming; 71 cancels a concession
    result = corpus_searcher.ask(message)
    assert (result.hits[0].law, result.hits[0].clause) == (law, clause) and result.confident


def test_a_word_alone_keeps_the_missing_law_it_names(corpus_searcher):
    result = corpus_searcher.ask("不足叫牌")   # 18D says what it is; Law 27, missing, what follows
    assert result.hits[0].clause == "18D" and [a.law for a in result.absent] == [27] and not result.confident
