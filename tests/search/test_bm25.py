"""The Python bm25 of bot.search.bm25 ranks exactly as SQLite's FTS5 bm25() does."""

from __future__ import annotations

import pytest

from bot.search.query import understand


def _phrases(searcher, question: str) -> list[tuple[str, str | None]]:
    q = understand(question, searcher.segmenter, searcher.lexicon)
    return [(t, None) for t, w in q.terms.items() for _ in range(w)] + [(g, "t_bigrams") for g in q.bigrams]


@pytest.mark.parametrize("question", [
    "明手能不能提醒庄家从错误的一手出牌",  # words asked for several times, pairs in one column
    "我是庄家，对方亮了一张牌，之后轮到他出牌时他没有出那张牌，怎么处理",
    "partner hesitated a long time before passing, can I still bid",
    "罚张",
    "牌",  # a character in most rows
])
@pytest.mark.parametrize("limit", [3, 20, 1000])
def test_same_rows_order_and_scores_as_sqlite(corpus_searcher, question, limit):
    full_text = corpus_searcher.full_text
    phrases = _phrases(corpus_searcher, question)
    assert phrases
    found = full_text.search(phrases, limit)
    assert found == full_text._search_sqlite(phrases, limit)
    assert 0 < len(found) <= limit


def test_a_word_fts5_would_split_goes_to_sqlite(corpus_searcher):
    # unicode61 splits "don't" into two tokens, a phrase the per-term shares do not hold
    phrases = [("don't", None), ("revoke", None), ("revoke", None)]
    assert corpus_searcher.full_text.search(phrases, 20) == corpus_searcher.full_text._search_sqlite(phrases, 20)


def test_no_match_finds_no_row(corpus_searcher):
    assert corpus_searcher.full_text.search([("zzzqqq", None)], 20) == []
