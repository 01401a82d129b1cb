"""Search benchmark: this search against the previous release's search and rank-bm25, same sets, one run.

Run: ``.venv/bin/python bench/search_bench.py [--min-chars N] [QUESTIONS.jsonl …]`` (or ``make bench``); with
no file, every training set of the repository (the dev set, own, held-out a–h), each on its own and all
together; ``--min-chars 150`` keeps only the questions longer than that (told stories).

- **search**: ``bot.search.Searcher`` of this tree (situation index, learned ranker, calibrated
  confidence, missing-law detection).
- **previous**: the release before this round (commit :data:`PREVIOUS`), checked out with
  ``git worktree add`` into a temporary folder and run in a child process (it is the same
  ``bot`` package, so it cannot share this process); its missing-law report is its own
  (``absent``, or for older releases ``topics_not_in_corpus``).  Skipped, with a note, when the git history is not there.
- **bm25-jieba**: ``rank_bm25.BM25Okapi`` over the same documents, tokenised with jieba's own
  dictionary in search mode, question tokenised the same way (no confidence, no missing laws).

All are measured by the same code (``bot/search/evaluation.py``, which imports nothing of the
project): law R@1/R@3 and clause R@1 over in-corpus questions, confident precision, missing-law
recall and false alarms, warm latency p50/p99.  Then the cold start of ``bridgebot ask 罚张``
(warm index cache) and its peak RSS, for this tree and the previous one.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PREVIOUS = "643e96b"  # version 2's end (2026-12-01), before this round's issues
SETS_DIR = ROOT / "bench" / "sets"
# the sets the committed model was fitted on (bench/sets/README.md: role "train")
SETS = [ROOT.parent / "shared" / "eval" / "dev_questions.jsonl", SETS_DIR / "own_questions.jsonl",
        *(SETS_DIR / f"heldout_{letter}.jsonl" for letter in "abcdefgh")]
COLD_RUNS = 5
EVALUATION = ROOT / "bot" / "search" / "evaluation.py"
_PIECES = re.compile(r"[\s\"'“”‘’「」()（）,，.。!！?？:：;；、\-—]+")
COLUMNS = ("law_recall_at_1", "law_recall_at_3", "clause_recall_at_1", "confident_precision", "absent_recall",
           "false_alarms", "p50_ms", "p99_ms")
HEAD = ("R@1", "R@3", "clause", "conf.P", "absent", "alarms", "p50 ms", "p99 ms")

# Run in a child process inside the previous release's worktree: its Searcher, this tree's
# evaluation module (stdlib only), one JSON report per question file on stdout.
_CHILD = r"""
import importlib.util, json, sys
tree, evaluation, files = sys.argv[1], sys.argv[2], sys.argv[3:]
sys.path.insert(0, tree)
spec = importlib.util.spec_from_file_location("bench_evaluation", evaluation)
ev = importlib.util.module_from_spec(spec); sys.modules[spec.name] = ev; spec.loader.exec_module(ev)
from bot.search.searcher import Searcher
from bot.base.textnorm import normalize_query
try:
    from bot.search.absent import topics_not_in_corpus
except ImportError:
    topics_not_in_corpus = None
searcher = Searcher.open()

class Result:
    def __init__(self, question):
        found = searcher.ask(question)
        self.hits, self.confident = found.hits, found.confident
        # the search's own missing-law report when it has one (this round's releases), else the old note
        self.absent = list(getattr(found, "absent", None) or [])
        if not hasattr(found, "absent") and topics_not_in_corpus is not None:
            self.absent = [type("A", (), {"law": n}) for t in topics_not_in_corpus(normalize_query(question), searcher.rulebook) for n in t.laws]

for path in files:
    print(json.dumps(ev.evaluate(Result, ev.read_questions(path)).to_json()))
"""


@dataclass(frozen=True)
class _Hit:
    law: int
    clause: str | None
    term: str | None


def _evaluation():
    spec = importlib.util.spec_from_file_location("bench_evaluation", EVALUATION)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _distinct_laws(ranked_docs, k: int = 3) -> list[_Hit]:
    hits, seen = [], set()
    for doc in ranked_docs:
        key = doc["law"] or doc["term"]
        if key not in seen:
            seen.add(key)
            hits.append(_Hit(doc["law"], doc["clause"], doc["term"]))
        if len(hits) == k:
            break
    return hits


def bm25_baseline():
    """``ask(question) -> hits`` by BM25 (rank_bm25) over jieba search-mode tokens of the rulebook's rows."""
    import jieba
    from rank_bm25 import BM25Okapi

    from bot.base.textnorm import normalize_query
    from bot.rulebook.model import load
    from bot.search.index import documents

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    docs = documents(load())

    def tokens(text: str) -> list[str]:
        return [t for t in tokenizer.cut_for_search(text) if t.strip() and not _PIECES.fullmatch(t)]

    bm25 = BM25Okapi([tokens(normalize_query(" ".join([d["title_words"], d["text"]]))) for d in docs])

    def ask(question: str) -> list[_Hit]:
        scores = bm25.get_scores(tokens(normalize_query(question)))
        order = sorted(range(len(docs)), key=lambda i: scores[i], reverse=True)
        return _distinct_laws(docs[i] for i in order if scores[i] > 0)

    return ask


def previous_release(files: list[Path]) -> tuple[list[dict] | None, dict | None, str]:
    """The previous release's reports on ``files`` and its cold start, from a git worktree; or a note why not."""
    tree = Path(tempfile.mkdtemp(prefix="bridgebot-prev-")) / "tree"
    added = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), PREVIOUS],
                           capture_output=True, text=True)
    if added.returncode:
        return None, None, f"previous release {PREVIOUS} not available ({added.stderr.strip().splitlines()[-1:]})"
    try:
        env = {**os.environ, "BRIDGEBOT_CACHE": str(tree.parent / "cache")}
        run = subprocess.run([sys.executable, "-W", "ignore", "-c", _CHILD, str(tree), str(EVALUATION), *map(str, files)],
                             capture_output=True, text=True, env=env, cwd=tree)
        if run.returncode:
            return None, None, f"previous release failed: {run.stderr.strip().splitlines()[-1:]}"
        reports = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
        launcher = [sys.executable, "-W", "ignore", "-c", f"import sys; sys.path.insert(0, {str(tree)!r}); "
                    "from bot.cli.main import main; main()", "ask", "罚张"]
        return reports, cold_start(launcher, env), f"previous release: {PREVIOUS} (git worktree)"
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)
        shutil.rmtree(tree.parent, ignore_errors=True)


def cold_start(command: list, env: dict | None = None) -> dict:
    """Median seconds of ``command`` (process start → answer printed, warm index cache) and peak RSS."""
    subprocess.run(command, check=True, capture_output=True, env=env)  # warm the index cache
    times, peaks = [], []
    for _ in range(COLD_RUNS):
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        times.append(time.perf_counter() - start)
        peaks.append(usage.ru_maxrss)
        if status:
            raise RuntimeError(f"{command} failed")
    return {"cold_start_s": round(statistics.median(times), 3), "peak_rss_mb": round(max(peaks) / 1024, 1)}


def _fig(value) -> str:
    return "   n/a" if value is None else f"{value:6.3f}"


def _ratio(a, b) -> str:
    return "n/a" if a is None or not b else f"{a / b:.2f}"


def _table(name: str, n: int, reports: dict[str, dict]) -> None:
    print(f"\n{name} — {n} questions")
    print(f"{'method':<12}" + "".join(f"{h:>8}" for h in HEAD))
    for method, r in reports.items():
        print(f"{method:<12}" + "".join(f"{_fig(r.get(c)):>8}" for c in COLUMNS))
    ours = reports["search"]
    for method in reports:
        if method != "search":
            base = reports[method]
            print(f"search vs {method}: R@1 ×{_ratio(ours['law_recall_at_1'], base['law_recall_at_1'])}, "
                  f"clause R@1 ×{_ratio(ours['clause_recall_at_1'], base['clause_recall_at_1'])}, "
                  f"p50 latency ×{_ratio(ours['p50_ms'], base['p50_ms'])}")


def main(files: list[Path], min_chars: int = 0) -> None:
    """Run every method on each question file (and on all of them together) and print the tables;
    ``min_chars``: only the questions longer than that."""
    from bot.search.searcher import Searcher

    evaluation = _evaluation()
    folder = Path(tempfile.mkdtemp(prefix="bridgebot-bench-"))
    rows = {}
    for f in files:
        kept = [r for r in evaluation.read_questions(f) if len(r["q"]) > min_chars]
        if kept:
            # each file as measured, so that the previous release reads the same questions
            rows[folder / f.name] = kept
            (folder / f.name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept),
                                         encoding="utf-8")
    if not rows:
        sys.exit(f"no questions longer than {min_chars} characters in {[str(f) for f in files]}")
    files = list(rows)
    together = folder / "all.jsonl"
    together.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for f in files for r in rows[f]),
                        encoding="utf-8")
    bridgebot = [str(Path(sys.executable).with_name("bridgebot")), "ask", "罚张"]
    cold = cold_start(bridgebot)  # first: a child forked from a big parent would report the parent's RSS
    previous, previous_cold, note = previous_release([*files, together])
    searcher = Searcher.open()
    bm25 = bm25_baseline()
    print(f"search benchmark ({note})")
    for i, path in enumerate([*files, together]):
        questions = rows.get(path) or evaluation.read_questions(path)
        reports = {"search": evaluation.evaluate(searcher.ask, questions).to_json()}
        if previous:
            reports["previous"] = previous[i]
        reports["bm25-jieba"] = evaluation.evaluate(bm25, questions).to_json()
        _table("all sets together" if path == together else path.name, len(questions), reports)
    print(f"\ncold start (bridgebot ask 罚张, warm cache): {cold['cold_start_s']} s, peak RSS {cold['peak_rss_mb']} MB")
    if previous_cold:
        print(f"previous release: {previous_cold['cold_start_s']} s, peak RSS {previous_cold['peak_rss_mb']} MB "
              f"(×{_ratio(cold['cold_start_s'], previous_cold['cold_start_s'])} time, "
              f"×{_ratio(cold['peak_rss_mb'], previous_cold['peak_rss_mb'])} memory)")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("files", nargs="*", type=Path, help="question files (JSONL); the training sets by default")
    parser.add_argument("--min-chars", type=int, default=0, help="only questions longer than this")
    args = parser.parse_args()
    missing = [str(f) for f in args.files if not f.exists()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    main(args.files or [f for f in SETS if f.exists()], args.min_chars)
