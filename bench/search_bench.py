"""Search benchmark: this search against two baselines on the dev questions, side by side.

Run: ``.venv/bin/python bench/search_bench.py [QUESTIONS.jsonl]`` (or ``make bench``).

- **search**: ``bot.search.searcher.Searcher`` (jieba with the corpus dictionary, glossary, FTS5/BM25).
- **substring**: a plain substring scan — the question, split at spaces and punctuation, and a
  document scores the total length of the pieces it contains.
- **bm25-jieba**: ``rank_bm25.BM25Okapi`` over the same documents, tokenised with jieba's own
  dictionary in search mode (``cut_for_search``), question tokenised the same way.

All three see the same documents (clauses, law intros, definitions), the same normalised question
(simplified, half-width, lower case) and answer with distinct laws, best first.  Then the
cold start of ``bridgebot ask 罚张`` (warm index cache) and its peak RSS.
"""

from __future__ import annotations

import logging
import re
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEV = ROOT.parent / "shared" / "eval" / "dev_questions.jsonl"
COLD_RUNS = 5
_PIECES = re.compile(r"[\s\"'“”‘’「」()（）,，.。!！?？:：;；、\-—]+")


@dataclass(frozen=True)
class _Hit:
    law: int
    clause: str | None
    term: str | None


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


def _documents():
    from bot.search.index import documents
    from bot.rulebook.model import load
    from bot.base.textnorm import normalize_query

    docs = documents(load())
    for doc in docs:
        doc["norm"] = normalize_query(" ".join([doc["title_words"], doc["text"]]))
    return docs


def substring_baseline(docs):
    """``ask(question) -> hits`` by a plain substring scan."""
    from bot.base.textnorm import normalize_query

    def ask(question: str) -> list[_Hit]:
        pieces = [p for p in _PIECES.split(normalize_query(question)) if p]
        scored = [(sum(len(p) for p in pieces if p in doc["norm"]), -i, doc) for i, doc in enumerate(docs)]
        ranked = [doc for score, _, doc in sorted(scored, key=lambda s: s[:2], reverse=True) if score > 0]
        return _distinct_laws(ranked)

    return ask


def bm25_baseline(docs):
    """``ask(question) -> hits`` by BM25 (rank_bm25) over jieba search-mode tokens."""
    import jieba
    from rank_bm25 import BM25Okapi

    from bot.base.textnorm import normalize_query

    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()

    def tokens(text: str) -> list[str]:
        return [t for t in tokenizer.cut_for_search(text) if t.strip() and not _PIECES.fullmatch(t)]

    bm25 = BM25Okapi([tokens(doc["norm"]) for doc in docs])

    def ask(question: str) -> list[_Hit]:
        scores = bm25.get_scores(tokens(normalize_query(question)))
        order = sorted(range(len(docs)), key=lambda i: scores[i], reverse=True)
        return _distinct_laws(docs[i] for i in order if scores[i] > 0)

    return ask


def cold_start() -> dict:
    """Median seconds of ``bridgebot ask 罚张`` (process start → answer printed) and peak RSS."""
    bridgebot = Path(sys.executable).with_name("bridgebot")
    subprocess.run([bridgebot, "ask", "罚张"], check=True, capture_output=True)  # warm the index cache
    times, peaks = [], []
    for _ in range(COLD_RUNS):
        start = time.perf_counter()
        child = subprocess.Popen([bridgebot, "ask", "罚张"], stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        times.append(time.perf_counter() - start)
        peaks.append(usage.ru_maxrss)
        if status:
            raise RuntimeError("bridgebot ask failed")
    return {"cold_start_s": round(statistics.median(times), 3), "peak_rss_mb": round(max(peaks) / 1024, 1)}


def main(path: Path = DEV) -> None:
    """Run the three methods on the question file and print quality, latency and ratios."""
    from bot.search.searcher import Searcher
    from bot.search.evaluation import evaluate, read_questions

    rows = read_questions(path)
    cold = cold_start()  # first: a child forked from a big parent would report the parent's RSS
    docs = _documents()
    searcher = Searcher.open()
    methods = {
        "search": lambda q: searcher.ask(q).hits,
        "substring": substring_baseline(docs),
        "bm25-jieba": bm25_baseline(docs),
    }
    reports = {name: evaluate(ask, rows) for name, ask in methods.items()}
    print(f"search benchmark: {len(rows)} questions from {path.name}")
    print(f"{'method':<12}{'R@1':>7}{'R@3':>7}{'MRR':>7}{'clause':>8}{'p50 ms':>9}{'p99 ms':>9}")
    for name, r in reports.items():
        clause = "n/a" if r.clause_recall_at_1 is None else f"{r.clause_recall_at_1:.3f}"
        print(f"{name:<12}{r.law_recall_at_1:7.3f}{r.law_recall_at_3:7.3f}{r.law_mrr:7.3f}{clause:>8}"
              f"{r.p50_ms:9.3f}{r.p99_ms:9.3f}")
    ours = reports["search"]
    for name in ("substring", "bm25-jieba"):
        base = reports[name]
        print(f"search vs {name}: R@1 ×{_ratio(ours.law_recall_at_1, base.law_recall_at_1)}, "
              f"MRR ×{_ratio(ours.law_mrr, base.law_mrr)}, p50 latency ×{_ratio(ours.p50_ms, base.p50_ms)}")
    print(f"cold start (bridgebot ask 罚张, warm cache): {cold['cold_start_s']} s, peak RSS {cold['peak_rss_mb']} MB")


def _ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b else "∞"


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEV)
