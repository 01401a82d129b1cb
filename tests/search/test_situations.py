"""The situation index: reviewed data that points at real clauses, and its own column in the index."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.base.textnorm import normalize_query
from bot.rulebook.model import load
from bot.search.searcher import Searcher
from bot.search.situations import SituationsFileError, load_situations

BOOK = load()
SITUATIONS = load_situations()
CLAUSES = {c.id: c for law in BOOK.laws.values() for c in law.clauses}
LAWS = {str(n) for n in BOOK.laws}
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "rulebook_small.json"


def test_every_entry_points_at_a_clause_or_law_of_the_rulebook():
    assert [key for key in SITUATIONS.clauses if key not in CLAUSES and key not in LAWS] == []
    assert [key for key in SITUATIONS.skipped if key not in CLAUSES and key not in LAWS] == []


def test_every_term_entry_is_a_defined_term():
    terms = {normalize_query(d.term) for d in BOOK.definitions}
    assert [term for term in SITUATIONS.terms if term not in terms] == []


def test_every_clause_is_covered_or_skipped_with_a_reason():
    assert [cid for cid in CLAUSES if cid not in SITUATIONS.clauses and cid not in SITUATIONS.skipped] == []
    assert [cid for cid, reason in SITUATIONS.skipped.items() if len(reason) < 5] == []
    assert [cid for cid in SITUATIONS.skipped if cid in SITUATIONS.clauses] == []


def test_every_defined_term_has_situations():
    assert [d.term for d in BOOK.definitions if normalize_query(d.term) not in SITUATIONS.terms] == []


def _own_text(key: str) -> str:
    if key in CLAUSES:
        return normalize_query(CLAUSES[key].text)
    law = BOOK.law(int(key))
    return normalize_query(" ".join([law.intro, *(c.text for c in law.clauses)]))


def test_no_phrase_copies_the_clause_sentence():
    def squeeze(text: str) -> str:
        return "".join(text.split())

    copies = [(key, phrase) for key, phrases in SITUATIONS.clauses.items() for phrase in phrases
              if len(squeeze(phrase)) >= 8 and squeeze(phrase) in squeeze(_own_text(key))]
    assert copies == []


def test_phrases_are_normalised_and_distinct():
    for phrases in [*SITUATIONS.clauses.values(), *SITUATIONS.terms.values()]:
        assert len(set(phrases)) == len(phrases)
        assert all(p == normalize_query(p) for p in phrases)


@pytest.mark.parametrize(
    "content, message",
    [("clauses: {\"43A2a\": a phrase, not a list}\n", "43A2a must be a list"), ("- just a list\n", "expected a mapping")],
)
def test_a_malformed_file_is_named(tmp_path, content, message):
    (tmp_path / "laws.yaml").write_text(content, encoding="utf-8")
    with pytest.raises(SituationsFileError, match=message):
        load_situations(tmp_path)


def test_situations_are_searched_in_their_own_column(tmp_path):
    folder = tmp_path / "situations"
    folder.mkdir()
    (folder / "laws.yaml").write_text('clauses:\n  "43A2a":\n    - 两个人偷偷对一下彼此的底牌\n', encoding="utf-8")
    (folder / "absent_ignored.yaml").write_text("absent: []\n", encoding="utf-8")
    with_phrases = Searcher.open(FIXTURE, cache_dir=tmp_path / "a", situations=folder)
    without = Searcher.open(FIXTURE, cache_dir=tmp_path / "b", situations=tmp_path / "none")
    question = "他们偷偷对了一下底牌"
    assert (with_phrases.ask(question).hits[0].law, with_phrases.ask(question).hits[0].clause) == (43, "43A2a")
    assert "底牌" not in without.ask(question).hits[0].matched
