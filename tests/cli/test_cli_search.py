"""`bridgebot ask`, `eval` and `build` against the fixture rulebook in a temporary cache."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import bot.rulebook.model
from bot.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "rulebook_small.json"


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def run(monkeypatch, cache):
    monkeypatch.setattr(bot.rulebook.model, "RULEBOOK_PATH", FIXTURE)
    monkeypatch.setenv("BRIDGEBOT_CACHE", str(cache))

    def invoke(*args):
        return CliRunner().invoke(main, list(args))

    return invoke


def test_ask_json(run):
    result = run("ask", "--json", "-k", "2", "什么是罚张")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [(h["law"], h.get("term"), h["clause"]) for h in data["hits"]] == [(0, "罚张", None), (50, None, None)]
    assert set(data) == {"query", "normalized", "confident", "likely", "reference", "hits", "absent", "ambiguous",
                         "actor", "shown"}
    assert data["shown"] == "answer" and data["likely"] is False
    assert data["absent"] == [] and data["ambiguous"] is None
    assert set(data["hits"][0]) == {"law", "clause", "term", "title", "score", "snippet", "matched"}


def test_ask_reference_human(run):
    result = run("ask", "第50条D款2")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "第50条D款2 罚张的处理 · 违规者同伴引牌时  [100.0]"


def test_ask_question_words_are_joined(run):
    result = run("ask", "明手", "交换看牌")
    assert result.exit_code == 0
    assert result.output.startswith("第43条A款2(a) 明手的限制 · 交换看牌")


def test_ask_not_found(run):
    result = run("ask", "今天天气怎么样")
    assert result.exit_code == 0
    assert result.output.startswith("没有找到很好的匹配")


def test_ask_not_found_english(run):
    result = run("ask", "how do I bake sourdough bread")
    assert result.output.startswith("No good match found")


@pytest.mark.parametrize(
    "args, message",
    [
        (["ask"], "请输入问题, 例如: bridgebot ask 明手可以提醒庄家吗"),
        (["ask", "   "], "请输入问题, 例如: bridgebot ask 明手可以提醒庄家吗"),
        (["ask", "-k", "0", "罚张"], "-k 应在 1 到 10 之间, 例如: -k 3"),
        (["ask", "-k", "11", "penalty card"], "-k must be between 1 and 10, e.g. -k 3"),
        (["ask", "x" * 10000], "输入太长(10000 个字符, 最多 2000)。例如: bridgebot ask 明手可以提醒庄家吗"),
        (["ask", "law 999"], "There is no Law 999: the Laws run from 1 to 93. For example: 第50条D款2 or 50D2"),
        (["ask", "第999条"], "没有第999条: 规则从第1条到第93条。例如: 第50条D款2 或 50D2"),
        (["ask", "第44条"], "第44条不在本语料中。"),
    ],
)
def test_ask_bad_input(run, args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert result.output.strip() == f"bridgebot: {message}"


def _write(path, rows):
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")


def test_eval_json(run, tmp_path):
    questions = tmp_path / "q.jsonl"
    _write(questions, [
        {"id": "a", "q": "明手可以自己叫裁判吗", "laws": [43], "clause": "43A1a", "kind": "colloquial"},
        {"id": "b", "q": "什么是藏牌", "laws": [0], "clause": None, "kind": "definition", "term": "藏牌"},
        {"id": "c", "q": "第50条", "laws": [68], "clause": None, "kind": "reference"},
    ])
    result = run("eval", "--json", str(questions))
    assert result.exit_code == 0
    assert len(result.output.strip().splitlines()) == 1  # one line: scripts read the last line
    data = json.loads(result.output)
    assert {k: data[k] for k in ("n", "law_recall_at_1", "law_recall_at_3", "law_mrr", "clause_recall_at_1")} == {
        "n": 3, "law_recall_at_1": 0.6667, "law_recall_at_3": 0.6667, "law_mrr": 0.6667, "clause_recall_at_1": 1.0,
    }
    assert data["p50_ms"] > 0 and data["p99_ms"] >= data["p50_ms"]
    assert data["by_kind"]["reference"]["law_recall_at_1"] == 0.0
    assert [m["id"] for m in data["misses"]] == ["c"]


def test_eval_human(run, tmp_path):
    questions = tmp_path / "q.jsonl"
    _write(questions, [{"id": "x", "q": "明手可以自己叫裁判吗", "laws": [42], "clause": None, "kind": "colloquial"}])
    result = run("eval", str(questions))
    assert result.exit_code == 0
    assert "law Recall@1     0.000" in result.output
    assert "  x  42:" in result.output


def test_eval_counts_missing_law_questions_apart(run, tmp_path):
    questions = tmp_path / "q.jsonl"
    _write(questions, [
        {"id": "a", "q": "明手可以自己叫裁判吗", "laws": [43], "clause": "43A1a", "kind": "colloquial"},
        {"id": "m", "q": "第27条", "laws": [27], "in_corpus": False, "kind": "absent"},
    ])
    result = run("eval", "--json", str(questions))
    data = json.loads(result.output)
    assert (data["n"], data["in_corpus"], data["absent_rows"]) == (2, 1, 1)
    assert data["law_recall_at_1"] == 1.0  # over the in-corpus question only
    assert data["absent_recall"] == 1.0 and data["false_alarms"] == 0.0
    human = run("eval", str(questions)).output
    assert "in-corpus questions only" in human and "absent laws      recall 1.000, false alarms 0.000" in human


@pytest.mark.parametrize(
    "content, message",
    [("not json\n", "q.jsonl:1: not JSON"), ('{"q": "罚张"}\n', 'q.jsonl:1: each line needs "q"'), ("", "q.jsonl: no questions"),
     # a hundred thousand brackets raised RecursionError out of the JSON reader
     ("[" * 100_000 + "\n", "q.jsonl:1: not a question (JSON nested too deeply)")],
)
def test_eval_bad_file(run, tmp_path, content, message):
    questions = tmp_path / "q.jsonl"
    questions.write_text(content, encoding="utf-8")
    result = run("eval", str(questions))
    assert result.exit_code == 1
    assert message in result.output and "e.g. {\"id\": \"q1\"" in result.output


def test_build(run):
    result = run("build")
    assert result.exit_code == 0
    assert result.output.startswith("search index ready: ")


def test_train_ranker_on_too_few_questions_says_how_many_it_needs(run, tmp_path):
    # one question for two folds left a fold empty, and its figures None: a TypeError escaped
    questions = tmp_path / "q.jsonl"
    questions.write_text('{"q": "罚张", "laws": [50]}\n', encoding="utf-8")
    result = run("train-ranker", "--dry-run", "-k", "2", str(questions))
    assert result.exit_code == 1
    assert "needs at least 4 questions about laws in the corpus (these files hold 1)" in result.output
    assert "Traceback" not in result.output
