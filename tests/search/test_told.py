"""The retold real questions (corpus/situations/told): labelled from the corpus, every page listed, and no
evaluation set written from any of those pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.rulebook.model import load
from bot.search.missing import load_topics
from bot.search.told import ToldFileError, load_told, page_key, sources, told_rows

SETS = Path(__file__).resolve().parents[2] / "bench" / "sets"


def test_there_are_retold_questions_in_several_languages_and_lengths():
    rows = load_told()
    assert len(rows) >= 100
    assert {row["lang"] for row in rows} == {"en", "zh", "zh-hant"}
    assert any(len(row["q"]) > 150 for row in rows) and any(len(row["q"]) <= 40 for row in rows)


def test_every_label_is_a_clause_of_the_corpus_or_a_law_it_lacks():
    rulebook = load()
    clauses = {c.id for law in rulebook.laws.values() for c in law.clauses} | {str(n) for n in rulebook.laws}
    missing = {t.law for t in load_topics()}
    for row in told_rows(set(rulebook.laws)):
        law = row["laws"][0]
        if law == 0:
            continue
        if row["in_corpus"]:
            assert not row["clause"] or row["clause"] in clauses, row["id"]
        else:
            assert law in missing, row["id"]


def test_every_page_is_listed_once_and_every_entry_cites_a_listed_page():
    listed = sources()
    assert listed == sorted(set(listed))
    assert {row["source"] for row in load_told()} <= set(listed)


def test_no_evaluation_set_was_written_from_a_page_or_thread_the_training_data_used():
    listed = {page_key(address) for address in sources()}
    for path in sorted(SETS.glob("*.jsonl")):
        with open(path, encoding="utf-8") as fh:
            pages = {json.loads(line).get("source") or "" for line in fh if line.strip()}
        shared = {page_key(p) for p in pages if p.startswith("http")} & listed
        assert not shared, f"{path.name} shares pages with corpus/situations/SOURCES.txt: {sorted(shared)[:3]}"


@pytest.mark.parametrize("one, other", [
    ("https://www1.dal09.sl.bridgebase.com/forums/topic/91198-one-board-above-another/page__view__new",
     "https://www1.dal13.sl.bridgebase.com/forums/topic/91198-one-board-above-another"),
    ("https://forums.ebu.co.uk/discussion/440/x", "http://www.ebu.co.uk/discussion/440"),
    ("http://www.example.org/rulings/", "https://example.org/rulings#top")])
def test_mirrors_of_one_thread_are_one_page(one, other):
    assert page_key(one) == page_key(other)
    assert page_key(one) != page_key("https://www1.dal09.sl.bridgebase.com/forums/topic/91199-another")


def test_a_malformed_entry_is_named(tmp_path):
    (tmp_path / "bad.yaml").write_text("told:\n  - law: 50\n    lang: en\n", encoding="utf-8")
    with pytest.raises(ToldFileError, match="bad.yaml: entry 1"):
        load_told(tmp_path)
