"""Word-level BM25 over phrases pooled per law (the missing-law detector's second view)."""

from __future__ import annotations

import pytest

from bot.search.pooled_words import PooledWords

ENTRIES = [(("absent", 27), ["叫牌", "不足"]), (("absent", 27), ["叫牌", "不足", "改叫"]),
           (("law", 50), ["罚张", "明手"]), (("absent", 61), ["没有", "跟牌", "花色"]),
           (("law", 44), ["跟牌", "花色", "出牌"])]


def test_a_pool_holding_the_words_scores_and_one_holding_none_does_not():
    found = PooledWords(ENTRIES).look_up(["叫牌", "不足"])
    assert found[("absent", 27)] > 0.0
    assert ("law", 50) not in found


def test_a_word_only_one_pool_holds_counts_for_more_than_one_several_hold():
    index = PooledWords(ENTRIES)
    assert index.look_up(["没有"])[("absent", 61)] > index.look_up(["跟牌"])[("absent", 61)]


def test_a_word_said_again_in_a_pool_counts_for_more_but_not_twice_as_much():
    once = PooledWords([(("a", 1), ["跟牌"]), (("a", 1), ["花色"]), (("b", 2), ["罚张"])]).look_up(["跟牌"])
    twice = PooledWords([(("a", 1), ["跟牌"]), (("a", 1), ["跟牌"]), (("b", 2), ["罚张"])]).look_up(["跟牌"])
    assert once[("a", 1)] < twice[("a", 1)] < 2 * once[("a", 1)]


def test_a_question_saying_a_word_twice_scores_as_once():
    index = PooledWords(ENTRIES)
    assert index.look_up(["叫牌", "叫牌", "不足"])[("absent", 27)] == index.look_up(["叫牌", "不足"])[("absent", 27)]


def test_leaving_out_the_only_phrase_holding_a_word_leaves_its_pool_nothing_and_the_others_as_they_were():
    index = PooledWords(ENTRIES)
    full = index.look_up(["改叫", "罚张"])
    left = index.look_up(["改叫", "罚张"], skip={1})
    assert full[("absent", 27)] > 0.0 and ("absent", 27) not in left
    assert left[("law", 50)] == full[("law", 50)]


def test_it_answers_the_same_after_being_saved_and_read_back():
    index = PooledWords(ENTRIES)
    again = PooledWords.from_state(index.to_state())
    for words in (["叫牌", "不足"], ["跟牌", "花色"], ["罚张"], ["无关"]):
        assert dict(again.look_up(words)) == dict(index.look_up(words))
