"""SQLite storage of club sessions and results (sqlite-utils), one transaction per command.

Nothing is ever overwritten in place: a replaced result is kept inactive and comes back on
``/undo``; a command that fails part-way is rolled back whole."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from datetime import datetime, timezone

import sqlite_utils

from bot.club.model import Result, Session

DEFAULT_PATH = "./bridgebot.db"
_SESSION_COLUMNS = ("id", "chat_id", "kind", "name", "creator_id", "status", "boards", "home", "away",
                    "created_at")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class ClubStore:
    """Club sessions and their results in one SQLite database.

    ``ClubStore(":memory:")`` for tests, ``ClubStore("club.db")`` for a file.  Safe to share
    between threads: every :meth:`transaction` holds a lock."""

    def __init__(self, path: str | os.PathLike = DEFAULT_PATH) -> None:
        path = str(path)
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db = sqlite_utils.Database(conn)
        self.path = path
        self._lock = threading.RLock()
        self._create_schema()

    def _create_schema(self) -> None:
        with self._lock:
            if "sessions" not in self.db.table_names():
                self.db["sessions"].create(
                    {"id": int, "chat_id": str, "kind": str, "name": str, "creator_id": str, "status": str,
                     "boards": int, "home": str, "away": str, "created_at": str, "ended_at": str},
                    pk="id",
                )
                self.db["sessions"].create_index(["chat_id", "status"])
                # At most one open session per chat, enforced by the database itself.
                self.db.execute("CREATE UNIQUE INDEX IF NOT EXISTS one_open_session_per_chat "
                                "ON sessions(chat_id) WHERE status = 'open'")
            if "results" not in self.db.table_names():
                self.db["results"].create(
                    {"id": int, "session_id": int, "batch": int, "board": int, "ns": str, "ew": str,
                     "room": str, "contract": str, "declarer": str, "score_ns": int, "active": int,
                     "replaces": int, "recorded_by": str, "recorded_at": str},
                    pk="id", foreign_keys=[("session_id", "sessions", "id")],
                )
                self.db["results"].create_index(["session_id", "active", "board"])

    def close(self) -> None:
        """Close the database connection."""
        self.db.conn.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[ClubStore]:
        """One command's changes: all committed together, or none if anything raises."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    # Sessions

    def _session(self, where: str, params: tuple) -> Session | None:
        rows = list(self.db.query(
            f"SELECT {', '.join(_SESSION_COLUMNS)} FROM sessions WHERE {where} ORDER BY id DESC LIMIT 1",
            params))
        return Session(**rows[0]) if rows else None

    def open_session(self, chat_id: int | str) -> Session | None:
        """The chat's open session, or None."""
        return self._session("chat_id = ? AND status = 'open'", (str(chat_id),))

    def latest_session(self, chat_id: int | str) -> Session | None:
        """The chat's open session, else the one that ended last, else None."""
        return self.open_session(chat_id) or self._session("chat_id = ?", (str(chat_id),))

    def create_session(self, chat_id: int | str, kind: str, name: str, creator_id: int | str,
                       boards: int, home: str = "", away: str = "") -> Session:
        """Open a new session in a chat (the caller checks that none is open)."""
        cursor = self.db.execute(
            "INSERT INTO sessions (chat_id, kind, name, creator_id, status, boards, home, away, created_at) "
            "VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?)",
            (str(chat_id), kind, name, str(creator_id), boards, home, away, _now()))
        return self._session("id = ?", (cursor.lastrowid,))

    def end_session(self, session_id: int) -> None:
        """Close a session to further results."""
        self.db.execute("UPDATE sessions SET status = 'ended', ended_at = ? WHERE id = ?", (_now(), session_id))

    def delete_session(self, session_id: int) -> int:
        """Delete a session and every result in it; returns how many results there were."""
        count = self.db.execute("SELECT count(*) FROM results WHERE session_id = ? AND active = 1",
                                (session_id,)).fetchone()[0]
        self.db.execute("DELETE FROM results WHERE session_id = ?", (session_id,))
        self.db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
        return count

    # Results

    def results(self, session_id: int, board: int | None = None) -> list[Result]:
        """The session's current results (optionally of one board), in board then entry order."""
        where, params = "session_id = ? AND active = 1", [session_id]
        if board is not None:
            where += " AND board = ?"
            params.append(board)
        rows = self.db.query(
            f"SELECT id, board, ns, ew, room, contract, declarer, score_ns FROM results WHERE {where} "
            "ORDER BY board, id", params)
        return [Result(**row) for row in rows]

    def next_batch(self, session_id: int) -> int:
        """A new batch number: everything one command records shares it, and /undo removes it whole."""
        row = self.db.execute("SELECT max(batch) FROM results WHERE session_id = ?", (session_id,)).fetchone()
        return (row[0] or 0) + 1

    def add_result(self, session_id: int, result: Result, batch: int, user_id: int | str,
                   replaces: Result | None = None) -> int:
        """Store a result; ``replaces`` (an earlier result) is kept but set aside. Returns the new id."""
        if replaces is not None:
            self.db.execute("UPDATE results SET active = 0 WHERE id = ?", (replaces.id,))
        cursor = self.db.execute(
            "INSERT INTO results (session_id, batch, board, ns, ew, room, contract, declarer, score_ns, "
            "active, replaces, recorded_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
            (session_id, batch, result.board, result.ns, result.ew, result.room, result.contract,
             result.declarer, result.score_ns, replaces.id if replaces else None, str(user_id), _now()))
        return cursor.lastrowid

    def undo_last(self, session_id: int) -> tuple[list[Result], list[Result]]:
        """Remove the last recorded batch and bring back what it replaced: ``(removed, restored)``."""
        batch = self.db.execute("SELECT max(batch) FROM results WHERE session_id = ? AND active = 1",
                                (session_id,)).fetchone()[0]
        if batch is None:
            return [], []
        rows = list(self.db.query(
            "SELECT id, board, ns, ew, room, contract, declarer, score_ns, replaces FROM results "
            "WHERE session_id = ? AND batch = ? AND active = 1 ORDER BY id", (session_id, batch)))
        replaced_ids = [row.pop("replaces") for row in rows]
        removed = [Result(**row) for row in rows]
        self.db.execute("DELETE FROM results WHERE session_id = ? AND batch = ? AND active = 1",
                        (session_id, batch))
        restored = []
        for rid in filter(None, replaced_ids):
            self.db.execute("UPDATE results SET active = 1 WHERE id = ?", (rid,))
            row = next(self.db.query("SELECT id, board, ns, ew, room, contract, declarer, score_ns "
                                     "FROM results WHERE id = ?", (rid,)))
            restored.append(Result(**row))
        return removed, restored


_opened: dict[str, ClubStore] = {}
_opened_lock = threading.Lock()


def default_store() -> ClubStore:
    """The process's store on ``$BRIDGEBOT_DB`` (default ``./bridgebot.db``), opened on first use
    and kept open; a different ``$BRIDGEBOT_DB`` later (tests) gets its own store."""
    path = os.environ.get("BRIDGEBOT_DB") or DEFAULT_PATH
    with _opened_lock:
        if path not in _opened:
            _opened[path] = ClubStore(path)
        return _opened[path]
