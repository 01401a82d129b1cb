"""Measure the search on a question set (``{"id", "q", "laws", "clause", "kind", "term"?}`` per line).

Law Recall@1/@3 and MRR count a hit as right when its law is one of ``laws``; a definition
hit (law 0) must also name the expected ``term``.  Clause Recall@1 is over questions with a
gold clause.  Latency is per query, in process, after one warm-up pass.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path


class EvalFileError(ValueError):
    """The question file cannot be read; the message says which line and why."""


@dataclass
class Outcome:
    """One question and where its right answer ranked (0 when not in the hits)."""

    row: dict
    rank: int
    clause_ok: bool | None
    got: list[str]


@dataclass
class Report:
    """Quality and latency over a question set."""

    n: int
    law_recall_at_1: float
    law_recall_at_3: float
    law_mrr: float
    clause_recall_at_1: float | None
    p50_ms: float
    p99_ms: float
    by_kind: dict[str, dict] = field(default_factory=dict)
    misses: list[dict] = field(default_factory=list)

    def summary(self) -> dict:
        """The quality figures only (for one kind of question)."""
        return {"n": self.n, "law_recall_at_1": self.law_recall_at_1, "law_recall_at_3": self.law_recall_at_3,
                "law_mrr": self.law_mrr, "clause_recall_at_1": self.clause_recall_at_1}

    def to_json(self) -> dict:
        """The report with the keys of ``bridgebot eval --json``."""
        return {
            "n": self.n, "law_recall_at_1": self.law_recall_at_1, "law_recall_at_3": self.law_recall_at_3,
            "law_mrr": self.law_mrr, "clause_recall_at_1": self.clause_recall_at_1,
            "p50_ms": self.p50_ms, "p99_ms": self.p99_ms, "by_kind": self.by_kind, "misses": self.misses,
        }


def read_questions(path: Path | str) -> list[dict]:
    """Read a JSONL question file; raises :class:`EvalFileError` with the line number on bad input."""
    rows = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise EvalFileError(f"cannot read {path}: {err}") from err
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as err:
            raise EvalFileError(f"{path}:{number}: not JSON ({err.msg})") from err
        if not isinstance(row, dict) or not isinstance(row.get("q"), str) or not isinstance(row.get("laws"), list):
            raise EvalFileError(f'{path}:{number}: each line needs "q" (text) and "laws" (a list of law numbers)')
        rows.append(row)
    if not rows:
        raise EvalFileError(f"{path}: no questions")
    return rows


def _is_right(hit, row: dict) -> bool:
    if hit.law not in row["laws"]:
        return False
    return hit.law != 0 or not row.get("term") or hit.term == row["term"]


def evaluate(ask: Callable[[str], Sequence], rows: list[dict], repeats: int = 3) -> Report:
    """Run ``ask(question) -> hits`` over ``rows`` and compute the metrics.

    ``ask`` returns hits with ``law``, ``clause`` and ``term`` attributes, best first; it is
    called once per question to warm up, then ``repeats`` times for the latency figures.
    """
    outcomes = []
    for row in rows:
        hits = list(ask(row["q"]))
        rank = next((i for i, h in enumerate(hits, 1) if _is_right(h, row)), 0)
        clause_ok = (bool(hits) and hits[0].clause == row["clause"]) if row.get("clause") else None
        got = [f"{h.law}:{h.clause or h.term or ''}" for h in hits[:3]]
        outcomes.append(Outcome(row, rank, clause_ok, got))
    times = []
    for _ in range(repeats):
        for row in rows:
            start = time.perf_counter()
            ask(row["q"])
            times.append((time.perf_counter() - start) * 1000)
    report = _metrics(outcomes)
    report.p50_ms = round(statistics.median(times), 3)
    report.p99_ms = round(_percentile(times, 99), 3)
    kinds = sorted({o.row.get("kind", "") for o in outcomes})
    report.by_kind = {kind: _metrics([o for o in outcomes if o.row.get("kind", "") == kind]).summary()
                      for kind in kinds if kind}
    report.misses = [
        {"id": o.row.get("id"), "q": o.row["q"], "laws": o.row["laws"], "clause": o.row.get("clause"), "got": o.got}
        for o in outcomes if o.rank != 1 or o.clause_ok is False
    ]
    return report


def _metrics(outcomes: list[Outcome]) -> Report:
    n = len(outcomes)
    with_clause = [o for o in outcomes if o.clause_ok is not None]
    return Report(
        n=n,
        law_recall_at_1=round(sum(o.rank == 1 for o in outcomes) / n, 4),
        law_recall_at_3=round(sum(1 <= o.rank <= 3 for o in outcomes) / n, 4),
        law_mrr=round(sum(1 / o.rank for o in outcomes if o.rank) / n, 4),
        clause_recall_at_1=round(sum(o.clause_ok for o in with_clause) / len(with_clause), 4) if with_clause else None,
        p50_ms=0.0,
        p99_ms=0.0,
    )


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]
