"""Measure the search on a question set (``{"id", "q", "laws", "clause", "kind", "term"?, "in_corpus"?}`` per line).

Law Recall@1/@3 and MRR count a hit as right when its law is one of ``laws``; a definition
hit (law 0) must also name the expected ``term``.  They, and clause Recall@1 (over questions with
a gold clause), are computed over the questions about laws the corpus holds: a row with
``"in_corpus": false`` is about a missing law (named in ``laws``) and is right when that law is
reported absent.  Confident precision is the share of answers marked ``confident`` whose best
hit is right (a confident answer to a missing-law question is wrong).  Absent recall is over
missing-law rows, false alarms over the others (an alarm naming a law the row lists as acceptable
is none).  Latency is per query, in process, after one warm-up pass.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


class EvalFileError(ValueError):
    """The question file cannot be read; the message says which line and why."""


@dataclass
class Outcome:
    """One question and what the search made of it."""

    row: dict
    rank: int            # where the right law ranked (0 when not in the hits)
    clause_ok: bool | None
    got: list[str]
    confident: bool | None = None   # None when the method does not say
    absent: tuple[int, ...] = ()
    likely: bool = False            # not confident, but quoted as the likely clause

    @property
    def quoted(self) -> bool:
        """The best clause is quoted: as the answer (confident) or as the likely one."""
        return bool(self.confident) or self.likely

    @property
    def in_corpus(self) -> bool:
        return self.row.get("in_corpus", True) is not False

    @property
    def right(self) -> bool:
        """Right at rank 1, or (for a missing-law question) the missing law recognised."""
        if self.in_corpus:
            return self.rank == 1
        return bool(set(self.absent) & set(self.row["laws"]))


@dataclass
class Report:
    """Quality and latency over a question set."""

    n: int
    law_recall_at_1: float | None
    law_recall_at_3: float | None
    law_mrr: float | None
    clause_recall_at_1: float | None
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    in_corpus: int = 0
    right: float | None = None
    confident_share: float | None = None
    confident_precision: float | None = None
    absent_rows: int = 0
    absent_recall: float | None = None
    absent_first: float | None = None   # … the right missing law named first
    false_alarms: float | None = None
    likely_share: float | None = None
    likely_precision: float | None = None
    quoted_share: float | None = None
    quoted_precision: float | None = None
    by_kind: dict[str, dict] = field(default_factory=dict)
    by_length: dict[str, dict] = field(default_factory=dict)
    by_lang: dict[str, dict] = field(default_factory=dict)
    misses: list[dict] = field(default_factory=list)

    def summary(self) -> dict:
        """The quality figures only (for one kind of question)."""
        return {"n": self.n, "law_recall_at_1": self.law_recall_at_1, "law_recall_at_3": self.law_recall_at_3,
                "law_mrr": self.law_mrr, "clause_recall_at_1": self.clause_recall_at_1, "right": self.right,
                "confident_precision": self.confident_precision, "absent_recall": self.absent_recall,
                "false_alarms": self.false_alarms, "quoted_share": self.quoted_share,
                "quoted_precision": self.quoted_precision}

    def to_json(self) -> dict:
        """The report with the keys of ``bridgebot eval --json``."""
        return {**self.summary(), "in_corpus": self.in_corpus, "confident_share": self.confident_share,
                "absent_rows": self.absent_rows, "absent_first": self.absent_first, "p50_ms": self.p50_ms, "p99_ms": self.p99_ms,
                "likely_share": self.likely_share, "likely_precision": self.likely_precision,
                "by_kind": self.by_kind, "by_length": self.by_length, "by_lang": self.by_lang, "misses": self.misses}


# The largest set is under 200 KB; a file a hundred times larger is no question set.
MAX_QUESTION_FILE_BYTES = 20_000_000


def read_questions(path: Path | str) -> list[dict]:
    """Read a JSONL question file; raises :class:`EvalFileError` with the line number on bad input
    (a file over :data:`MAX_QUESTION_FILE_BYTES`, or JSON nested too deeply to read, included)."""
    rows = []
    try:
        if Path(path).stat().st_size > MAX_QUESTION_FILE_BYTES:
            raise EvalFileError(f"{path}: larger than {MAX_QUESTION_FILE_BYTES // 1_000_000} MB; split it into smaller files")
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
        except RecursionError as err:
            raise EvalFileError(f"{path}:{number}: not a question (JSON nested too deeply)") from err
        if not isinstance(row, dict) or not isinstance(row.get("q"), str) or not isinstance(row.get("laws"), list):
            raise EvalFileError(f'{path}:{number}: each line needs "q" (text) and "laws" (a list of law numbers)')
        rows.append(row)
    if not rows:
        raise EvalFileError(f"{path}: no questions")
    return rows


def gold_labels(row: dict) -> tuple[str | None, str | None]:
    """The row's gold clause and defined term.  A definition question's term may be written in ``clause``
    (「明手」: no clause id) or with its English heading after it (「心理叫 (PSYCHIC CALL)」): the term alone."""
    clause, term = row.get("clause") or None, row.get("term") or None
    if clause and not clause[0].isdigit():
        clause, term = None, term or (clause if row["laws"][:1] == [0] else None)
    return clause, (term.split(" (")[0].strip() if term else None)


def is_right(hit, row: dict) -> bool:
    """True when a hit (or index row: anything with ``law`` and ``term``) answers the row."""
    if hit.law not in row["laws"]:
        return False
    term = gold_labels(row)[1]
    return hit.law != 0 or not term or hit.term == term


def clause_of(hit) -> str | None:
    """The clause a hit quotes: its clause id, or for a law row the law's number (a law without
    clauses, 77, is labelled by its number; so is a question about a whole law)."""
    if hit.clause:
        return hit.clause
    return str(hit.law) if hit.law else None


def evaluate(ask: Callable, rows: list[dict], repeats: int = 3) -> Report:
    """Run ``ask(question)`` over ``rows`` and compute the metrics.

    ``ask`` returns a :class:`bot.search.SearchResult` (hits, ``confident``, ``absent``) or just
    the hits (anything with ``law``, ``clause`` and ``term``), best first; it is called once per
    question, then ``repeats`` times more for the latency figures (0: no latency).
    """
    outcomes = []
    for row in rows:
        result = ask(row["q"])
        hits = list(getattr(result, "hits", result))
        rank = next((i for i, h in enumerate(hits, 1) if is_right(h, row)), 0)
        gold = gold_labels(row)[0]
        clause_ok = (bool(hits) and clause_of(hits[0]) == gold) if gold else None
        got = [f"{h.law}:{h.clause or h.term or ''}" for h in hits[:3]]
        absent = tuple(a.law for a in getattr(result, "absent", ()) or ())
        outcomes.append(Outcome(row, rank, clause_ok, got, getattr(result, "confident", None), absent,
                                bool(getattr(result, "likely", False))))
    times = []
    for _ in range(repeats):
        for row in rows:
            start = time.perf_counter()
            ask(row["q"])
            times.append((time.perf_counter() - start) * 1000)
    report = metrics(outcomes)
    if times:
        report.p50_ms = round(statistics.median(times), 3)
        report.p99_ms = round(_percentile(times, 99), 3)
    kinds = sorted({o.row.get("kind", "") for o in outcomes})
    report.by_kind = {kind: metrics([o for o in outcomes if o.row.get("kind", "") == kind]).summary()
                      for kind in kinds if kind}
    report.by_length = {band: metrics(group).summary() for band, group in _grouped(outcomes, length_band).items()}
    report.by_lang = {lang: metrics(group).summary() for lang, group in _grouped(outcomes, _lang).items()}
    report.misses = [
        {"id": o.row.get("id"), "q": o.row["q"], "laws": o.row["laws"], "clause": o.row.get("clause"), "got": o.got,
         "in_corpus": o.in_corpus, "absent": list(o.absent), "confident": o.confident}
        for o in outcomes if not o.right or o.clause_ok is False or (o.confident and not o.right)
    ]
    return report


LENGTH_BANDS = ((40, "≤40"), (150, "41–150"), (None, ">150"))


def length_band(row: dict) -> str:
    """The question's length band in characters: ≤40 (a one-liner), 41–150, >150 (a told story)."""
    n = len(row["q"])
    return next(name for limit, name in LENGTH_BANDS if limit is None or n <= limit)


def _lang(row: dict) -> str:
    return row.get("lang") or ""


def _grouped(outcomes: list[Outcome], key: Callable[[dict], str]) -> dict[str, list[Outcome]]:
    groups: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        if key(outcome.row):
            groups.setdefault(key(outcome.row), []).append(outcome)
    return dict(sorted(groups.items()))


def _false_alarm(outcome: Outcome) -> bool:
    """A missing law reported for an in-corpus question, unless the row itself counts one of the
    laws reported as an acceptable answer (「對方越序首引，莊家直接攤牌」: 48, or 54, which the corpus lacks)."""
    return bool(outcome.absent) and not set(outcome.absent) & set(outcome.row["laws"])


def _share(flags: list[bool]) -> float | None:
    return round(sum(flags) / len(flags), 4) if flags else None


def metrics(outcomes: list[Outcome]) -> Report:
    """The figures over ``outcomes`` (recall over in-corpus rows; see the module docstring)."""
    inside = [o for o in outcomes if o.in_corpus]
    missing = [o for o in outcomes if not o.in_corpus]
    with_clause = [o for o in inside if o.clause_ok is not None]
    said = [o for o in outcomes if o.confident is not None]
    confident = [o for o in said if o.confident]
    likely = [o for o in said if o.likely and not o.confident]
    quoted = [o for o in said if o.quoted]
    return Report(
        n=len(outcomes),
        in_corpus=len(inside),
        law_recall_at_1=_share([o.rank == 1 for o in inside]),
        law_recall_at_3=_share([1 <= o.rank <= 3 for o in inside]),
        law_mrr=round(sum(1 / o.rank for o in inside if o.rank) / len(inside), 4) if inside else None,
        clause_recall_at_1=_share([bool(o.clause_ok) for o in with_clause]),
        right=_share([o.right for o in outcomes]),
        confident_share=_share([o.confident for o in said]),
        confident_precision=_share([o.right for o in confident]),
        absent_rows=len(missing),
        absent_recall=_share([o.right for o in missing]),
        absent_first=_share([bool(o.absent) and o.absent[0] in o.row["laws"] for o in missing]),
        false_alarms=_share([_false_alarm(o) for o in inside]) if said else None,
        likely_share=_share([o.likely and not o.confident for o in said]),
        likely_precision=_share([o.right for o in likely]),
        # quoted over the in-corpus questions; its precision over every quote (a quote for a missing law is wrong)
        quoted_share=_share([o.quoted for o in said if o.in_corpus]),
        quoted_precision=_share([o.right for o in quoted]),
    )


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]
