"""Keep the test run hermetic: the club database and the search cache live in temporary folders,
never in the working directory or the user's ~/.cache."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def _private_state(tmp_path_factory):
    patch = pytest.MonkeyPatch()
    patch.setenv("BRIDGEBOT_DB", str(tmp_path_factory.mktemp("state") / "bridgebot.db"))
    patch.setenv("BRIDGEBOT_CACHE", str(tmp_path_factory.mktemp("cache")))
    yield
    patch.undo()


ENGINES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def pg_server():
    """A real PostgreSQL server for the whole run (tests/pg_server.py), stopped at the end."""
    from pg_server import PostgresServer, pg_bin

    if pg_bin() is None:
        pytest.skip("PostgreSQL is not installed (make test installs Debian's postgresql)")
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture
def database_url(request, pg_server):
    """A PostgreSQL URL whose tables are this test's own (a new schema, dropped afterwards)."""
    import psycopg

    schema = f"t{abs(hash(request.node.nodeid)) % 10 ** 12}_{id(request)}"
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield pg_server.schema_url(schema)
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=ENGINES)
def store(request):
    """A club store on each engine in turn: SQLite in memory, then PostgreSQL (a schema of its own
    on the session's server); closed after the test."""
    from bot.club import ClubStore

    target = ":memory:" if request.param == "sqlite" else request.getfixturevalue("database_url")
    club_store = ClubStore(target)
    yield club_store
    club_store.close()
