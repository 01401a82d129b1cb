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
                    "created_at", "movement", "boards_given")


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
            _create_extras(self.db)

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

    # Movements, names, hand records and the session version (issue 12)

    def set_session_options(self, session_id: int, movement: str, boards_given: bool) -> Session:
        """Record a new session's movement (``mitchell``/``howell``, empty for teams) and whether
        its board count was given (VPs then use the scheduled boards); returns the session."""
        self.db.execute("UPDATE sessions SET movement = ?, boards_given = ? WHERE id = ?",
                        (movement, int(boards_given), session_id))
        return self._session("id = ?", (session_id,))

    def add_results(self, session_id: int, results: list[Result], batch: int, user_id: int | str) -> None:
        """Store many new results of one batch at once (an import): one statement, no replacements."""
        now = _now()
        self.db.conn.executemany(
            "INSERT INTO results (session_id, batch, board, ns, ew, room, contract, declarer, score_ns, "
            "active, replaces, recorded_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, NULL, ?, ?)",
            [(session_id, batch, r.board, r.ns, r.ew, r.room, r.contract, r.declarer, r.score_ns, str(user_id), now)
             for r in results])

    def version(self, session_id: int) -> int:
        """A number that changes whenever the session's results, names or hands change (kept by
        triggers, so every writer bumps it): reports are memoised on it."""
        row = self.db.execute("SELECT version FROM club_versions WHERE session_id = ?", (session_id,)).fetchone()
        return row[0] if row else 0

    def set_name(self, session_id: int, side: str, label: str, name: str) -> str:
        """Name a pair (``side`` NS/EW in a Mitchell, empty in a Howell) or a team (``side``
        ``team``); returns the name it replaces (empty if none)."""
        old = self.names(session_id).get((side, label), "")
        self.db.execute("INSERT INTO club_names (session_id, side, label, name) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT(session_id, side, label) DO UPDATE SET name = excluded.name",
                        (session_id, side, label, name))
        return old

    def names(self, session_id: int) -> dict[tuple[str, str], str]:
        """The session's names: ``{(side, label): name}``."""
        rows = self.db.execute("SELECT side, label, name FROM club_names WHERE session_id = ?", (session_id,))
        return {(side, label): name for side, label, name in rows}

    def set_hands(self, session_id: int, deals: dict[int, str], analysis: dict[int, str]) -> None:
        """Store the hand records of a session (board → PBN deal, board → double-dummy JSON or
        empty), replacing those of the same boards."""
        self.db.conn.executemany(
            "INSERT INTO club_hands (session_id, board, deal, analysis) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(session_id, board) DO UPDATE SET deal = excluded.deal, analysis = excluded.analysis",
            [(session_id, board, deal, analysis.get(board, "")) for board, deal in deals.items()])

    def hands(self, session_id: int) -> dict[int, tuple[str, str]]:
        """The session's hand records: ``{board: (deal, analysis JSON or "")}``."""
        rows = self.db.execute("SELECT board, deal, analysis FROM club_hands WHERE session_id = ?", (session_id,))
        return {board: (deal, analysis or "") for board, deal, analysis in rows}

    def delete_extras(self, session_id: int) -> None:
        """Delete a session's names and hand records (with the session itself).  Its version
        row stays: a later session that reuses the id counts on from it, so no memoised report
        of the deleted session can be mistaken for the new one's."""
        for table in ("club_names", "club_hands"):
            self.db.execute(f"DELETE FROM {table} WHERE session_id = ?", (session_id,))


def _create_extras(db: sqlite_utils.Database) -> None:
    """Columns and tables added by issue 12, created when missing (so older databases gain them)."""
    columns = {column.name for column in db["sessions"].columns}
    for name, declaration in (("movement", "TEXT NOT NULL DEFAULT ''"), ("boards_given", "INTEGER NOT NULL DEFAULT 0")):
        if name not in columns:
            try:
                db.execute(f"ALTER TABLE sessions ADD COLUMN {name} {declaration}")
            except sqlite3.OperationalError as err:  # another process added it first
                if "duplicate column" not in str(err):
                    raise
    db.execute("CREATE TABLE IF NOT EXISTS club_names (session_id INTEGER NOT NULL, side TEXT NOT NULL, "
               "label TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (session_id, side, label))")
    db.execute("CREATE TABLE IF NOT EXISTS club_hands (session_id INTEGER NOT NULL, board INTEGER NOT NULL, "
               "deal TEXT NOT NULL, analysis TEXT NOT NULL DEFAULT '', PRIMARY KEY (session_id, board))")
    db.execute("CREATE TABLE IF NOT EXISTS club_versions (session_id INTEGER PRIMARY KEY, version INTEGER NOT NULL)")
    bump = ("INSERT INTO club_versions (session_id, version) VALUES ({row}.session_id, 1) "
            "ON CONFLICT(session_id) DO UPDATE SET version = version + 1;")
    for table in ("results", "club_names", "club_hands"):
        for event, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
            db.execute(f"CREATE TRIGGER IF NOT EXISTS {table}_{event.lower()}_bumps_version AFTER {event} ON {table} "
                       f"BEGIN {bump.format(row=row)} END")


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
