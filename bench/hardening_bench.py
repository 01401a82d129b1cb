"""Hardening benchmark: how long another chat waits for an answer while one chat runs a long
club command, with the core on the event loop (the old, blocking behaviour) and in the chat
workers (``bot.chat.workers.ChatWorkers``, what the Telegram bot does now).

Run: ``.venv/bin/python bench/hardening_bench.py`` (or ``make bench``).  The long commands are
``/standings`` of a session the size of the issue's report (one board, 2 000 tables — a
``/session new pairs x 1副`` and a 2 000-row import) and of a 100-pair × 36-board session (both
fast since standings are O(n log n) and memoised), and ``/hands`` with 36 deals, whose
double-dummy analysis (the ``hands`` extra) is the slowest club command there is; while one runs,
a private chat asks a question every ``GAP_S`` seconds.  The asyncio loop here
stands in for python-telegram-bot's: the handler awaits the same calls.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

QUESTIONS = ["/law 50", "罚张怎么处理", "4S+1 有局", "/define 明手", "第68条"]
GAP_S = 0.25


def big_session(core, chat: str, boards: int, tables: int) -> float:
    """Fill a pairs session of ``boards`` × ``tables`` results in ``chat``; returns the seconds
    one ``/standings`` takes on its own."""
    from bot.chat.core import ChatMessage
    from bot.club.model import Result
    from bot.club.store import default_store

    store = default_store()
    core.handle(ChatMessage(f"/session new pairs 基准 {boards}副", chat_id=chat, user_id=1, user_is_admin=True))
    session = store.open_session(chat)
    rng = random.Random(20261130)
    with store.transaction():
        for board in range(1, boards + 1):
            for table in range(tables):
                score = rng.choice(range(-1500, 1510, 10))
                store.add_result(session.id, Result(board, str(2 * table + 1), str(2 * table + 2), "", "4S=", "N",
                                                    score), 1, 1)
    t0 = time.perf_counter()
    core.handle(ChatMessage("/standings", chat_id=chat, user_id=1))
    return time.perf_counter() - t0


def deals_file(boards: int, seed: int = 20261130) -> bytes:
    """A dealing program's PBN file of ``boards`` random deals."""
    rng = random.Random(seed)
    cards = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
    games = []
    for board in range(1, boards + 1):
        rng.shuffle(cards)
        hands = [cards[13 * i: 13 * i + 13] for i in range(4)]
        text = " ".join(".".join("".join(c[1] for c in hand if c[0] == suit) for suit in "SHDC") for hand in hands)
        games.append(f'[Board "{board}"]\n[Dealer "N"]\n[Deal "N:{text}"]\n')
    return "\n".join(games).encode()


async def other_chat_latencies(core, chat: str, threaded: bool, command: str = "/standings",
                               attachment: bytes | None = None) -> tuple[list[float], float]:
    """Start ``command`` in ``chat``, ask a question from another chat every ``GAP_S`` while
    it runs; returns the questions' latencies (seconds, from arrival to answer) and how long the
    command took."""
    from bot.chat.core import ChatMessage
    from bot.chat.workers import ChatWorkers

    workers = ChatWorkers()
    standings = ChatMessage(command, chat_id=chat, user_id=1, attachment=attachment)
    t0 = time.perf_counter()
    done = asyncio.Event()
    finished_at = []

    async def long_command():
        if threaded:
            await workers.run(core.handle, standings, club=True)
        else:
            core.handle(standings)  # on the loop: nothing else runs meanwhile
        finished_at.append(time.perf_counter())
        done.set()

    async def question(text: str, arrived: float) -> float:
        message = ChatMessage(text, chat_id="bench-other", user_id=2)
        if threaded:
            await workers.run(core.handle, message)
        else:
            core.handle(message)
        return time.perf_counter() - arrived

    workers.submit(chat, long_command)
    asked = []
    for i, text in enumerate(QUESTIONS):
        # The update arrives at this moment; with a blocked loop, it is read only afterwards.
        arrived = t0 + GAP_S * (i + 1)
        await asyncio.sleep(max(0.0, arrived - time.perf_counter()))
        asked.append(workers.submit("bench-other", lambda text=text, arrived=arrived: question(text, arrived)))
    latencies = list(await asyncio.gather(*asked))
    await done.wait()
    workers.close()
    return latencies, finished_at[0] - t0


def measure(core, chat: str, command: str = "/standings", attachment: bytes | None = None) -> dict:
    """Both behaviours on the session in ``chat``."""
    out = {}
    for name, threaded in (("blocking", False), ("workers", True)):
        latencies, took = asyncio.run(other_chat_latencies(core, chat, threaded, command, attachment))
        out[name] = {"median_ms": statistics.median(latencies) * 1000, "max_ms": max(latencies) * 1000,
                     "standings_s": took}
    return out


def main() -> None:
    """Print the figures for both sessions."""
    import os
    import tempfile

    os.environ["BRIDGEBOT_DB"] = str(Path(tempfile.mkdtemp()) / "bench.db")
    from bot.chat.core import ChatMessage, Core

    core = Core.open()
    core.handle(ChatMessage("/law 50", chat_id="warm-up"))
    for label, chat, boards, tables in (("1 board × 2000 tables", "bench-wide", 1, 2000),
                                        ("100 pairs × 36 boards", "bench-long", 36, 50)):
        alone = big_session(core, chat, boards, tables)
        figures = measure(core, chat)
        blocking, workers = figures["blocking"], figures["workers"]
        print(f"other chat's latency during /standings of {label} (standings alone {alone:.2f} s): "
              f"blocking median {blocking['median_ms']:.0f} ms, max {blocking['max_ms']:.0f} ms; "
              f"workers median {workers['median_ms']:.1f} ms, max {workers['max_ms']:.1f} ms "
              f"(median {blocking['median_ms'] / max(workers['median_ms'], 0.001):.0f}× shorter); "
              f"standings took {blocking['standings_s']:.2f} s → {workers['standings_s']:.2f} s with workers")
    fair_queue(core)
    try:
        import endplay  # noqa: F401 — the double-dummy solver of the hands extra
    except ImportError:
        print("/hands: the hands extra (endplay) is not installed, so its analysis was not measured")
        return
    core.handle(ChatMessage("/session new pairs 牌例 36副", chat_id="bench-hands", user_id=1, user_is_admin=True))
    figures = measure(core, "bench-hands", "/hands", deals_file(36))
    blocking, workers = figures["blocking"], figures["workers"]
    print(f"other chat's latency during /hands of 36 deals with double-dummy analysis "
          f"(took {blocking['standings_s']:.2f} s): blocking median {blocking['median_ms']:.0f} ms, "
          f"max {blocking['max_ms']:.0f} ms; workers median {workers['median_ms']:.1f} ms, "
          f"max {workers['max_ms']:.1f} ms (median {blocking['median_ms'] / max(workers['median_ms'], 0.001):.0f}× shorter)")

    hands_beside_results(core)


async def results_during_hands(core, chat: str, other: str, attachment: bytes) -> tuple[list[float], float]:
    """Send ``/hands`` in ``chat`` through the chat workers' club pool (as the Telegram shell does) and
    a ``/r`` from the group ``other`` every ``GAP_S`` while it runs; returns the results' latencies
    (seconds, from arrival to answer) and how long ``/hands`` took."""
    from bot.chat.core import ChatMessage
    from bot.chat.workers import ChatWorkers

    workers = ChatWorkers()
    upload = ChatMessage("/hands", chat_id=chat, user_id=1, attachment=attachment)
    t0 = time.perf_counter()
    took: list[float] = []

    async def hands_job():
        await workers.run(core.handle, upload, club=True)
        took.append(time.perf_counter() - t0)

    async def result(board: int, arrived: float) -> float:
        reply = await workers.run(core.handle, ChatMessage(f"/r {board} 1-2 4S= N", chat_id=other, user_id=2),
                                  club=True)
        assert "4" in reply.text, reply.text
        return time.perf_counter() - arrived

    job = workers.submit(chat, hands_job)
    latencies = []
    board = 0
    while not job.done():
        board += 1
        arrived = t0 + GAP_S * board
        await asyncio.sleep(max(0.0, arrived - time.perf_counter()))
        if job.done():
            break
        latencies.append(await workers.submit(other, lambda b=(board - 1) % 8 + 1, a=arrived: result(b, a)))
    await job
    workers.close()
    return latencies, took[0]


def hands_beside_results(core) -> None:
    """Another group's ``/r`` latency during ``/hands`` of 40 and 128 deals: the analysis inside the
    store's transaction (the previous release, by taking away the step that runs before it) and
    before it (now), one after the other in this run."""
    from unittest import mock

    from bot.chat.core import ChatMessage
    from bot.club.commands import PREPARE

    core.handle(ChatMessage("/session new pairs howell 成绩 8副", chat_id="bench-results", user_id=2))
    for boards in (40, 128):
        chat = f"bench-hands-{boards}"
        core.handle(ChatMessage(f"/session new pairs 牌例 {boards}副", chat_id=chat, user_id=1))
        figures = {}
        for name in ("in the transaction", "before it"):
            with mock.patch.dict(PREPARE, clear=name == "in the transaction"):
                latencies, took = asyncio.run(results_during_hands(core, chat, "bench-results", deals_file(boards)))
            figures[name] = (statistics.median(latencies) * 1000, max(latencies) * 1000, took, len(latencies))
        (old_med, old_max, old_took, old_n), (new_med, new_max, new_took, new_n) = figures.values()
        print(f"another group's /r during /hands of {boards} deals: analysis in the transaction median "
              f"{old_med:.0f} ms, max {old_max:.0f} ms ({old_n} results, /hands {old_took:.1f} s); before it median "
              f"{new_med:.1f} ms, max {new_max:.1f} ms ({new_n} results, /hands {new_took:.1f} s); max "
              f"{old_max / max(new_max, 0.001):.0f}× shorter")


async def _question_during_burst(core, chat: str, fair: bool, burst: int, send_s: float) -> tuple[float, float]:
    """Member 1 sends ``burst`` ``/r``, then member 2 asks ``/law 50``: seconds until member 2's answer
    (each job answers and then waits ``send_s``, a group's send), and until the burst is done."""
    from bot.chat.core import ChatMessage
    from bot.chat.workers import ChatWorkers

    workers, start = ChatWorkers(), time.perf_counter()

    async def answer(text, user, club):
        await workers.run(core.handle, ChatMessage(text, chat_id=chat, user_id=user), club=club)
        await asyncio.sleep(send_s)
        return time.perf_counter() - start

    jobs = [workers.submit(chat, lambda b=i % 8 + 1: answer(f"/r {b} 1-2 4S= N", 1, True), member=1 if fair else None)
            for i in range(burst)]
    asked = workers.submit(chat, lambda: answer("/law 50", 2, False), member=2 if fair else None)
    waited = await asked
    done = max(await asyncio.gather(*jobs))
    workers.close()
    return waited, done


def fair_queue(core, burst: int = 400, send_s: float = 0.01) -> None:
    """Another member's question behind one member's burst of ``burst`` ``/r``: one queue in arrival
    order (the previous release) beside the members taking turns (now)."""
    from bot.chat.core import ChatMessage

    core.handle(ChatMessage("/session new pairs howell 刷屏 8副", chat_id="bench-burst", user_id=1))
    old, old_done = asyncio.run(_question_during_burst(core, "bench-burst", False, burst, send_s))
    new, new_done = asyncio.run(_question_during_burst(core, "bench-burst", True, burst, send_s))
    print(f"a second member's /law 50 behind one member's {burst} /r ({send_s * 1000:.0f} ms a send): arrival order "
          f"{old * 1000:.0f} ms, members in turn {new * 1000:.0f} ms ({old / max(new, 0.001):.0f}× shorter); "
          f"the burst drained in {old_done:.1f} s and {new_done:.1f} s")


if __name__ == "__main__":
    main()
