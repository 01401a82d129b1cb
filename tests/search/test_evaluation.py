"""The eval figures: recall over in-corpus questions, confident precision, absent recall and false alarms."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.search.evaluation import evaluate


@dataclass
class _Hit:
    law: int
    clause: str | None = None
    term: str | None = None


@dataclass
class _Absent:
    law: int


@dataclass
class _Result:
    hits: list
    confident: bool
    absent: list = field(default_factory=list)


ROWS = [
    {"id": "a", "q": "right and sure", "laws": [50], "clause": "50B", "kind": "colloquial"},
    {"id": "b", "q": "wrong but sure", "laws": [43], "clause": None, "kind": "colloquial"},
    {"id": "c", "q": "right, unsure, false alarm", "laws": [45], "clause": None, "kind": "english"},
    {"id": "d", "q": "missing law found", "laws": [27], "in_corpus": False, "kind": "absent"},
    {"id": "e", "q": "missing law missed, sure", "laws": [61, 62], "in_corpus": False, "kind": "absent"},
]
ANSWERS = {
    "right and sure": _Result([_Hit(50, "50B")], True),
    "wrong but sure": _Result([_Hit(42), _Hit(43)], True),
    "right, unsure, false alarm": _Result([_Hit(45)], False, [_Absent(57)]),
    "missing law found": _Result([_Hit(18)], False, [_Absent(27)]),
    "missing law missed, sure": _Result([_Hit(72)], True),
}


@pytest.fixture(scope="module")
def report():
    return evaluate(ANSWERS.__getitem__, ROWS, repeats=0)


def test_recall_is_over_in_corpus_questions(report):
    assert (report.n, report.in_corpus, report.absent_rows) == (5, 3, 2)
    assert report.law_recall_at_1 == pytest.approx(2 / 3, abs=1e-4)
    assert report.law_recall_at_3 == 1.0
    assert report.clause_recall_at_1 == 1.0


def test_confident_precision_counts_a_sure_answer_to_a_missing_law_as_wrong(report):
    assert report.confident_share == pytest.approx(3 / 5)
    assert report.confident_precision == pytest.approx(1 / 3, abs=1e-4)


def test_absent_recall_and_false_alarms(report):
    assert report.absent_recall == 0.5
    assert report.false_alarms == pytest.approx(1 / 3, abs=1e-4)
    assert report.right == pytest.approx(3 / 5)


def test_figures_by_kind(report):
    assert report.by_kind["absent"]["absent_recall"] == 0.5
    assert report.by_kind["absent"]["law_recall_at_1"] is None
    assert report.by_kind["english"]["false_alarms"] == 1.0


def test_a_method_that_returns_bare_hits_still_measures():
    bare = evaluate(lambda q: ANSWERS[q].hits, ROWS[:3], repeats=1)
    assert bare.law_recall_at_1 == pytest.approx(2 / 3, abs=1e-4)
    assert bare.confident_precision is None and bare.p50_ms >= 0


def test_a_law_without_clauses_is_its_own_clause():
    rows = [{"id": "f", "q": "score of 3NT", "laws": [77], "clause": "77"},
            {"id": "g", "q": "a penalty card", "laws": [50], "clause": "50"},
            {"id": "h", "q": "a major penalty card", "laws": [50], "clause": "50D"}]
    answers = {"score of 3NT": [_Hit(77)], "a penalty card": [_Hit(50)], "a major penalty card": [_Hit(50)]}
    report = evaluate(answers.__getitem__, rows, repeats=0)
    assert report.clause_recall_at_1 == pytest.approx(2 / 3, abs=1e-4)  # the law row is not clause 50D


def test_an_alarm_naming_a_law_the_row_accepts_is_no_false_alarm():
    rows = [{"id": "i", "q": "lead out of turn, then declarer faced his hand", "laws": [48, 54], "clause": None},
            {"id": "j", "q": "declarer faced his hand", "laws": [48], "clause": None}]
    answers = {rows[0]["q"]: _Result([_Hit(48)], False, [_Absent(54)]),
               rows[1]["q"]: _Result([_Hit(48)], False, [_Absent(54)])}
    report = evaluate(answers.__getitem__, rows, repeats=0)
    assert report.false_alarms == pytest.approx(1 / 2, abs=1e-4)
