"""The glossary bridges to words the rulebook really uses; English forms and fuzzy pinyin."""

import pytest

from bot.index import load_glossary
from bot.query import _english_forms, fuzzy_pinyin
from bot.rulebook import load


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
