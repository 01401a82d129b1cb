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
    searcher = _open_searcher()
    result = searcher.ask(text, k=k)
    if as_json:
        emit_json({**result.to_json(), "shown": _shown(searcher, result, text)})
        return
    if result.reference and not result.hits:
        fail(f"Law {result.reference.law} is not in this corpus." if english
             else f"第{result.reference.law}条不在本语料中。")
    if result.reference_error and not result.confident:
        fail(result.reference_error.message("en" if english else "zh"))
    click.echo(_render(result, english))


def _shown(searcher, result, text: str) -> str:
    """What the chat shows for ``result`` (answer, likely, choices, clarify, absent, none): the chat's own decision."""
    from bot.chat.answers.search import shown
    from bot.chat.services import Services

    return shown(Services.for_search(searcher), result, text)


def _render(result, english: bool) -> str:
    from bot.rulebook.model import clause_label

    lang = "en" if english else "zh"
    lines = [law.note(lang) for law in result.absent]
    if result.ambiguous:
        a = result.ambiguous
        lines.append(a.question_en if english else a.question_zh)
        for option in a.options:
            label = option.label_en if english else option.label_zh
            lines.append(f"  {label}: {clause_label(option.hit.clause or str(option.hit.law))} {option.hit.title}")
    if result.likely:
        lines.append("Most likely:" if english else "最可能相关:")
    elif not result.confident:
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
    report = evaluate(searcher.ask, rows)
    if as_json:
        emit_json(report.to_json(), one_line=True)
        return
    click.echo(f"questions        {report.n} ({report.in_corpus} about laws in the corpus, "
               f"{report.absent_rows} about missing laws)")
    click.echo(f"law Recall@1     {_fig(report.law_recall_at_1)}   (law and clause figures: in-corpus questions only)")
    click.echo(f"law Recall@3     {_fig(report.law_recall_at_3)}")
    click.echo(f"law MRR          {_fig(report.law_mrr)}")
    click.echo(f"clause Recall@1  {_fig(report.clause_recall_at_1)}")
    click.echo(f"confident        {_fig(report.confident_share)} of answers, precision {_fig(report.confident_precision)}")
    click.echo(f"absent laws      recall {_fig(report.absent_recall)}, false alarms {_fig(report.false_alarms)}")
    click.echo(f"all right        {_fig(report.right)}   (rank 1, or the missing law recognised)")
    click.echo(f"latency p50/p99  {report.p50_ms:.2f} / {report.p99_ms:.2f} ms")
    click.echo("\nby kind               n    R@1    R@3    MRR  clause  conf.P  absent  alarms")
    for kind, m in report.by_kind.items():
        click.echo(f"  {kind:<16}{m['n']:5d} {_fig(m['law_recall_at_1'], 6)} {_fig(m['law_recall_at_3'], 6)} "
                   f"{_fig(m['law_mrr'], 6)} {_fig(m['clause_recall_at_1'], 6)}  {_fig(m['confident_precision'], 6)}"
                   f"  {_fig(m['absent_recall'], 6)}  {_fig(m['false_alarms'], 6)}")
    if report.misses:
        click.echo(f"\nmisses ({len(report.misses)}): id, expected law/clause, got top 3 [absent] (* confident), question")
        for miss in report.misses:
            expected = f"{'/'.join(map(str, miss['laws']))}:{miss['clause'] or ''}"
            if not miss["in_corpus"]:
                expected += " (absent)"
            got = " ".join(miss["got"]) + (f" [{','.join(map(str, miss['absent']))}]" if miss["absent"] else "")
            star = "*" if miss["confident"] else " "
            click.echo(f"  {miss['id']}  {expected:<10} {got:<30}{star} {miss['q']}")


def _read_sets(paths) -> list[dict]:
    """Every question of the files at ``paths``; a bad file ends the command with its line and why."""
    from bot.search.evaluation import EvalFileError, read_questions

    rows = []
    for path in paths:
        try:
            rows += read_questions(path)
        except EvalFileError as err:
            fail(str(err))
    return rows


def _training_rows(files: tuple[str, ...]) -> tuple[tuple, list[dict]]:
    """The question files to train on and their rows: FILES, or by default the train sets and the retold real
    questions (``corpus/situations/told``, :mod:`bot.search.told`)."""
    from pathlib import Path

    from bot.rulebook.model import load
    from bot.search.told import told_rows

    paths = files or tuple(p for p in DEFAULT_TRAINING_SETS if Path(p).exists())
    rows = _read_sets(paths)
    if not files:
        rows += told_rows(set(load().laws))
    return paths, rows


def _fig(value: float | None, width: int = 5) -> str:
    return "n/a".rjust(width) if value is None else f"{value:.3f}".rjust(width)


# questions as real players tell them, for the likely threshold (bench/sets/README.md: real_dev)
DEFAULT_CALIBRATION_SET = "bench/sets/real_dev.jsonl"
# the sets the committed model was fitted on (bench/sets/README.md: role "train")
DEFAULT_TRAINING_SETS = ("../shared/eval/dev_questions.jsonl", "bench/sets/own_questions.jsonl",
                         *(f"bench/sets/heldout_{letter}.jsonl" for letter in "abcdefgh"))
# the dev sets train-classifier reports its accuracy on (never fitted on)
DEFAULT_DEV_SETS = ("bench/sets/real_dev.jsonl", "bench/sets/mix_dev.jsonl", "bench/sets/heldout_i.jsonl",
                    "bench/sets/heldout_j.jsonl")


@click.command(name="train-ranker")
@click.option("-k", "folds", default=5, show_default=True, help="Cross-validation folds (2–10).")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Where to write the model (default: bot/search/ranker.json).")
@click.option("--dry-run", is_flag=True, help="Cross-validate and print, but do not write the model.")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
def train_ranker(folds: int, out: str | None, dry_run: bool, files: tuple[str, ...]) -> None:
    """Train the ranking and confidence model on question FILES (JSONL; default: the repository's sets),
    printing each cross-validation fold's figures, and write it to bot/search/ranker.json."""
    import json
    from pathlib import Path

    from bot.search import training
    from bot.search.ranker import WEIGHTS_PATH, RankerModel
    from bot.search.searcher import Searcher

    if not 2 <= folds <= 10:
        fail("-k must be between 2 and 10, e.g. -k 5")
    paths, rows = _training_rows(files)
    if not rows:
        fail("no question files found; give them as arguments, e.g. bridgebot train-ranker bench/sets/heldout_a.jsonl")
    in_corpus = sum(1 for row in rows if row.get("in_corpus", True) and any(law for law in row["laws"]))
    if in_corpus < 2 * folds:
        fail(f"{folds}-fold cross-validation needs at least {2 * folds} questions about laws in the corpus "
             f"(these files hold {in_corpus}); give more files, or fewer folds, e.g. -k 2")
    click.echo(f"training on {len(rows)} questions from {len(paths)} files{'' if files else ' and the retold ones'}, "
               f"{folds}-fold cross-validation")
    base = Searcher.open(model=RankerModel({}))

    classifier = _held_out_classifier(rows)

    def factory(model):
        # the classifier is fitted on these very questions: each is read by a fold's classifier that never
        # saw it, so that the confidence model learns how far to trust it on a new question (docs/search.md)
        return Searcher(base.rulebook, base.db, base.segmenter, base.lexicon, model or RankerModel({"bm25": 1.0}),
                        classifier=classifier)

    report = training.train(factory, rows, k=folds, log=click.echo)
    t = report.totals
    click.echo(f"cross-validated: law R@1 {t['law_recall_at_1']:.3f}  R@3 {t['law_recall_at_3']:.3f}  "
               f"clause R@1 {_fig(t['clause_recall_at_1'])}")
    click.echo(f"confidence: threshold {report.model.threshold:.3f} → {t['confident_share']:.3f} of ranked answers "
               f"confident, cross-validated precision {t['confident_precision']}; missing laws' phrases answered "
               f"confidently {t['confident_on_absent']}; precision with a quarter of questions about missing laws "
               f"{t['confident_precision_mixed']} (share at other aims: "
               + ", ".join(f"{aim} → {share:.3f}" for aim, share in t["share_at"].items()) + ")")
    a = report.absent
    click.echo(f"missing laws (leave-one-phrase-out, {a['phrases']} phrases): detected {a['detected']:.3f}, "
               f"naming the right law {a['right_law']:.3f}; false alarms: corpus phrases {a['false_alarms_phrases']:.3f}, "
               f"questions {a['false_alarms_questions']:.3f}; still answered confidently {a['confident']:.3f}; "
               f"threshold {report.model.absent.threshold:.3f}, a law the question names reported at "
               f"p ≥ {a['named_floor']:.1f}")
    if a.get("questions"):
        click.echo(f"the sets' {a['questions']} questions about missing laws (out of fold): detected "
                   f"{a['detected_questions']:.3f}, naming the right law {a['right_law_questions']:.3f}")
    model = report.model
    click.echo("weights: " + ", ".join(f"{k} {v:+.2f}" for k, v in model.weights.items()))
    if not dry_run:
        target = Path(out) if out else WEIGHTS_PATH
        target.write_text(json.dumps(model.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        click.echo(f"wrote {target}; the likely threshold is reset: run bridgebot calibrate-likely next")


def _held_out_classifier(rows: list[dict]):
    """The committed law classifier, reading each of ``rows`` out of fold (None when none is trained)."""
    from bot.search import classifier_training as ct
    from bot.search.law_classifier import load_classifier

    classifier = load_classifier()
    if classifier is None:
        return None
    click.echo("reading the questions with the law classifier out of fold …")
    return ct.HeldOutReadings(classifier, ct.out_of_fold(rows))


@click.command(name="calibrate-likely")
@click.option("--aim", default=0.85, show_default=True, help="How often a likely quote must be right (0.5–0.99).")
@click.option("--dry-run", is_flag=True, help="Print the threshold, but do not write it into the model.")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
def calibrate_likely(aim: float, dry_run: bool, files: tuple[str, ...]) -> None:
    """Set the probability from which an unsure answer is quoted as the likely clause, on question FILES as
    real players tell them (default: bench/sets/real_dev.jsonl), and write it into bot/search/ranker.json."""
    import json
    from pathlib import Path

    from bot.search.calibration import likely_threshold, precision_at, quote_candidates
    from bot.search.ranker import WEIGHTS_PATH

    if not 0.5 <= aim <= 0.99:
        fail("--aim must be between 0.5 and 0.99, e.g. --aim 0.85")
    paths = files or (DEFAULT_CALIBRATION_SET,)
    rows = _read_sets(paths)
    pairs = quote_candidates(_open_searcher().ask, rows)
    threshold = likely_threshold(pairs, aim)
    n, precision = precision_at(pairs, threshold)
    click.echo(f"{len(rows)} questions, {len(pairs)} unsure answers that could be quoted; likely from p ≥ "
               f"{threshold:.4f}: {n} quoted, right {precision if precision is not None else 'n/a'}")
    if not dry_run:
        model = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
        model["confidence"]["likely"] = round(threshold, 4)
        WEIGHTS_PATH.write_text(json.dumps(model, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        click.echo(f"wrote {Path(WEIGHTS_PATH)}")


@click.command(name="train-classifier")
@click.option("--dry-run", is_flag=True, help="Fit and print the dev sets' accuracy, but do not write the model.")
@click.option("--prior-weight", default=None, type=float, help="The weight of log p(law) in the rank stage.")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
def train_classifier(dry_run: bool, prior_weight: float | None, files: tuple[str, ...]) -> None:
    """Fit the law classifier on the corpus's situation phrases and question FILES (default: the train sets),
    print its accuracy on the dev sets, and write bot/search/law_classifier.json.gz — and the missing-law classifier
    (which law the corpus lacks a question is about), absent_classifier.json.gz."""
    from pathlib import Path

    from bot.rulebook.model import load
    from bot.search import classifier_training as ct
    from bot.search.law_classifier import ABSENT_MODEL_PATH, MODEL_PATH, save_classifier

    paths, rows = _training_rows(files)
    examples = ct.corpus_examples() + ct.question_examples(rows)
    laws = {law for _, law in examples}
    if len(laws) < 2:
        fail("the classifier needs questions about at least two laws, e.g. bridgebot train-classifier "
             "bench/sets/heldout_a.jsonl")
    click.echo(f"fitting on {len(examples)} examples ({len(laws)} classes) from the situations and {len(paths)} files")
    classifier = ct.fit(examples, ct.PRIOR_WEIGHT if prior_weight is None else prior_weight)
    kept = int((classifier.weights != 0).sum())
    click.echo(f"{sum(len(v) for v in classifier.vocabularies)} features, {kept} weights kept (|w| ≥ {ct.PRUNE})")
    for dev in DEFAULT_DEV_SETS:
        if Path(dev).exists():
            share, n = ct.accuracy(classifier, _read_sets((dev,)))
            click.echo(f"  {Path(dev).name}: law first for {share:.3f} of {n}")
    absent = ct.fit(ct.absent_examples(rows, set(load().laws)), 0.0)
    for dev in DEFAULT_DEV_SETS:
        if Path(dev).exists():
            dev_rows = [r for r in _read_sets((dev,)) if r.get("in_corpus") is False]
            share, n = ct.accuracy(absent, [{**r, "in_corpus": True} for r in dev_rows])
            click.echo(f"  {Path(dev).name}: the missing law first for {share:.3f} of {n} questions about one")
    if not dry_run:
        save_classifier(classifier, MODEL_PATH)
        save_classifier(absent, ABSENT_MODEL_PATH)
        click.echo(f"wrote {MODEL_PATH} and {ABSENT_MODEL_PATH.name}")


@click.command()
def build() -> None:
    """Build (or check) the search index in the cache directory ($BRIDGEBOT_CACHE or ~/.cache/bridgebot)."""
    searcher = _open_searcher()
    docs = searcher.db.execute("SELECT count(*) FROM docs").fetchone()[0]
    words = searcher.db.execute("SELECT count(*) FROM vocab").fetchone()[0]
    click.echo(f"search index ready: {docs} documents, {words} words")


COMMANDS: list = [ask, eval_command, build, train_ranker, calibrate_likely, train_classifier]
