"""The club database under concurrent first starts and bursts of writers, and its migrations."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from bot.club.store import MIGRATIONS, SCHEMA_VERSION, ClubStore
from club_helpers import Chat

ROOT = Path(__file__).resolve().parents[2]
WRITERS = 16
RESULTS_EACH = 20

WRITER = """
import pathlib, sys, time
from bot.club import handle_command
n, folder = int(sys.argv[1]), pathlib.Path(sys.argv[2])
(folder / f"ready{n}").touch()
while not (folder / "go").exists():
    time.sleep(0.002)
replies = [handle_command("session", "new pairs 并发 30副", f"chat{n}", n, True, "zh").text]
for board in range(1, %d + 1):
    replies.append(handle_command("r", f"{board} 1-2 3NT= N", f"chat{n}", n, False, "zh").text)
print("\\n".join(replies))
""" % RESULTS_EACH


def test_sixteen_processes_starting_on_a_new_database_at_once_all_succeed(tmp_path):
    db = tmp_path / "new.db"
    env = dict(os.environ, BRIDGEBOT_DB=str(db))
    processes = [subprocess.Popen([sys.executable, "-c", WRITER, str(n), str(tmp_path)], cwd=ROOT, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for n in range(WRITERS)]
    deadline = time.monotonic() + 120
    while len(list(tmp_path.glob("ready*"))) < WRITERS:  # every process imported, none opened the database
        assert time.monotonic() < deadline and all(p.poll() is None for p in processes)
        time.sleep(0.01)
    (tmp_path / "go").touch()
    outputs = [p.communicate(timeout=300) for p in processes]
    for process, (out, err) in zip(processes, outputs):
        assert process.returncode == 0, err
        lines = out.splitlines()
        assert lines[0].startswith("已开始 “并发”"), out
        assert sum(line.startswith("已记录: ") for line in lines) == RESULTS_EACH, out
    store = ClubStore(db)
    assert store.db.execute("SELECT count(*) FROM results WHERE active = 1").fetchone()[0] == WRITERS * RESULTS_EACH
    assert [row[0] for row in store.db.execute("SELECT version FROM schema_version ORDER BY version")] == list(range(1, SCHEMA_VERSION + 1))


def test_concurrent_first_starts_and_sixteen_writers_never_fail(tmp_path):
    """Sixteen connections open a brand-new database at the same instant and write at once,
    ten times over (threads, each with its own connection: the race of separate processes,
    without their start-up cost)."""
    failures = []
    for round_ in range(10):
        path = tmp_path / f"round{round_}.db"
        barrier = threading.Barrier(WRITERS)

        def writer(n: int) -> None:
            barrier.wait()
            try:
                chat = Chat(ClubStore(path), chat_id=f"c{n}", user_id=n)
                replies = [chat.text("/session new pairs X")] + [chat.text(f"/r {b} 1-2 3NT= N") for b in range(1, 6)]
                failures.extend(r for r in replies if not r.startswith(("已开始", "已记录")))
            except Exception as err:  # the constructor is outside handle_command's net
                failures.append(repr(err))

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []


def test_a_file_database_runs_in_wal_mode_with_a_long_busy_timeout(tmp_path):
    store = ClubStore(tmp_path / "club.db")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA busy_timeout").fetchone()[0] >= 30_000


def test_a_database_made_before_versioning_is_migrated_and_keeps_its_results(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        for statement in MIGRATIONS[0]:
            conn.execute(statement["sqlite"] if isinstance(statement, dict) else statement)
        conn.execute("INSERT INTO sessions (id, chat_id, kind, name, creator_id, status, boards, home, away, "
                     "created_at) VALUES (1, '-1001', 'pairs', '旧的', '7', 'open', 8, '', '', '2026-01-01')")
        conn.execute("INSERT INTO results (session_id, batch, board, ns, ew, room, contract, declarer, score_ns, "
                     "active, recorded_by) VALUES (1, 1, 3, '1', '2', '', '4S=', 'N', 420, 1, '7')")
    chat = Chat(ClubStore(path))
    assert chat.text("/session show").startswith("比赛 “旧的” (双人赛), 进行中")
    assert chat.text("/undo") == "已撤销: 3号牌 1-2 4S= N: 南北 +420"
    assert chat.text("/redo") == "已恢复: 3号牌 1-2 4S= N: 南北 +420"
    again = ClubStore(path)  # a second start finds nothing to do
    versions = [row[0] for row in again.db.execute("SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, SCHEMA_VERSION + 1))


def test_a_new_database_file_is_readable_by_its_owner_only(tmp_path):
    # it holds Telegram user ids; it was created 0644
    import stat

    from bot.club import ClubStore

    path = tmp_path / "club.db"
    store = ClubStore(path)
    store.create_session("chat", "pairs", "周三", 42, 18)
    files = [path, *tmp_path.glob("club.db-*")]
    modes = {file.name: stat.S_IMODE(file.stat().st_mode) for file in files}
    store.close()
    assert len(files) >= 2 and set(modes.values()) == {0o600}, modes
