"""Start-up benchmark: how long until the first question is answered after an install (no cache) and
after a restart (cache kept), and where the time goes — the index build, the searcher's lazily made
tables (phrase index, segmenter), the first question.

Run: ``.venv/bin/python bench/startup_bench.py [--profile]``; each phase runs in a fresh process so
nothing is warm that an install would not have warm.  ``--profile`` prints the top functions of a
cold start by cumulative time.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "明手能提醒庄家吗"

_PHASES = f"""
import json, os, sys, time
sys.path.insert(0, {str(ROOT)!r})
t0 = time.perf_counter()
from bot.chat.core import Core
from bot.chat.reply import ChatMessage
t1 = time.perf_counter()
core = Core.open()
t2 = time.perf_counter()
core.prepare()
t3 = time.perf_counter()
core.handle(ChatMessage({QUESTION!r}, chat_id=1))
t4 = time.perf_counter()
core.handle(ChatMessage("罚张怎么处理", chat_id=1))
t5 = time.perf_counter()
print(json.dumps({{"import": t1 - t0, "open (index built or checked)": t2 - t1, "prepare (lazy tables)": t3 - t2,
                  "first question": t4 - t3, "second question": t5 - t4, "total to first answer": t4 - t0}}))
"""


def phases(cache: Path) -> dict:
    """One fresh process's timings with ``$BRIDGEBOT_CACHE`` at ``cache``."""
    env = {"BRIDGEBOT_CACHE": str(cache), "PATH": "/usr/bin:/bin", "HOME": str(cache)}
    out = subprocess.run([sys.executable, "-c", _PHASES], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def profile(cache: Path) -> str:
    """The top of a cold start's profile (cumulative time)."""
    code = _PHASES.replace("print(json.dumps(", "(lambda *a: None)((")
    script = cache / "start.py"
    script.write_text(code)
    env = {"BRIDGEBOT_CACHE": str(cache / "p"), "PATH": "/usr/bin:/bin", "HOME": str(cache)}
    out = subprocess.run([sys.executable, "-c",
                          "import cProfile, pstats, sys; cProfile.run(open(sys.argv[1]).read(), sys.argv[2]); "
                          "pstats.Stats(sys.argv[2]).sort_stats('cumulative').print_stats(30)",
                          str(script), str(cache / "prof")], env=env, capture_output=True, text=True, check=True)
    return out.stdout


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp)
        cold = phases(cache)
        warm = phases(cache)
        for name, timings in (("install (no cache)", cold), ("restart (cache kept)", warm)):
            print(name)
            for phase, seconds in timings.items():
                print(f"  {phase:32s} {seconds:6.2f} s")
        if "--profile" in sys.argv:
            print(profile(cache))


if __name__ == "__main__":
    main()
