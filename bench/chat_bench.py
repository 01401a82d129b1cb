"""Chat benchmark: the core's throughput on a mixed workload, and the console's cold start.

Run: ``.venv/bin/python bench/chat_bench.py`` (or ``make bench``).  The process is pinned to one
CPU; the workload mixes questions, references, scores and follow-ups as a chat sees them.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORKLOAD = [
    "罚张怎么处理", "第50条D款2", "全文", "下一条", "4S+1 有局", "明手可以做什么", "/law 77",
    "/define 明手", "3NTx-2 有局", "上一条", "首攻方出错了牌怎么办", "/imp 620 -170", "50D2",
    "更多", "what is a revoke", "第五十条", "藏牌以后怎么判罚", "/board 7", "第68条", "声称和让墩",
]
ROUNDS = 50
COLD_RUNS = 5


def _pin_to_one_cpu() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def throughput() -> dict:
    """Messages per second of Core.handle over ROUNDS × the workload, after one warm-up round."""
    from bot.chat.core import ChatMessage, Core

    core = Core.open()
    for text in WORKLOAD:
        core.handle(ChatMessage(text, chat_id="warm-up"))
    latencies = []
    start = time.perf_counter()
    for round_ in range(ROUNDS):
        for text in WORKLOAD:
            t0 = time.perf_counter()
            core.handle(ChatMessage(text, chat_id=round_ % 7))
            latencies.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {
        "messages": len(latencies),
        "messages_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(latencies[len(latencies) // 2] * 1000, 2),
        "p99_ms": round(latencies[int(len(latencies) * 0.99)] * 1000, 2),
    }


def cold_start() -> dict:
    """Seconds from launching ``bridgebot chat`` to its answer of one piped question: the very
    first start (empty cache: the search index is built) and the median of later starts."""
    bridgebot = Path(sys.executable).with_name("bridgebot")
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "BRIDGEBOT_DB": str(Path(tmp) / "bench.db"), "BRIDGEBOT_CACHE": str(Path(tmp) / "cache")}
        env.pop("TELEGRAM_BOT_TOKEN", None)
        for _ in range(1 + COLD_RUNS):
            t0 = time.perf_counter()
            subprocess.run([bridgebot, "chat"], input="罚张怎么处理\n", capture_output=True, text=True,
                           check=True, env=env)
            times.append(time.perf_counter() - t0)
    later = times[1:]
    return {"first_s": round(times[0], 3), "runs": COLD_RUNS, "median_s": round(statistics.median(later), 3),
            "max_s": round(max(later), 3)}


def main() -> None:
    """Print both measurements."""
    _pin_to_one_cpu()
    t = throughput()
    print(f"chat core: {t['messages_per_second']} messages/s on one CPU "
          f"({t['messages']} messages, p50 {t['p50_ms']} ms, p99 {t['p99_ms']} ms)")
    c = cold_start()
    print(f"console cold start (bridgebot chat, one piped question): first start {c['first_s']} s "
          f"(builds the search index), then median {c['median_s']} s, max {c['max_s']} s over {c['runs']} runs")


if __name__ == "__main__":
    main()
