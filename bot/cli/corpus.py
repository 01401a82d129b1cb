"""`bridgebot` subcommands for the corpus: ``law``, ``define``, ``export``, ``build``."""

from __future__ import annotations

import click

from bot.cli.common import check_length, emit_json, fail


def _clause_json(clause) -> dict:
    return {"id": clause.id, "label": clause.label, "title": clause.title, "text": clause.text,
            "refs": list(clause.refs), "notes": list(clause.notes)}


@click.command("law")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.argument("ref", nargs=-1, required=True)
def law_command(ref: tuple[str, ...], as_json: bool) -> None:
    """Show one law or one clause: 50, 50D2, 第50条D款2, 第五十条, law 50, L50D2."""
    from bot.rulebook.refs import ReferenceInputError, parse_reference
    from bot.rulebook.render import law_text
    from bot.rulebook.model import load, number_ranges

    text = " ".join(ref).strip()
    check_length(text, "bridgebot law 50D2")
    try:
        reference = parse_reference(text)
    except ReferenceInputError as exc:
        fail(exc.message_zh)
    if reference is None:
        fail(f"“{text[:40]}”不是条文编号。例如: bridgebot law 50D2 或 bridgebot law 第50条" if text
             else "请给出条文编号。例如: bridgebot law 50D2 或 bridgebot law 第50条")
    book = load()
    law = book.law(reference.law)
    if law is None:
        fail(f"第{reference.law}条不在本语料中(本语料收录: 第{number_ranges(book.numbers)}条)。")
    if reference.clause and law.clause(reference.clause) is None:
        ids = ", ".join(c.id for c in law.clauses) or "(本条不分款)"
        fail(f"第{law.number}条没有 {reference.clause} 这一款项。本条的款项: {ids}")
    if as_json:
        clauses = law.subtree(reference.clause) if reference.clause else law.clauses
        emit_json({"number": law.number, "title": law.title, "chapter": law.chapter,
                   "clause": reference.clause, "complete": law.complete,
                   "intro": "" if reference.clause else law.intro,
                   "clauses": [_clause_json(c) for c in clauses],
                   "text": law_text(law, reference.clause), "sources": list(law.sources)})
        return
    click.echo(law_text(law, reference.clause))


@click.command("define")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.argument("term", nargs=-1, required=True)
def define_command(term: tuple[str, ...], as_json: bool) -> None:
    """Show a definition of 第一章 by Chinese or English term: 明手, dummy, 线位墩数."""
    from bot.rulebook.render import definition_text
    from bot.rulebook.model import load
    from bot.base.textnorm import to_halfwidth, to_simplified

    wanted = to_simplified(to_halfwidth(" ".join(term))).strip()
    check_length(wanted, "bridgebot define 明手")
    book = load()
    found = book.definition(wanted)
    if found is None:
        from rapidfuzz import process

        names = [d.term for d in book.definitions] + [d.en for d in book.definitions if d.en]
        near = [name for name, score, _ in process.extract(wanted, names, limit=3) if score >= 50]
        hint = f" 您是不是要找: {'、'.join(near)}?" if near else ""
        fail(f"定义中没有“{wanted[:40]}”。{hint} 例如: bridgebot define 明手")
    if as_json:
        emit_json({"term": found.term, "en": found.en, "text": found.text, "refs": list(found.refs)})
        return
    click.echo(definition_text(found))


@click.command("export")
@click.option("--json", "as_json", is_flag=True, required=True, help="The whole rulebook as one JSON document.")
def export_command(as_json: bool) -> None:
    """Print the whole canonical rulebook as one JSON document."""
    from bot.rulebook.model import RULEBOOK_PATH

    click.echo(RULEBOOK_PATH.read_text(encoding="utf-8"), nl=False)


@click.command("build-corpus")
@click.option("--check", is_flag=True, help="Only check that the committed rulebook is up to date.")
def build_command(check: bool) -> None:
    """Rebuild corpus/rulebook.json and rulebook.md from corpus/sources and corrections."""
    from bot.rulebook.builder import BuildPaths, build, to_json, write
    from bot.rulebook.parse import StructureError
    from bot.rulebook.sources import CorrectionError

    paths = BuildPaths()
    try:
        if check:
            fresh = to_json(build(paths))
            if fresh != paths.json.read_text(encoding="utf-8"):
                fail("corpus/rulebook.json is out of date: run `bridgebot build`.")
            click.echo("rulebook is up to date")
            return
        document = write(paths)
    except (CorrectionError, StructureError) as exc:
        fail(str(exc))
    click.echo(f"wrote {paths.json} and {paths.markdown}: {len(document['laws'])} laws, "
               f"{len(document['definitions'])} definitions")


COMMANDS = [law_command, define_command, export_command, build_command]
