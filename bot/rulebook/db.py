"""Load the canonical rulebook into SQLite tables (sqlite-utils): laws, clauses, definitions, refs.

The search index is built in the same database file; these tables are its structured store and
what a director can query with any SQLite tool (``sqlite-utils query``)."""

from __future__ import annotations

import sqlite_utils

from bot.rulebook.model import Rulebook, split_clause_id


def write_rulebook_tables(db: sqlite_utils.Database, book: Rulebook) -> None:
    """(Re)create the tables ``laws``, ``clauses``, ``definitions`` and ``refs`` from ``book``.

    ``refs`` has one row per cross-reference: where it stands (``source``), its target clause id
    (``target``), the target's law, and ``missing`` = 1 when that law is not in the corpus."""
    for table in ("refs", "clauses", "definitions", "laws"):
        db[table].drop(ignore=True)
    db["laws"].insert_all(
        ({"number": law.number, "title": law.title, "chapter": law.chapter, "part": law.part,
          "section": law.section, "intro": law.intro, "appendix": law.appendix,
          "complete": int(law.complete), "sources": ",".join(law.sources)}
         for law in book.laws.values()),
        pk="number",
    )
    db["clauses"].insert_all(
        ({"id": c.id, "law": c.law, "depth": c.depth, "position": i, "title": c.title, "text": c.text,
          "notes": "\n".join(c.notes)}
         for law in book.laws.values() for i, c in enumerate(law.clauses)),
        pk="id",
        foreign_keys=[("law", "laws", "number")],
    )
    db["definitions"].insert_all(
        ({"term": d.term, "en": d.en, "text": d.text} for d in book.definitions), pk="term"
    )
    rows = []
    for law in book.laws.values():
        rows += [(str(law.number), ref) for ref in law.refs]
        rows += [(c.id, ref) for c in law.clauses for ref in c.refs]
    rows += [(d.term, ref) for d in book.definitions for ref in d.refs]
    db["refs"].insert_all(
        ({"source": source, "target": target, "target_law": split_clause_id(target)[0],
          "missing": int(split_clause_id(target)[0] not in book.laws)} for source, target in rows),
        pk=("source", "target"),
    )
