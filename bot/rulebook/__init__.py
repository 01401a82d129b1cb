"""The rulebook: source texts → parse → build → the :class:`Rulebook` model, law references, rendering.

``builder`` (with ``sources`` and ``parse``) turns the verbatim sources and the reviewed corrections into
``corpus/rulebook.json``; everything else reads that file through :func:`load`. ``refs`` reads a law
reference in any usual form; ``render`` turns laws and definitions into text; ``db`` writes the rulebook
tables into SQLite. Depends only on :mod:`bot.base`.
"""

from bot.rulebook.model import (
    CORPUS_DIR,
    RULEBOOK_PATH,
    Clause,
    Definition,
    Law,
    Rulebook,
    clause_label,
    load,
    number_ranges,
    split_clause_id,
)
from bot.rulebook.refs import Reference, find_reference, parse_reference
from bot.rulebook.render import definition_text, law_text

__all__ = [
    "CORPUS_DIR", "RULEBOOK_PATH", "Clause", "Definition", "Law", "Rulebook", "clause_label", "load",
    "number_ranges", "split_clause_id", "Reference", "find_reference", "parse_reference",
    "definition_text", "law_text",
]
