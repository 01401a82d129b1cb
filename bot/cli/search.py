"""`bridgebot` subcommands for the search area (registered by bot.cli.main): ``ask``, ``eval``, ``build``.

Heavy imports happen inside the commands, so ``bridgebot --help`` stays fast.
"""

from __future__ import annotations

import click

from bot.cli.common import check_length, emit_json, fail

ASK_EXAMPLE = "bridgebot ask 明手可以提醒庄家吗"
MAX_K = 10


def _open_searcher():
    from bot.search.searcher import Searcher

    try:
        return Searcher.open()
    except FileNotFoundError as err:
        fail(f"找不到规则文件 {err.filename}; 请先构建语料 (corpus/rulebook.json)。")


def _is_english(text: str) -> bool:
    return not any("\u4e00" <= ch <= "\u9fff" for ch in text) and any(ch.isalpha() for ch in text)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("-k", "k", default=3, show_default=True, help=f"How many hits (1–{MAX_K}).")
@click.argument("question", nargs=-1)
def ask(as_json: bool, k: int, question: tuple[str, ...]) -> None:
    """Find the law and clause that answer QUESTION (e.g. 明手可以提醒庄家吗, 罚张, 50D2)."""
    text = " ".join(question).strip()
    english = _is_english(text)
    if not text:
        fail("Please type a question, e.g. bridgebot ask \"what happens to a penalty card\"" if english
             else f"请输入问题, 例如: {ASK_EXAMPLE}")
    check_length(text, ASK_EXAMPLE)
    if not 1 <= k <= MAX_K:
        fail(f"-k must be between 1 and {MAX_K}, e.g. -k 3" if english else f"-k 应在 1 到 {MAX_K} 之间, 例如: -k 3")
    result = _open_searcher().ask(text, k=k)
    if as_json:
        emit_json(result.to_json())
        return
    if result.reference and not result.hits:
        fail(f"Law {result.reference.law} is not in this corpus." if english
             else f"第{result.reference.law}条不在本语料中。")
    if result.reference_error and not result.confident:
        fail(result.reference_error.message("en" if english else "zh"))
    click.echo(_render(result, english))


def _render(result, english: bool) -> str:
    from bot.rulebook.model import clause_label

    lines = []
    if not result.confident:
        lines.append("No good match found. The nearest articles:" if english else "没有找到很好的匹配。最接近的条文:")
    for hit in result.hits:
        if hit.law == 0:
            head = f"Definition: {hit.title}" if english else f"定义: {hit.title}"
        else:
            head = f"{clause_label(hit.clause or str(hit.law))} {hit.title}"
        lines.append(f"{head}  [{hit.score:.1f}]")
        lines.append(f"    {hit.snippet}")
    if not result.hits:
        lines.append("Try other words, or a law number like 50D2." if english else "请换个说法, 或直接输入条款编号, 例如: 第50条D款2")
    return "\n".join(lines)


@click.command(name="eval")
@click.option("--json", "as_json", is_flag=True, help="Print the metrics as JSON.")
@click.argument("file", type=click.Path(dir_okay=False))
def eval_command(as_json: bool, file: str) -> None:
    """Measure the search on a JSONL question file (one {"q", "laws", "clause"} per line)."""
    from bot.search.evaluation import EvalFileError, evaluate, read_questions

    try:
        rows = read_questions(file)
    except EvalFileError as err:
        fail(f"{err} — e.g. {{\"id\": \"q1\", \"q\": \"罚张\", \"laws\": [50], \"clause\": null}}")
    searcher = _open_searcher()
    report = evaluate(lambda q: searcher.ask(q).hits, rows)
    if as_json:
        emit_json(report.to_json(), one_line=True)
        return
    clause = "n/a" if report.clause_recall_at_1 is None else f"{report.clause_recall_at_1:.3f}"
    click.echo(f"questions        {report.n}")
    click.echo(f"law Recall@1     {report.law_recall_at_1:.3f}")
    click.echo(f"law Recall@3     {report.law_recall_at_3:.3f}")
    click.echo(f"law MRR          {report.law_mrr:.3f}")
    click.echo(f"clause Recall@1  {clause}")
    click.echo(f"latency p50/p99  {report.p50_ms:.2f} / {report.p99_ms:.2f} ms")
    click.echo("\nby kind               n    R@1    R@3    MRR  clause")
    for kind, m in report.by_kind.items():
        c = "   n/a" if m["clause_recall_at_1"] is None else f"{m['clause_recall_at_1']:6.3f}"
        click.echo(f"  {kind:<16}{m['n']:5d} {m['law_recall_at_1']:6.3f} {m['law_recall_at_3']:6.3f} "
                   f"{m['law_mrr']:6.3f} {c}")
    if report.misses:
        click.echo(f"\nmisses ({len(report.misses)}): id, expected law/clause, got top 3, question")
        for miss in report.misses:
            expected = f"{'/'.join(map(str, miss['laws']))}:{miss['clause'] or ''}"
            click.echo(f"  {miss['id']}  {expected:<10} {' '.join(miss['got']):<30} {miss['q']}")


@click.command()
def build() -> None:
    """Build (or check) the search index in the cache directory ($BRIDGEBOT_CACHE or ~/.cache/bridgebot)."""
    searcher = _open_searcher()
    docs = searcher.db.execute("SELECT count(*) FROM docs").fetchone()[0]
    words = searcher.db.execute("SELECT count(*) FROM vocab").fetchone()[0]
    click.echo(f"search index ready: {docs} documents, {words} words")


COMMANDS: list = [ask, eval_command, build]
