"""Every defined term of chapter 1, asked in every usual frame, gets its definition first.

The questions are generated here from the rulebook's own terms (Chinese term and English name)
and the ways players ask what a word means — simplified, traditional, English, and with the
shape-alike typos of :mod:`bot.search.typos` — never taken from a question set.
"""

from __future__ import annotations

import opencc
import pytest

from bot.base.textnorm import normalize_query
from bot.rulebook import model as rulebook_module
from bot.search.term_names import load_term_names
from bot.search.typos import SHAPE_ALIKES

FRAMES_ZH = ("什么是{}", "什么叫{}", "啥叫{}", "{}是什么意思", "{}是啥意思", "{}什么意思？", "{}是什么意思啊",
             "{}的定义", "{}的定义是啥", "{}怎么定义", "{}指的是什么", "{}指的是哪个", "{}是指什么",
             "请问{}是什么", "规则里的{}是什么意思", "“{}”是什么意思", "{}到底是什么意思", "所谓{}是指什么",
             # a second sentence after the frame, as chat messages go on
             "{}指的是哪个？我一直搞不清楚", "{}是什么意思？规则书上怎么说",
             # looser frames of a chat
             "请问{}", "{}？", "{}是啥东西", "{}怎么讲", "{}咋理解", "什么算{}", "怎样才算{}", "{}包括哪些", "{}指谁",
             "规则说的{}是什么", "桥牌术语{}是什么意思", "{}这个词是什么意思", "“{}”这个词怎么解释", "解释下{}",
             "能解释一下{}吗", "{}是什么概念", "{}在规则里怎么定义的", "啥是{}啊", "规则里的「{}」是怎么定义的",
             "{}有几种意思",
             # a short message that is only politeness, a meaning cue and the word (any order, any dialect)
             "新手求问：{}是什么意思", "谁能解释一下什么是{}", "{}是个什么东西", "{}这个概念怎么理解", "想问一下{}是什么",
             "大家好，请问{}是啥？", "{}是什么东东", "何谓{}", "{}係咩意思", "乜嘢係{}", "{}的含义",
             "{}是神马意思", "{}是甚么意思", "{}是啥子", "{}的意思是啥子", "我想知道{}是什么", "不懂{}是什么意思",
             "关于{}的定义", "{}的解释", "{}是什么意识",
             # Hong Kong Cantonese
             "{}係咩嚟㗎？", "{}即係點？", "咩嘢係{}",
             # the frame in the first clause of a longer message, or after a comma
             "{}是啥意思，打牌时老听人说", "昨天比赛裁判说了好几次，这个{}到底指什么？", "什么情况才算{}？群里吵起来了",
             "{}和{}是一回事吗？", "群里说的{}是哪个？", "{}是不是就是书上说的那个意思？", "{}是指哪些情况？",
             "{}是啥，刚学桥牌看不懂", "{}是什么？是不是和叫牌有关", "{}是怎么回事", "{}到底是怎么回事", "什么才叫{}",
             "打牌时说的{}指的是啥", "{}即係咩？", "{}係咪即係書上講嗰個意思？", "{}的正式定义是啥？", "这里的{}到底指的是什么",
             "{}是啥 是不是就是书上说的那个", "{}，规则里怎么定义的", "裁判说了{}，{}指啥？", "{}是指书上那个意思吗",
             # what the question then asks of a word it calls a word of the laws; the word in a joined pair
             "{}这个词到底什么时候开始算？", "规则里的'{}'范围有多大，什么都算吗", "{}係指乜嘢？", "{}是怎么构成的",
             "{}是怎么来的", "{}指哪些？", "{}什么时候才算{}？",
             "一个正常的{}是怎么构成的",
             # more of a chat's frames: the thing, its use, its scope, whether something still counts as it
             "{}是个什么东西？", "{}到底是干嘛的？", "有人能说说{}吗", "{}有人懂吗", "{}的意义", "{}应该是怎样的",
             "新手求教，{}咋回事", "{}在规则里的意义？", "打到一半这个还叫{}吗？",
             # the rules' own definition asked for, the word in a story before it
             "昨天有人提到“{}”，按定义到底怎么讲？", "{}包不包括别的情况", "{}都包括哪些？", "规则里“{}”是只算这些吗？")
# 「X和Y有什么区别」 asks about X first; Y is another defined term
COMPARISONS_ZH = ("{}和{}有什么区别", "{}与{}的区别是什么", "{}跟{}有啥不一样")
FRAMES_EN = ("what is {}", "what is a {}", "What is the {}?", "what does {} mean", "define {}", "definition of {}",
             "what counts as {}", "how is {} defined", "{} meaning", "what's the meaning of {}?",
             "what exactly is {}", "what is {}, by definition?", "What is {}? I never understood it.",
             "what does the term {} refer to", "explain {} please", "can you explain what {} means",
             "what exactly does {} mean", "difference between {} and declarer", "what's the difference between a {} and a dummy",
             "what is {}, as defined in the laws?",
             "can someone explain {}", "I keep hearing the word {}, what is it", "newbie question: what is {}",
             "explain what {} means in bridge", "what exactly counts as {} under the laws?",
             "wat is {}", "how do the laws define {}", "Q: what is {}",
             "quick one: what does {} mean in the chinese rulebook?", "my partner keeps saying it — what does {} even mean?",
             "who counts as {}?", "what's meant by {}?", "what is meant by a {}", "define {} as the laws use it",
             "What is {}? Is it the same as a bid?", "what is a {} in a pairs game?", "{} - what does it actually mean?",
             "how is the {} determined", "what exactly is a '{}' under the laws — does it matter?",
             "what's the actual definition of {}?", "like what is {}, by definition?", "so who's the {} exactly?",
             "what is {} as a term?")
TYPO_FRAMES = ("什么是{}", "{}是什么意思")
# the word set apart inside a longer message that asks what it means
SET_APART_ZH = ("打牌时老听人说“{}”，到底是什么意思？", "我们俱乐部的人总说「{}」这个词，我一直搞不懂什么意思",
                "规则里经常出现{}这个词，是什么意思")
SET_APART_EN = ("people keep saying '{}' at the table — what does it mean?", "what does the term {} mean in the laws?",
                "we went down in 3NT — is that what the rules call '{}'?")

TERMS = rulebook_module.load(rulebook_module.RULEBOOK_PATH).definitions
_TRADITIONAL = opencc.OpenCC("s2t")


def _questions(term) -> list[str]:
    questions = [f.format(term.term, term.term) for f in FRAMES_ZH]
    other = "明手" if term.term == "庄家" else "庄家"
    questions += [f.format(term.term, other) for f in COMPARISONS_ZH]
    questions += [_TRADITIONAL.convert(f.format(term.term, term.term)) for f in FRAMES_ZH]
    questions += [f.format(term.term) for f in SET_APART_ZH]
    if term.en:
        questions += [f.format(term.en.lower()) for f in FRAMES_EN + SET_APART_EN]
        # the English name in brackets after the Chinese term
        questions.append(f"{term.term}（{term.en}）是什么意思")
    return questions


def _typos(term) -> list[str]:
    """The term with one character typed as a shape-alike (裁判 → 栽判), in two frames."""
    wrong_for = {}
    for wrong, rights in SHAPE_ALIKES.items():
        for right in rights:
            wrong_for.setdefault(right, wrong)
    typed = {term.term[:i] + wrong_for[c] + term.term[i + 1 :] for i, c in enumerate(term.term)
             if c in wrong_for and len(term.term) > 1}
    return [f.format(t) for t in sorted(typed) for f in TYPO_FRAMES]


def test_the_chapter_has_its_terms():
    assert len(TERMS) == 54


@pytest.mark.parametrize("term", TERMS, ids=lambda d: d.term)
def test_every_frame_of_a_defined_term_gets_its_definition_first(corpus_searcher, term):
    wrong = []
    for question in _questions(term) + _typos(term):
        result = corpus_searcher.ask(question)
        first = result.hits[0] if result.hits else None
        if first is None or (first.law, first.term) != (0, term.term) or not result.confident:
            wrong.append((question, first and (first.law, first.clause, first.term)))
    assert wrong == []


@pytest.mark.parametrize("question", ["同伴解释", "can partner explain", "同伴不叫是什么意思",
                                      "我同伴想了很久才不叫，这是什么意思", "what is dummy allowed to do",
                                      "庄家说「明手」不能说话，这是真的吗", "对方说这是「罚张」，对吗？",
                                      # a value asked after a comma, not a meaning; a likeness that tells a case
                                      "3号牌是谁发牌，局况是什么？", "叫牌打完了，对方记错了，定约到底是什么？",
                                      "明手跟庄家一样可以叫裁判吗", "7号牌谁发牌？局况是什么？"])
def test_a_told_act_with_a_meaning_cue_is_no_definition_question(corpus_searcher, question):
    result = corpus_searcher.ask(question)
    assert not result.hits or result.hits[0].law != 0


# A party named as who may act is asked about its rights — unless another clause asks what the word means.
@pytest.mark.parametrize("question, term", [("明手可以做什么", None), ("防家能不能看明手的牌", None),
                                            ("can dummy call the director?", None),
                                            ("明手可以碰牌吗？明手到底是指谁", "明手")])
def test_a_party_who_may_act_is_no_definition_question_unless_its_meaning_is_asked(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.term if first.law == 0 else None) == term


def test_typos_are_generated_for_the_terms_that_have_them():
    assert sum(len(_typos(t)) for t in TERMS) >= 40


@pytest.mark.parametrize("question", ["我(明手)看到庄家从错的手出牌，这算什么", "对方(庄家)摊牌了，剩下的怎么算？是什么规定",
                                      "庄家摊牌以后明手怎么讲", "我们打到第十墩的时候，对方说的这句话怎么理解"])
def test_a_told_situation_with_a_bracketed_seat_is_not_a_definition_question(corpus_searcher, question):
    first = corpus_searcher.ask(question).hits[0]
    assert first.law != 0


def _dropped_letter(name: str) -> str:
    """The English name with its middle letter left out (dummy → dumy), as fast typing does."""
    middle = len(name) // 2
    return name[:middle] + name[middle + 1 :]


@pytest.mark.parametrize("term", [t for t in TERMS if t.en and len(t.en) >= 5 and " " not in t.en and t.en.isalpha()],
                         ids=lambda d: d.en)
def test_an_english_name_typed_a_letter_short_still_finds_its_definition(corpus_searcher, term):
    first = corpus_searcher.ask(f"what is a {_dropped_letter(term.en.lower())}").hits[0]
    assert (first.law, first.term) == (0, term.term)


@pytest.mark.parametrize("question, term", [("什么是心里叫", "心理叫"), ("心里叫是什么意思", "心理叫"), ("what is a revoak", "藏牌"),
                                            ("名手是啥意思，打牌时老听人说“你是名手你别动”", "明手"),
                                            ("what counts as a pysch?", "心理叫")])
def test_a_term_typed_as_it_sounds_finds_its_definition(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


@pytest.mark.parametrize("question", ["what is a dealer", "what is a penalty card", "什么是罚张"])
def test_a_known_word_is_not_taken_for_a_typo_of_a_term(corpus_searcher, question):
    first = corpus_searcher.ask(question).hits[0]
    assert first.law != 0


def _swapped_letters(name: str) -> str:
    """The name with two letters of its longest word swapped (psychic → pyschic)."""
    words = name.split()
    i = max(range(len(words)), key=lambda j: len(words[j]))
    w = words[i]
    words[i] = w[0] + w[2] + w[1] + w[3:]
    return " ".join(words)


TWO_WORD_NAMES = [t for t in TERMS if t.en and " " in t.en and "—" not in t.en and max(map(len, t.en.split())) >= 6]


@pytest.mark.parametrize("term", TWO_WORD_NAMES, ids=lambda d: d.en)
def test_an_english_name_of_two_words_typed_with_two_letters_swapped_finds_its_definition(corpus_searcher, term):
    first = corpus_searcher.ask(f"whats a {_swapped_letters(term.en.lower())}").hits[0]
    assert (first.law, first.term) == (0, term.term)


@pytest.mark.parametrize("question, term", [("上家是左边还是右边的对手？", "上家"), ("下家是坐我左手还是右手", "下家"),
                                            ("is RHO on my left or my right?", "上家"), ("is LHO to the left or right", "下家")])
def test_which_side_a_seat_is_on_gets_the_seat_definition(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


@pytest.mark.parametrize("term", [t for t in TERMS if "或" in t.term], ids=lambda d: d.term)
def test_a_term_named_two_ways_answers_to_each_name(corpus_searcher, term):
    for name in term.term.split("或"):
        first = corpus_searcher.ask(f"{name}是指什么").hits[0]
        assert (first.law, first.term) == (0, term.term), name


@pytest.mark.parametrize("question, term", [("jukuang 是指有局無局嗎？", "局况"), ("mingshou 是首引之前就算了还是首引之后才算？", "明手"),
                                            ("规则里那个shizhi叫牌指什么", "实质叫牌"), ("xian wei dun shu 是什么", "线位墩数"),
                                            ("“lun dao”这个术语指什么时机", "轮到")])
def test_a_term_typed_in_pinyin_gets_its_definition(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


@pytest.mark.parametrize("question", ["mingshou可以叫裁判吗", "I think the zhuangjia led from the wrong hand"])
def test_a_term_typed_in_pinyin_in_a_told_situation_is_read_as_the_term(corpus_searcher, question):
    first = corpus_searcher.ask(question).hits[0]
    assert first.law != 0 and first.law in (43, 55, 44, 42)


@pytest.mark.parametrize("question, term", [
    # the term in the clause that asks for the definition, not one named earlier in the story
    ("我同伴先叫的黑桃，最后是我叫到4♠，按定义谁当庄家？", "庄家"),
    ("Someone mentioned trumps at the table — what's the definition?", "将牌"),
    # the topic named first, before a dash; a term in the asking clause before a quoted one
    ("trumps — can there be any in a notrump contract, going by the definition?", "将牌"),
    ("I keep mixing up 'session' and 'round' — what does the rulebook say a session is?", "节"),
    # the quoted word nearest the ask
    ("小朋友问我什么叫“跟牌”，我说就是出一样的花色，原文怎么写的", "跟牌"),
    ("In the official laws, is dummy the person or the cards on the table?", "明手"),
])
def test_a_message_asking_the_rules_definition_gets_the_term_it_asks_about(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


# The asking clause is only its predicate: the word was named before it, what follows 是指 is a guess.
@pytest.mark.parametrize("question, term", [("刚才裁判嘴里冒出个“定约名目”，是指花色的意思吗", "定约名目"),
                                            ("群里有人说“局况”，是指有局无局吗", "局况"),
                                            ("有人讲「超墩」，就是多打的墩吗", "超墩")])
def test_a_word_named_before_a_predicate_only_clause_is_the_one_asked(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


@pytest.mark.parametrize("question", ["What makes a bid 'insufficient' by definition? LHO opened 2H and I bid 2D",
                                      "对手打得慢，还一直叹气，这种情况规则怎么说？"])
def test_a_definition_asked_of_a_word_that_is_no_term_or_a_told_case_gets_a_law(corpus_searcher, question):
    assert corpus_searcher.ask(question).hits[0].law != 0


@pytest.mark.parametrize("question, term", [("牌套跟牌套裡的牌在規則裡是怎麼定義的？", "牌套或套中的牌"),
                                            ("明手和庄家是怎么定义的", "明手")])
def test_two_words_asked_together_get_a_definition_first(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


OTHER_NAMES = load_term_names()
DEFINED = {normalize_query(n) for t in TERMS for n in (t.term, t.en or "") if n}


def test_every_other_name_belongs_to_one_defined_term_and_is_no_term_itself():
    terms = {t.term for t in TERMS}
    assert set(OTHER_NAMES) <= terms
    names = [normalize_query(n) for others in OTHER_NAMES.values() for n in others]
    assert len(names) == len(set(names))
    assert not set(names) & DEFINED
    book = rulebook_module.load(rulebook_module.RULEBOOK_PATH)
    titles = {normalize_query(t) for n in book.numbers for t in [book.law(n).title, *(c.title for c in book.law(n).clauses)] if t}
    assert not set(names) & titles  # 人为调整分 is 12C1's title: a question about it may want the clause


@pytest.mark.parametrize("term", sorted(OTHER_NAMES))
def test_a_term_asked_by_another_name_gets_its_definition(corpus_searcher, term):
    wrong = []
    for name in OTHER_NAMES[term]:
        for question in (f"{name}是什么意思", _TRADITIONAL.convert(f"什么是{name}")):
            result = corpus_searcher.ask(question)
            first = result.hits[0] if result.hits else None
            if first is None or (first.law, first.term) != (0, term) or not result.confident:
                wrong.append(question)
    assert wrong == []


@pytest.mark.parametrize("question, term", [
    ("一輪係咩意思？換位之前嗰段？", "轮"), ("一墩是什么意思", "牌墩"), ("搭檔/同伴是什麼意思？", "同伴"),
    ("what counts as a part-score contract?", "部分定约"), ("what is a part score", "部分定约"),
    ("is a defender the same as an opponent?", "防家"), ("who are the defenders?", "防家")])
def test_other_spellings_of_a_term_find_its_definition(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


@pytest.mark.parametrize("term", [t for t in TERMS if t.en and t.en.isalpha()], ids=lambda d: d.en)
def test_an_english_name_asked_as_the_chinese_term_gets_its_definition(corpus_searcher, term):
    first = corpus_searcher.ask(f"{term.en.lower()}在中文规则里就是{term.term}吗，怎么定义的").hits[0]
    assert (first.law, first.term) == (0, term.term)


@pytest.mark.parametrize("question", ["7号牌谁发牌？局况是什么？", "这副牌我们打的4♠，局况是什么"])
def test_a_later_clause_about_this_board_is_no_definition_question(corpus_searcher, question):
    first = corpus_searcher.ask(question).hits[0]
    assert first.law != 0


@pytest.mark.parametrize("question, law, clause", [("罚张是什么意思", 50, None), ("what is a penalty card", 50, None),
                                                   ("什么是轻罚张", 50, "50B"), ("what's a major penalty card?", 50, "50B")])
def test_a_word_a_law_defines_in_so_many_words_gets_that_law_first(corpus_searcher, question, law, clause):
    # 「…的牌张，…均为罚张」 (50), 「…即成为轻罚张」 (50B): chapter 1 has no such term
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.clause) == (law, clause)


@pytest.mark.parametrize("question", ["什么是声称", "声称是什么意思", "what is a claim", "承认是什么意思"])
def test_a_word_a_clause_is_titled_the_definition_of_gets_that_law_and_no_missing_law(corpus_searcher, question):
    # 68A 「声称的定义」, 68B 「承认的定义」: the law says what the word is; no missing law's note beside it
    result = corpus_searcher.ask(question)
    assert result.hits[0].law == 68
    assert result.absent == []


@pytest.mark.parametrize("question, terms", [("明手和庄家有什么区别", ["明手", "庄家"]),
                                             ("is a defender the same as an opponent?", ["防家", "对手"]),
                                             ("what's the difference between a trick and a round", ["牌墩", "轮"]),
                                             ("跟牌與藏牌是一回事嗎？", ["跟牌", "藏牌"]),
                                             # a later sentence asks about the second on its own: it comes first
                                             ("叫牌和实质叫牌有什么区别？什么才算实质叫牌", ["实质叫牌", "叫牌"]),
                                             ("庄家和明手有啥不同？明手到底指谁", ["明手", "庄家"]),
                                             ("对手 vs 防家，有啥不同？", ["对手", "防家"]),
                                             # Hong Kong's 「有咩分別」
                                             ("莊家同明手有咩分別？", ["庄家", "明手"])])
def test_a_comparison_shows_both_definitions_first(corpus_searcher, question, terms):
    hits = corpus_searcher.ask(question).hits
    assert [(h.law, h.term) for h in hits[:2]] == [(0, t) for t in terms]


@pytest.mark.parametrize("question, term", [("什么是一节比赛", "节"), ("what's a round in a pairs game", "轮"),
                                            ("成局是指墩分要到多少才算？", "局"), ("which cards are honors?", "大牌"),
                                            ("what makes a bid a convention", "约定"), ("花色一共几种，规则里怎么定义的", "花色"),
                                            ("加倍到底是什么性质的叫牌？能对谁加倍", "加倍"), ("再加倍是哪一种叫牌", "再加倍"),
                                            ("Who exactly becomes declarer?", "庄家"), ("上家是指左边还是右边的对手？", "上家")])
def test_a_term_with_a_generic_noun_or_event_after_it_gets_its_definition(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


@pytest.mark.parametrize("question", ["对方叫到4♥，根本没人加倍，他们却又说了「再加倍」。这种叫品算什么？要怎么收尾？",
                                      "After a call out of rotation, if LHO calls, is the irregularity just accepted?"])
def test_how_a_told_case_counts_is_no_definition_question(corpus_searcher, question):
    result = corpus_searcher.ask(question)
    assert not (result.hits[0].law == 0 and result.confident)


# A later clause asking what a word named before it is, in a clause of its own or pointing back at it.
@pytest.mark.parametrize("question, term", [("上家刚才叫了再加倍，再加倍是啥？", "再加倍"),
                                            ("裁判最后给了我们一个调整分，这是什么东西", "调整分"),
                                            ("老听群里说局况局况的，到底指啥", "局况")])
def test_a_later_clause_asking_about_a_word_named_before_gets_its_definition(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


# A thing told, then asked whether that is what a word means; a call told with 就叫 is no such question.
@pytest.mark.parametrize("question, term", [("那手牌打完裁判给了双方一个分数，这就叫调整分吗", "调整分"),
                                            ("对方加倍了我们的4♥，同伴说可以再加倍，再加倍係咩嚟？", "再加倍"),
                                            ("對手係邊兩個人？同同伴有咩分別？", "对手"),
                                            ("We bid up to 4♥ and my partner played it. Which of us is declarer?", "庄家")])
def test_a_told_thing_asked_by_its_name_gets_the_definition(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


@pytest.mark.parametrize("question", ["上家开叫1NT，同伴就叫4♥吗？", "我是不是就叫3NT", "他就叫加倍了，我该怎么办"])
def test_a_call_told_with_jiu_jiao_is_no_definition_question(corpus_searcher, question):
    result = corpus_searcher.ask(question)
    assert not (result.hits[0].law == 0 and result.confident)


# Whether a thing counts as a word asks what the word is (the thing's own, when it is a word too); whether a told
# act counts as one asks the law.
@pytest.mark.parametrize("question, term", [("无将算不算一门花色？", "花色"), ("2♣问叫算不算约定？", "约定"),
                                            ("不叫本身算不算一种叫牌？", "不叫")])
def test_whether_a_thing_counts_as_a_word_gets_the_words_definition(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


@pytest.mark.parametrize("question, law", [("我手上还有引牌的花色，却用王牌吃了，这算不算藏牌", 61),
                                           ("要求我出最小的那门我根本没有，我随便垫一张算不算违规", 59)])
def test_whether_a_told_act_counts_as_a_word_still_names_its_missing_law(corpus_searcher, question, law):
    assert law in [a.law for a in corpus_searcher.ask(question).absent]


# Frames players use for a word's kinds, unit and people, and a word typed in pinyin or mistyped twice alike.
@pytest.mark.parametrize("question, term", [
    ("裁判给了调整分。调整分有哪几种？", "调整分"),
    ("比赛分成三节，节是什么单位？", "节"),
    ("群里说他垫了张降牌，降牌到底是什么牌？", "将牌"),
    ("cang pai 跟垫牌是一回事吗？", "藏牌"),
    ("Sorry, newbie here — who exactly are the defenders in a deal?", "防家"),
])
def test_more_ways_of_asking_what_a_word_is(corpus_searcher, question, term):
    first = corpus_searcher.ask(question).hits[0]
    assert (first.law, first.term) == (0, term)


# An English sentence asking what a word named before it is gets the definition; one asking for this auction's
# contract or which card to lead does not.
def test_a_later_english_sentence_asking_a_word_named_before_gets_its_definition(corpus_searcher):
    first = corpus_searcher.ask("We lost 7 IMPs on the last deal. What is an IMP?").hits[0]
    assert (first.law, first.term) == (0, "国际比赛分")


@pytest.mark.parametrize("question", ["Auction went 1S P P X P P P. LHO thought the contract was the double. What's the contract?",
                                      "Declarer required me to lead that suit. I'm void in it. What do I lead?"])
def test_a_later_english_sentence_about_this_board_is_no_definition_question(corpus_searcher, question):
    result = corpus_searcher.ask(question)
    assert not (result.hits[0].law == 0 and result.confident)
