"""The index: built into the cache directory, reused, rebuilt when the rulebook changes."""

import json
import shutil
from pathlib import Path

import pytest

from bot.search.index import KEEP_INDEXES, documents, ensure_index, load_glossary
from bot.rulebook.model import load
from bot.search.searcher import Searcher
from bot.search.segment import Segmenter

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "rulebook_small.json"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    files = ensure_index(load(FIXTURE), load_glossary(), cache)
    return cache, files


def test_index_and_jieba_cache_live_in_the_cache_dir(built):
    cache, files = built
    assert files.db.parent == cache and files.dictionary.parent == cache
    Segmenter(files.dictionary, cache)
    names = sorted(p.name for p in cache.iterdir())
    assert names == sorted([files.db.name, files.dictionary.name, f"{files.dictionary.stem}.cache"])


def test_index_is_reused_when_nothing_changed(built):
    cache, files = built
    stamp = files.db.stat().st_mtime_ns
    again = ensure_index(load(FIXTURE), load_glossary(), cache)
    assert again == files and files.db.stat().st_mtime_ns == stamp


def test_index_rebuilds_after_a_rulebook_change(tmp_path):
    rulebook = tmp_path / "rulebook.json"
    shutil.copy(FIXTURE, rulebook)
    cache = tmp_path / "cache"
    # (no situation phrases: they do not take part in the staleness check, and building them twice costs 10 s)
    no_situations = tmp_path / "no-situations"
    no_situations.mkdir()
    before = Searcher.open(rulebook, cache_dir=cache, situations=no_situations)
    assert not before.ask("麒麟").confident
    old_db = next(cache.glob("search-*.sqlite"))

    data = json.loads(rulebook.read_text(encoding="utf-8"))
    law = next(law for law in data["laws"] if law["number"] == 42)
    clause = next(c for c in law["clauses"] if c["id"] == "42B2")
    clause["text"] += "明手看到麒麟时也可以提醒。"
    rulebook.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    load.cache_clear()

    after = Searcher.open(rulebook, cache_dir=cache, situations=no_situations)
    hit = after.ask("麒麟").hits[0]
    assert (hit.law, hit.clause) == (42, "42B2")
    assert len(list(cache.glob("search-*.sqlite"))) == 2 and old_db.exists()


def test_old_indexes_are_pruned(tmp_path):
    rulebook = tmp_path / "rulebook.json"
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    cache = tmp_path / "cache"
    no_situations = tmp_path / "no-situations"   # (pruning does not depend on them; four builds with them cost 20 s)
    no_situations.mkdir()
    for n in range(KEEP_INDEXES + 1):
        data["edition"] = f"edition {n}"
        rulebook.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        load.cache_clear()
        ensure_index(load(rulebook), {}, cache, no_situations)
    assert len(list(cache.glob("search-*.sqlite"))) == KEEP_INDEXES
    assert len(list(cache.glob("jieba-*.dict"))) == KEEP_INDEXES


@pytest.mark.parametrize(
    "text, word",
    [("防家有一张轻罚张", "轻罚张"), ("防家有重罚张时", "重罚张"), ("明手不得主动召请裁判", "召请裁判"), ("庄家的同伴", "庄家")],
)
def test_domain_words_stay_whole(built, text, word):
    cache, files = built
    assert word in Segmenter(files.dictionary, cache).cut(text)


def test_search_tokens_include_inner_words(built):
    cache, files = built
    segmenter = Segmenter(files.dictionary, cache)
    tokens = segmenter.tokens("轻罚张的处理")
    assert tokens[0] == "轻罚张的处理" and {"轻罚张", "罚张", "处理"} <= set(tokens)
    tokens.append("changed by the caller")   # (the tokens are kept once cut; each caller gets its own list)
    assert segmenter.tokens("轻罚张的处理") == tokens[:-1]


def test_documents_carry_law_clause_and_parent_titles():
    rows = {(r["law"], r["clause"], r["term"]): r for r in documents(load(FIXTURE))}
    row = rows[(50, "50D2a", None)]
    assert row["title"] == "罚张的处理 · 要求或禁止引出罚张花色"
    assert row["title_words"] == "要求或禁止引出罚张花色 违规者同伴引牌时 重罚张的处理 罚张的处理"
    assert row["heading"] == "第五章 打牌 第四节 罚张"
    assert rows[(0, None, "明手")]["title"] == "明手 (DUMMY)"
    # Pure headings (no text of their own, children below) are not separate rows.
    assert (43, "43A", None) not in rows and (42, None, None) not in rows
    assert (50, None, None) in rows


def test_everyday_words_are_kept_apart_from_typos(built):
    import sqlite3

    _, files = built
    db = sqlite3.connect(files.db)
    common = {w for (w,) in db.execute("SELECT word FROM common")}
    assert "主意" in common and "名手" not in common  # 名手 is rare enough to be a typo of 明手
    assert not common & {w for (w,) in db.execute("SELECT word FROM vocab")}
