"""Fixtures of the search tests: the search over the real corpus (built once per run)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def corpus_searcher():
    """A :class:`bot.search.Searcher` over the real rulebook, situations and missing laws."""
    from bot.search.searcher import Searcher

    s = Searcher.open()
    yield s
    s.close()
