"""The phrase look-ups saved next to the index: read back the same, rebuilt when unreadable or stale."""

from __future__ import annotations

import logging

import pytest

from bot.search import phrase_cache
from bot.search.phrases import PhraseIndex, PooledIndex
from bot.search.searcher import Searcher

QUESTIONS = ["防家掉了一张牌在桌上", "declarer claimed the rest", "叫牌不足怎么办", "明手能不能提醒庄家"]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


def _lookups(searcher: Searcher) -> list:
    return [(searcher.phrases.best_by_key(q), searcher.pools.best_by_key(q), searcher.clause_pools.best_by_key(q))
            for q in QUESTIONS]


def test_a_second_start_reads_the_saved_lookups_and_answers_the_same(cache_dir):
    first = Searcher.open(cache_dir=cache_dir)
    saved = list(cache_dir.glob("*.marshal"))
    assert len(saved) == 1
    second = Searcher.open(cache_dir=cache_dir)
    assert _lookups(second) == _lookups(first)
    assert [second.ask(q).to_json() for q in QUESTIONS] == [first.ask(q).to_json() for q in QUESTIONS]


def test_an_unreadable_file_is_rebuilt_not_trusted(cache_dir, caplog):
    good = Searcher.open(cache_dir=cache_dir)
    path = next(cache_dir.glob("*.marshal"))
    path.write_bytes(b"\x00garbage")
    with caplog.at_level(logging.WARNING, logger="bot.search.phrase_cache"):
        rebuilt = Searcher.open(cache_dir=cache_dir)
    assert "rebuilding" in caplog.text
    assert _lookups(rebuilt) == _lookups(good)
    assert path.stat().st_size > 1000   # saved again


def test_a_file_of_other_lookups_is_not_used(tmp_path):
    path = tmp_path / "x.marshal"
    built = phrase_cache.load_or_build(path, lambda: (PhraseIndex([(("k", 1), "明手")]),), (PhraseIndex,))
    # the same file asked for two look-ups: the count does not match, so they are built
    again = phrase_cache.load_or_build(path, lambda: (PhraseIndex([(("k", 1), "明手")]), PooledIndex([])),
                                       (PhraseIndex, PooledIndex))
    assert len(again) == 2 and built[0].keys == again[0].keys


def test_a_cache_folder_that_cannot_be_written_only_costs_time(tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr(phrase_cache.tempfile, "mkstemp", refuse)
    built = phrase_cache.load_or_build(tmp_path / "y.marshal", lambda: (PhraseIndex([(("k", 1), "明手")]),),
                                       (PhraseIndex,))
    assert built[0].best_by_key("明手是谁") and not list(tmp_path.iterdir())


def test_old_lookups_do_not_pile_up_in_the_cache_folder(tmp_path):
    import os

    (tmp_path / "search-a.sqlite").write_bytes(b"")
    for age, code in enumerate("12345"):
        path = tmp_path / f"search-a.sqlite.phrases-{code}.marshal"
        path.write_bytes(b"x")
        os.utime(path, (1000 - age, 1000 - age))        # 1 is the newest
    gone = tmp_path / "search-b.sqlite.phrases-1.marshal"  # its index was pruned
    gone.write_bytes(b"x")
    other = tmp_path / "jieba-a.dict"
    other.write_bytes(b"x")
    phrase_cache.prune(tmp_path)
    left = sorted(p.name for p in tmp_path.glob("*.marshal"))
    assert left == [f"search-a.sqlite.phrases-{c}.marshal" for c in "123"][:phrase_cache.KEEP_PER_INDEX]
    assert other.exists() and (tmp_path / "search-a.sqlite").exists()


def test_saving_lookups_prunes_the_folder(tmp_path):
    stale = tmp_path / "search-gone.sqlite.phrases-0.marshal"
    stale.write_bytes(b"x")
    (tmp_path / "search-z.sqlite").write_bytes(b"")
    phrase_cache.load_or_build(tmp_path / "search-z.sqlite.phrases-1.marshal",
                               lambda: (PhraseIndex([(("k", 1), "明手")]),), (PhraseIndex,))
    assert not stale.exists() and (tmp_path / "search-z.sqlite.phrases-1.marshal").exists()
