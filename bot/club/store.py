"""Storage of club sessions and results, one transaction per command, in SQLite (the default, a
file) or PostgreSQL (``BRIDGEBOT_DATABASE_URL``, shared by several replicas): see
:mod:`bot.base.database` for the two engines and :mod:`bot.club.schema` for the migrations.

Nothing is ever deleted: a replaced result is kept inactive and comes back on ``/undo``; an
undone result is kept, marked with who took it back, and comes back on ``/redo``; a deleted
session is only marked deleted and comes back on ``/session restore``.  A command that fails
part-way is rolled back whole.

The schema is created and migrated once, under a lock, so processes that open a new database at
the same moment neither fail nor migrate twice; in SQLite WAL mode and a busy timeout let bursts
of writers wait their turn."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from datetime import datetime, timezone

from bot.base.database import BUSY_TIMEOUT_S, Database, open_database
from bot.club.model import Result, Session
from bot.club.schema import MIGRATIONS, SCHEMA_VERSION

__all__ = ["BUSY_TIMEOUT_S", "DEFAULT_PATH", "MIGRATIONS", "SCHEMA_VERSION", "ClubStore", "default_store"]

DEFAULT_PATH = "./bridgebot.db"
_SESSION_COLUMNS = ("id", "chat_id", "kind", "name", "creator_id", "status", "boards", "home", "away",
                    "created_at", "movement", "boards_given", "tables", "per_round")
_RESULT_COLUMNS = "id, board, ns, ew, room, contract, declarer, score_ns"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class ClubStore:
    """Club sessions and their results in one database.

    ``ClubStore(":memory:")`` for tests, ``ClubStore("club.db")`` for a SQLite file,
    ``ClubStore("postgresql://…")`` for PostgreSQL.  Safe to share between threads; several
    processes may share the database (SQLite: WAL mode, a writer waits up to
    :data:`BUSY_TIMEOUT_S` for another; PostgreSQL: a pool, one chat's commands in turn)."""

    def __init__(self, path: str | os.PathLike = DEFAULT_PATH) -> None:
        self.db: Database = open_database(path)
        self.path = str(path)
        self.db.migrate(MIGRATIONS)

    def close(self) -> None:
        """Close the database connection(s)."""
        self.db.close()

    @contextlib.contextmanager
    def transaction(self, chat_id: int | str | None = None) -> Iterator[ClubStore]:
        """One command's changes: all committed together, or none if anything raises.  ``chat_id``
        keeps one chat's commands in turn across processes (PostgreSQL; SQLite's write lock does it)."""
        with self.db.transaction(lock_key=None if chat_id is None else f"chat:{chat_id}"):
            yield self

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
        """The chat's open session, else the one that ended last, else None (deleted ones never)."""
        return self.open_session(chat_id) or self._session("chat_id = ? AND status != 'deleted'", (str(chat_id),))

    def create_session(self, chat_id: int | str, kind: str, name: str, creator_id: int | str,
                       boards: int, home: str = "", away: str = "") -> Session:
        """Open a new session in a chat (the caller checks that none is open)."""
        new_id = self.db.insert(
            "INSERT INTO sessions (chat_id, kind, name, creator_id, status, boards, home, away, created_at) "
            "VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?)",
            (str(chat_id), kind, name, str(creator_id), boards, home, away, _now()))
        return self._session("id = ?", (new_id,))

    def end_session(self, session_id: int) -> None:
        """Close a session to further results."""
        self.db.execute("UPDATE sessions SET status = 'ended', ended_at = ? WHERE id = ?", (_now(), session_id))

    def delete_session(self, session_id: int) -> int:
        """Mark a session deleted (its results stay, for :meth:`restore_session`); returns how
        many current results it has."""
        count = self.db.execute("SELECT count(*) FROM results WHERE session_id = ? AND active = 1",
                                (session_id,)).fetchone()[0]
        self.db.execute("UPDATE sessions SET status = 'deleted', deleted_at = ? WHERE id = ?", (_now(), session_id))
        return count

    def deleted_session(self, chat_id: int | str) -> tuple[Session, bool] | None:
        """The chat's most recently deleted session and whether it had ended, or None."""
        rows = list(self.db.query(
            f"SELECT {', '.join(_SESSION_COLUMNS)}, ended_at FROM sessions WHERE chat_id = ? AND status = 'deleted' "
            "ORDER BY deleted_at DESC, id DESC LIMIT 1", (str(chat_id),)))
        if not rows:
            return None
        ended = rows[0].pop("ended_at") is not None
        return Session(**rows[0]), ended

    def restore_session(self, session_id: int, ended: bool) -> None:
        """Bring a deleted session back, open or ended as it was."""
        self.db.execute("UPDATE sessions SET status = ?, deleted_at = NULL WHERE id = ?",
                        ("ended" if ended else "open", session_id))

    # Results

    def results(self, session_id: int, board: int | None = None) -> list[Result]:
        """The session's current results (optionally of one board), in board then entry order."""
        where, params = "session_id = ? AND active = 1", [session_id]
        if board is not None:
            where += " AND board = ?"
            params.append(board)
        rows = self.db.query(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE {where} ORDER BY board, id", params)
        return [Result(**row) for row in rows]

    def next_batch(self, session_id: int) -> int:
        """A new batch number: everything one command records shares it, and /undo removes it whole."""
        row = self.db.execute("SELECT max(b) FROM (SELECT max(batch) AS b FROM results WHERE session_id = ? "
                              "UNION ALL SELECT max(batch) FROM club_changes WHERE session_id = ?) AS batches",
                              (session_id, session_id)).fetchone()
        return (row[0] or 0) + 1

    def next_undo_seq(self, session_id: int) -> int:
        """A new undo number, shared by results and changes: /redo brings back the latest."""
        row = self.db.execute("SELECT max(s) FROM (SELECT max(undo_seq) AS s FROM results WHERE session_id = ? "
                              "UNION ALL SELECT max(undo_seq) FROM club_changes WHERE session_id = ?) AS seqs",
                              (session_id, session_id)).fetchone()
        return (row[0] or 0) + 1

    def recorded_by(self, result_id: int) -> str:
        """Who entered the result ``result_id`` (a user id as text)."""
        row = self.db.execute("SELECT recorded_by FROM results WHERE id = ?", (result_id,)).fetchone()
        return row[0] if row else ""

    def last_batch(self, session_id: int, recorded_by: int | str | None = None) -> int:
        """The last batch with current results (of ``recorded_by``'s, when given); 0 when none."""
        where, params = "session_id = ? AND active = 1", [session_id]
        if recorded_by is not None:
            where += " AND recorded_by = ?"
            params.append(str(recorded_by))
        return self.db.execute(f"SELECT max(batch) FROM results WHERE {where}", params).fetchone()[0] or 0

    def last_undo_seq(self, session_id: int, undone_by: int | str | None = None) -> int:
        """The latest undo of results still undone (by ``undone_by``, when given); 0 when none."""
        where, params = "session_id = ? AND undone_at IS NOT NULL AND active = 0", [session_id]
        if undone_by is not None:
            where += " AND undone_by = ?"
            params.append(str(undone_by))
        return self.db.execute(f"SELECT max(undo_seq) FROM results WHERE {where}", params).fetchone()[0] or 0

    def add_result(self, session_id: int, result: Result, batch: int, user_id: int | str,
                   replaces: Result | None = None) -> int:
        """Store a result; ``replaces`` (an earlier result) is kept but set aside. Returns the new id."""
        if replaces is not None:
            self.db.execute("UPDATE results SET active = 0 WHERE id = ?", (replaces.id,))
        return self.db.insert(
            "INSERT INTO results (session_id, batch, board, ns, ew, room, contract, declarer, score_ns, "
            "active, replaces, recorded_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
            (session_id, batch, result.board, result.ns, result.ew, result.room, result.contract,
             result.declarer, result.score_ns, replaces.id if replaces else None, str(user_id), _now()))

    def undo_last(self, session_id: int, user_id: int | str,
                  recorded_by: int | str | None = None) -> tuple[list[Result], list[Result]]:
        """Take back the last batch that still has current results (of ``recorded_by``'s, when
        given) and bring back what it replaced: ``(taken back, restored)``.  The taken-back rows
        stay, marked undone by ``user_id``, for :meth:`redo`."""
        batch = self.last_batch(session_id, recorded_by)
        if not batch:
            return [], []
        rows = list(self.db.query(
            f"SELECT {_RESULT_COLUMNS}, replaces FROM results WHERE session_id = ? AND batch = ? AND active = 1 "
            "ORDER BY id", (session_id, batch)))
        replaced_ids = [row.pop("replaces") for row in rows]
        seq = self.next_undo_seq(session_id)
        self.db.execute("UPDATE results SET active = 0, undone_by = ?, undone_at = ?, undo_seq = ? "
                        "WHERE session_id = ? AND batch = ? AND active = 1", (str(user_id), _now(), seq, session_id, batch))
        restored = []
        for rid in filter(None, replaced_ids):
            # Only a result set aside by a correction comes back, never one that was itself undone.
            self.db.execute("UPDATE results SET active = 1 WHERE id = ? AND undone_at IS NULL", (rid,))
            restored += [Result(**row) for row in self.db.query(
                f"SELECT {_RESULT_COLUMNS} FROM results WHERE id = ? AND active = 1", (rid,))]
        return [Result(**row) for row in rows], restored

    def last_undone(self, session_id: int, undone_by: int | str | None = None) -> list[tuple[Result, int | None]]:
        """The results of the latest undo still undone (by ``undone_by``, when given), each with
        the id of the result it had replaced; empty when there is none."""
        seq = self.last_undo_seq(session_id, undone_by)
        if not seq:
            return []
        rows = self.db.query(f"SELECT {_RESULT_COLUMNS}, replaces FROM results WHERE session_id = ? AND undo_seq = ? "
                             "AND active = 0 AND undone_at IS NOT NULL ORDER BY id", (session_id, seq))
        return [(Result(**{k: v for k, v in row.items() if k != "replaces"}), row["replaces"]) for row in rows]

    def redo(self, results: list[tuple[Result, int | None]]) -> None:
        """Make undone results current again, setting aside what each had replaced."""
        for result, replaced in results:
            self.db.execute("UPDATE results SET active = 1, undone_by = NULL, undone_at = NULL, undo_seq = NULL "
                            "WHERE id = ?", (result.id,))
            if replaced:
                self.db.execute("UPDATE results SET active = 0 WHERE id = ?", (replaced,))

    # Movements, names, hand records and the session version (issue 12)

    def set_session_options(self, session_id: int, movement: str, boards_given: bool, tables: int = 0,
                            per_round: int = 0) -> Session:
        """Record a new session's movement (``mitchell``/``howell``, empty for teams), whether its
        board count was given (VPs then use the scheduled boards), and its tables and boards a
        round (0 when not given); returns the session."""
        self.db.execute("UPDATE sessions SET movement = ?, boards_given = ?, tables = ?, per_round = ? WHERE id = ?",
                        (movement, int(boards_given), tables, per_round, session_id))
        return self._session("id = ?", (session_id,))

    def add_results(self, session_id: int, results: list[Result], batch: int, user_id: int | str) -> None:
        """Store many new results of one batch at once (an import): one statement, no replacements."""
        now = _now()
        self.db.executemany(
            "INSERT INTO results (session_id, batch, board, ns, ew, room, contract, declarer, score_ns, "
            "active, replaces, recorded_by, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, NULL, ?, ?)",
            [(session_id, batch, r.board, r.ns, r.ew, r.room, r.contract, r.declarer, r.score_ns, str(user_id), now)
             for r in results])

    def version(self, session_id: int) -> int:
        """A number that changes whenever the session's results, names or hands change (kept by
        triggers, so every writer bumps it): reports are memoised on it."""
        row = self.db.execute("SELECT version FROM club_versions WHERE session_id = ?", (session_id,)).fetchone()
        return row[0] if row else 0

    def set_name(self, session_id: int, side: str, label: str, name: str, user_id: int | str = "") -> str:
        """Name a pair (``side`` NS/EW in a Mitchell, empty in a Howell) or a team (``side``
        ``team``), as ``user_id``; returns the name it replaces (empty if none)."""
        old = self.names(session_id).get((side, label), "")
        self.db.execute("INSERT INTO club_names (session_id, side, label, name, set_by) VALUES (?, ?, ?, ?, ?) "
                        "ON CONFLICT(session_id, side, label) DO UPDATE SET name = excluded.name, "
                        "set_by = excluded.set_by", (session_id, side, label, name, str(user_id)))
        return old

    def name_set_by(self, session_id: int, side: str, label: str) -> str | None:
        """Who gave the pair or team its name (``""`` when not known); None when it has none."""
        row = self.db.execute("SELECT set_by FROM club_names WHERE session_id = ? AND side = ? AND label = ?",
                              (session_id, side, label)).fetchone()
        return row[0] if row else None

    def names(self, session_id: int) -> dict[tuple[str, str], str]:
        """The session's names: ``{(side, label): name}``."""
        rows = self.db.execute("SELECT side, label, name FROM club_names WHERE session_id = ?", (session_id,))
        return {(side, label): name for side, label, name in rows}

    def set_hands(self, session_id: int, deals: dict[int, str], analysis: dict[int, str],
                  user_id: int | str | None = None) -> None:
        """Store the hand records of a session (board → PBN deal, board → double-dummy JSON or
        empty), replacing those of the same boards; ``user_id`` is who sent them (None: whoever
        did before, for an analysis added later)."""
        self.db.executemany(
            "INSERT INTO club_hands (session_id, board, deal, analysis, set_by) VALUES (?, ?, ?, ?, coalesce(?, '')) "
            "ON CONFLICT(session_id, board) DO UPDATE SET deal = excluded.deal, analysis = excluded.analysis, "
            "set_by = coalesce(?, club_hands.set_by)",
            [(session_id, board, deal, analysis.get(board, ""), user, user)
             for board, deal in deals.items() for user in [None if user_id is None else str(user_id)]])

    def hands_set_by(self, session_id: int) -> dict[int, str]:
        """Who sent each board's hand record: ``{board: user id}`` (``""`` when not known)."""
        rows = self.db.execute("SELECT board, set_by FROM club_hands WHERE session_id = ?", (session_id,))
        return dict(rows)

    def hands(self, session_id: int) -> dict[int, tuple[str, str]]:
        """The session's hand records: ``{board: (deal, analysis JSON or "")}``."""
        rows = self.db.execute("SELECT board, deal, analysis FROM club_hands WHERE session_id = ?", (session_id,))
        return {board: (deal, analysis or "") for board, deal, analysis in rows}


_opened: dict[str, ClubStore] = {}
_opened_lock = threading.Lock()


def default_store() -> ClubStore:
    """The process's store on ``$BRIDGEBOT_DATABASE_URL`` (PostgreSQL) when set, else on
    ``$BRIDGEBOT_DB`` (default ``./bridgebot.db``), opened on first use and kept open; a different
    value later (tests) gets its own store."""
    path = os.environ.get("BRIDGEBOT_DATABASE_URL") or os.environ.get("BRIDGEBOT_DB") or DEFAULT_PATH
    with _opened_lock:
        if path not in _opened:
            _opened[path] = ClubStore(path)
        return _opened[path]
