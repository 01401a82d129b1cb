"""Excerpts of the real rulebook: a clause reads right on its own, and the law text is never rewritten."""

from __future__ import annotations

import pytest

from bot.rulebook.excerpt import BUDGET, clause_excerpt, compact_line, defining_clauses, is_one_of_a_set, law_excerpt
from bot.rulebook.model import load
from bot.rulebook.render import law_text

BOOK = load()
CLAUSES = [(law, c) for law in BOOK.laws.values() for c in law.clauses]


def test_70c1_shows_the_stem_of_70c_and_the_other_conditions():
    excerpt = clause_excerpt(BOOK.law(70), "70C1")
    assert excerpt.text == (
        "第70条C款1 有争议的声称\n"
        "C. 外面还有一张将牌\n"
        "  当某对手手中尚持有一张将牌时，裁判应根据以下情况给对方一墩或数墩：\n"
        "  1. 未提及将牌\n"
        "    声称者未说明该将牌，且\n"
        "  2. 可能未察觉将牌\n"
        "  3. 该将牌上可能失墩"
    )
    assert excerpt.complete


def test_43b2a_comes_with_the_condition_that_governs_it():
    text = clause_excerpt(BOOK.law(43), "43B2a").text
    assert "明手有违反了上述A款2所列的限制后，如果他再有下列各种行为发生时，即：" in text
    assert text.index("即：") < text.index("明手提示庄家不要从错误方位引牌")
    assert text.endswith("(b) 询问庄家出牌是否违规")


def test_a_clause_that_is_no_condition_stands_without_its_siblings():
    text = clause_excerpt(BOOK.law(50), "50D2").text
    assert "1. 违规者打牌时" not in text
    assert not is_one_of_a_set(BOOK.law(50), BOOK.law(50).clause("50D2"))


@pytest.mark.parametrize("law, clause", CLAUSES, ids=[c.id for _, c in CLAUSES])
def test_every_excerpt_quotes_the_law_and_fits_a_phone_unless_the_clause_is_longer(law, clause):
    excerpt = clause_excerpt(law, clause.id)
    heading, *lines = excerpt.text.split("\n")
    assert heading == f"{clause.label} {law.title}"
    whole = law_text(law)
    own = law_text(law, clause.id).split("\n")[1:]
    for line in lines:
        # Every line is the rulebook's own: a line of the law's text, or a clause's marker and title.
        assert line in whole or line.strip() in {compact_line(c) for c in law.clauses}, line
    stripped = [line.strip() for line in lines]
    assert all(line.strip() in stripped for line in own)   # the clause itself, whole
    if len(excerpt.text) > BUDGET:
        # Over the budget only by the clause and the stems above it: no sibling titles were added.
        assert len(lines) == len(own) + clause.depth - 1


def test_what_a_penalty_card_is_the_stem_of_law_50_and_50b():
    law = BOOK.law(50)
    focus = defining_clauses(law, "罚张")
    assert focus == ("", "50B")
    excerpt = law_excerpt(law, focus)
    assert excerpt.text.startswith("第50条 罚张的处理\n防家过早暴露")
    assert "即成为轻罚张" in excerpt.text and "A. 罚张须保持暴露状态" in excerpt.text
    assert "重罚张必须于第一次合法机会打出" not in excerpt.text
    assert len(excerpt.text) <= BUDGET and not excerpt.complete


def test_law_outline_keeps_within_the_budget():
    for law in BOOK.laws.values():
        outline = law_excerpt(law)
        assert len(outline.text) <= max(BUDGET, len(law.intro) + len(law.title) + 20)


def test_a_missing_clause_is_a_key_error():
    with pytest.raises(KeyError):
        clause_excerpt(BOOK.law(50), "50Z")


@pytest.mark.parametrize("words, shown, left_out", [
    (("小满贯", "奖分"), "小满贯(12墩)     500   750", "有局再加倍"),
    (("有局", "加倍", "宕", "罚"), "有局加倍      200    300    300          300", "大满贯(13墩)"),   # 加倍 is in every table
    (("无将", "第一墩"), "无将 第一墩        40    80     160", "小满贯(12墩)"),
])
def test_a_table_law_shows_the_table_the_question_is_about(words, shown, left_out):
    # Law 77 is one long text of four tables (墩分, 超墩, 奖分, 宕墩罚分): a phone gets the one asked about
    law = BOOK.law(77)
    excerpt = law_excerpt(law, words=words)
    assert shown in excerpt.text and left_out not in excerpt.text and not excerpt.complete
    assert all(heading in excerpt.text.split("\n") for heading in ("墩分：", "超墩：", "奖分：", "宕墩罚分："))
    assert set(excerpt.text.split("\n")[1:]) <= set(law.intro.split("\n"))   # the law's own lines, none rewritten


def test_a_table_law_is_whole_when_no_table_stands_out():
    law = BOOK.law(77)
    assert law_excerpt(law, words=("加倍",)).text == law_excerpt(law).text   # in every table
    assert law_excerpt(law, words=("飞机",)).complete == law_excerpt(law).complete
