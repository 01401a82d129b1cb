"""The same question gets the same answer, to the last digit, in every process: Python salts
string hashes per process (``PYTHONHASHSEED``), and nothing the search adds up may follow it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = ["比賽進行中，我可以自己跟別人換座位嗎？", "partner hesitated then passed, can I bid again",
             "对方首攻出错了，我是庄家，可以接受吗"]
SCRIPT = """
import sys
from bot.search.searcher import Searcher
s = Searcher.open()
for q in sys.argv[1:]:
    a = s.ask(q)
    print(repr(a.probability), a.confident, [(h.law, h.clause, h.term, repr(h.score)) for h in a.hits])
"""


def _answers(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT, *QUESTIONS], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_answers_and_probabilities_do_not_depend_on_string_hashing(corpus_searcher):
    # (corpus_searcher: the cache is built once, before the two processes read it)
    first, second = _answers("1"), _answers("2")
    assert first.count("\n") == len(QUESTIONS)
    assert first == second
