"""One small database interface, two engines: SQLite (the embedded default) and PostgreSQL
(psycopg 3 with a connection pool), for the club store, the chat context and the update inbox.

SQL is written once, with ``?`` placeholders, and always sent with its parameters apart (the
PostgreSQL engine turns ``?`` into psycopg's ``%s``); a migration statement that must differ between
the engines is a :func:`dialects` pair.  :meth:`Database.transaction` is one unit of work: committed
whole or rolled back whole, a nested one is a savepoint.  Migrations run once, under a lock
(``BEGIN IMMEDIATE`` in SQLite, ``pg_advisory_xact_lock`` in PostgreSQL), so replicas that start
together neither fail nor migrate twice."""

from __future__ import annotations

import contextlib
import contextvars
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence

BUSY_TIMEOUT_S = 60.0  # a SQLite writer waits this long for another's transaction (bursts of imports)
POOL_SIZE = 16  # PostgreSQL connections a process keeps at most (club threads + inbox workers + context)
_MIGRATE_LOCK = 0x6272_6462  # "brdb": the advisory lock key every replica's migration waits on


def is_postgres_url(target: str) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) connection URL."""
    return str(target).startswith(("postgresql://", "postgres://"))


def dialects(sqlite: str, postgresql: str) -> dict[str, str]:
    """A migration statement spelt differently by the two engines (triggers, identity columns)."""
    return {"sqlite": sqlite, "postgresql": postgresql}


class Rows:
    """The rows a statement returned, already fetched (a pooled connection goes back at once)."""

    def __init__(self, rows: list, rowcount: int = -1, lastrowid: int | None = None):
        self._rows, self.rowcount, self.lastrowid = rows, rowcount, lastrowid

    def fetchone(self):
        """The first row, or None."""
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list:
        """Every row."""
        return list(self._rows)

    def __iter__(self):
        return iter(self._rows)


class Database:
    """What both engines offer; open one with :func:`open_database`."""

    engine = ""

    def execute(self, sql: str, params: Sequence = ()) -> Rows:
        """Run one statement with ``params``; its rows as tuples."""
        raise NotImplementedError

    def query(self, sql: str, params: Sequence = ()) -> list[dict]:
        """Run one query with ``params``; its rows as dicts."""
        raise NotImplementedError

    def executemany(self, sql: str, rows: Sequence[Sequence]) -> None:
        """Run one statement once per parameter row."""
        raise NotImplementedError

    def insert(self, sql: str, params: Sequence = ()) -> int:
        """Run one ``INSERT`` into a table with an ``id`` column; the new row's id."""
        raise NotImplementedError

    def transaction(self, lock_key: str | None = None):
        """A unit of work (context manager): committed whole, or rolled back if anything raises;
        nested, a savepoint.  ``lock_key`` (a chat id) serialises the units of work of that key
        across processes too (SQLite's write lock already serialises all of them)."""
        raise NotImplementedError

    def migrate(self, migrations: Sequence[Sequence]) -> int:
        """Bring the schema to ``len(migrations)``, once, under a lock; the version it found."""
        raise NotImplementedError

    def close(self) -> None:
        """Close the connection(s)."""


def _statement(statement, engine: str) -> str:
    return statement[engine] if isinstance(statement, dict) else statement


class SqliteDatabase(Database):
    """One SQLite connection shared by the process's threads (a lock around each use); several
    processes may share the file (WAL mode, writers wait up to :data:`BUSY_TIMEOUT_S`)."""

    engine = "sqlite"

    def __init__(self, path: str | os.PathLike = ":memory:") -> None:
        path = str(path)
        if path != ":memory:":
            _create_private(path)
        self.conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=BUSY_TIMEOUT_S)
        self.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        if path != ":memory:":
            _use_wal(self.conn)
            self.conn.execute("PRAGMA synchronous = NORMAL")  # WAL keeps committed data safe across a crash
        self.path = path
        self._lock = threading.RLock()
        self._depth = 0

    def execute(self, sql, params=()):
        with self._lock:
            cursor = self.conn.execute(sql, tuple(params))
            return Rows(cursor.fetchall(), cursor.rowcount, cursor.lastrowid)

    def query(self, sql, params=()):
        with self._lock:
            cursor = self.conn.execute(sql, tuple(params))
            names = [column[0] for column in cursor.description or ()]
            return [dict(zip(names, row)) for row in cursor.fetchall()]

    def executemany(self, sql, rows):
        with self._lock:
            self.conn.executemany(sql, [tuple(row) for row in rows])

    def insert(self, sql, params=()):
        return self.execute(sql, params).lastrowid

    @contextlib.contextmanager
    def transaction(self, lock_key=None) -> Iterator[SqliteDatabase]:
        with self._lock:
            name = f"s{self._depth}"
            self.conn.execute("BEGIN IMMEDIATE" if self._depth == 0 else f"SAVEPOINT {name}")
            self._depth += 1
            try:
                yield self
            except BaseException:
                self._depth -= 1
                if self._depth == 0:
                    self.conn.execute("ROLLBACK")
                else:
                    self.conn.execute(f"ROLLBACK TO {name}")
                    self.conn.execute(f"RELEASE {name}")
                raise
            self._depth -= 1
            self.conn.execute("COMMIT" if self._depth == 0 else f"RELEASE {name}")

    def migrate(self, migrations):
        with self._lock, self.transaction():
            self.conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            found = self.conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0]
            for version in range(found + 1, len(migrations) + 1):
                for statement in migrations[version - 1]:
                    self.conn.execute(_statement(statement, self.engine))
                self.conn.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
            return found

    def close(self):
        self.conn.close()


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL mode.  The switch wants the file to itself and SQLite does not wait
    for that (no busy handler), so when many processes open a new file at once some are told it
    is locked: they try again for up to :data:`BUSY_TIMEOUT_S`."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _create_private(path: str) -> None:
    """Create the database file readable by its owner only (it holds Telegram user ids); SQLite gives
    its -wal and -shm files the same permissions.  An existing file keeps the permissions it has."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass


def _pg(sql: str) -> str:
    """``?`` placeholders as psycopg's ``%s`` (and a literal ``%`` doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresDatabase(Database):
    """PostgreSQL through a psycopg 3 connection pool.  A transaction keeps one connection for its
    context (the thread, or the task and the worker threads it hands work to); a statement outside
    any transaction borrows a connection for itself, in autocommit."""

    engine = "postgresql"

    def __init__(self, url: str, max_size: int = POOL_SIZE) -> None:
        from psycopg_pool import ConnectionPool

        self.url = url
        self.pool = ConnectionPool(url, min_size=1, max_size=max_size, kwargs={"autocommit": True},
                                   open=True, name="bridgebot")
        self.pool.wait(timeout=30)
        self._current: contextvars.ContextVar = contextvars.ContextVar(f"pg{id(self)}", default=None)

    @contextlib.contextmanager
    def _connection(self):
        current = self._current.get()
        if current is not None:
            yield current
            return
        with self.pool.connection() as conn:
            yield conn

    def execute(self, sql, params=()):
        with self._connection() as conn:
            cursor = conn.execute(_pg(sql), tuple(params)) if params else conn.execute(sql)
            rows = cursor.fetchall() if cursor.description else []
            return Rows(rows, cursor.rowcount)

    def query(self, sql, params=()):
        from psycopg.rows import dict_row

        with self._connection() as conn, conn.cursor(row_factory=dict_row) as cursor:
            cursor.execute(_pg(sql), tuple(params)) if params else cursor.execute(sql)
            return cursor.fetchall()

    def executemany(self, sql, rows):
        rows = [tuple(row) for row in rows]
        if rows:
            with self._connection() as conn, conn.cursor() as cursor:
                cursor.executemany(_pg(sql), rows)

    def insert(self, sql, params=()):
        return self.execute(sql + " RETURNING id", params).fetchone()[0]

    @contextlib.contextmanager
    def transaction(self, lock_key=None) -> Iterator[PostgresDatabase]:
        current = self._current.get()
        if current is not None:  # nested: a savepoint on the same connection
            with current.transaction():
                self._lock(current, lock_key)
                yield self
            return
        with self.pool.connection() as conn:
            token = self._current.set(conn)
            try:
                with conn.transaction():
                    self._lock(conn, lock_key)
                    yield self
            finally:
                self._current.reset(token)

    @contextlib.contextmanager
    def bound(self, conn) -> Iterator[None]:
        """Make ``conn`` (in a transaction of its caller's) this context's connection: every
        statement and :meth:`transaction` inside runs on it, so they commit or roll back with it."""
        token = self._current.set(conn)
        try:
            yield
        finally:
            self._current.reset(token)

    @staticmethod
    def _lock(conn, lock_key) -> None:
        if lock_key is not None:
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (str(lock_key),))

    def migrate(self, migrations):
        with self.pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATE_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            found = conn.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0]
            for version in range(found + 1, len(migrations) + 1):
                for statement in migrations[version - 1]:
                    conn.execute(_statement(statement, self.engine))
                conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))
            return found

    def close(self):
        self.pool.close()


def open_database(target: str | os.PathLike) -> Database:
    """A PostgreSQL database for a ``postgresql://`` URL, else the SQLite file ``target``
    (``":memory:"`` for one in memory)."""
    if is_postgres_url(str(target)):
        return PostgresDatabase(str(target))
    return SqliteDatabase(target)
