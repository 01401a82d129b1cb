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


@pytest.fixture
def store():
    """A club store in memory, closed after the test."""
    from bot.club import ClubStore

    club_store = ClubStore(":memory:")
    yield club_store
    club_store.close()
