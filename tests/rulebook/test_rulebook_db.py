"""The rulebook's SQLite tables: what a director can query."""

import sqlite_utils

from bot.rulebook.model import load
from bot.rulebook.db import write_rulebook_tables


def test_tables_hold_the_whole_rulebook_and_can_be_rewritten():
    db = sqlite_utils.Database(memory=True)
    book = load()
    write_rulebook_tables(db, book)
    write_rulebook_tables(db, book)  # safe to re-run
    assert db["laws"].count == len(book.laws)
    assert db["clauses"].count == sum(len(law.clauses) for law in book.laws.values())
    assert db["definitions"].count == len(book.definitions)
    row = db["clauses"].get("50D2")
    assert (row["law"], row["depth"], row["title"]) == (50, 2, "违规者同伴引牌时")


def test_refs_mark_targets_outside_the_corpus():
    db = sqlite_utils.Database(memory=True)
    write_rulebook_tables(db, load())
    missing = {r["target"] for r in db.query("select target from refs where missing = 1")}
    present = {r["target"] for r in db.query("select target from refs where missing = 0")}
    assert "54A" in missing and "90" in missing
    assert "16A" in present and "77" in present


def test_the_search_index_database_carries_the_rulebook_tables():
    from bot.search.searcher import Searcher

    # the test session's own index (built once per session in its private cache)
    searcher = Searcher.open()
    assert searcher.ask("罚张").hits
    path = next(row[2] for row in searcher.db.execute("PRAGMA database_list") if row[1] == "main")
    searcher.close()
    db = sqlite_utils.Database(path)
    assert {"laws", "clauses", "definitions", "refs", "docs"} <= set(db.table_names())
    assert db["clauses"].get("50D2")["title"] == "违规者同伴引牌时"
