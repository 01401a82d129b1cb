"""The edge guards: odd characters, digit-like characters and huge numbers get a clear answer
through the core, and the flood guard limits one member without muting the group."""

from __future__ import annotations

import pytest

from bot.chat.core import ChatMessage, Core
from bot.chat.guard import FloodGuard, ascii_number, clean_text


@pytest.fixture(scope="module")
def core():
    return Core.open()


def ask(core, text, chat="guard"):
    return core.handle(ChatMessage(text, chat_id=chat)).text


@pytest.mark.parametrize("text, expected", [
    ("/next ²", "请这样写：/next 50"),
    ("/prev ¹", "请这样写：/prev 50"),
    ("/next ٥٠", "请这样写：/next 50"),
    ("/next 99999999999999999999", "请这样写：/next 50"),
    ("/more 50 ²", "请这样写：/more 50 2"),
    ("/more 50 " + "9" * 400, "请这样写：/more 50 2"),
    ("平均正分 顶分 " + "9" * 300 + " 是多少", "顶分要在 1 到 1000 之间。例如: 平均正分 顶分 12"),
    ("average plus top " + "9" * 30 + " what", "The top must be 1 to 1000; e.g. average plus top 12."),
    ("平均正分 顶分 0 是多少", "顶分要在 1 到 1000 之间"),
])
def test_digit_like_characters_and_huge_numbers_get_the_usage(core, text, expected):
    assert expected in ask(core, text)


def test_full_width_digits_still_count(core):
    assert ask(core, "/next ４９").startswith("第50条 罚张的处理")
    assert "7.2 比赛分" in ask(core, "平均正分 顶分 12 是多少")


@pytest.mark.parametrize("text", ["罚张\ud800", "\udfff", "第50条\x00\x07", "\x1b[31m罚张", "/law 50\ud83d"])
def test_lone_surrogates_and_control_characters_are_stripped_not_fatal(core, text):
    reply = ask(core, text)
    assert reply.strip()
    assert "\ud800" not in reply and "\x00" not in reply
    reply.encode("utf-8")  # would raise on a surrogate


def test_the_apology_and_inline_survive_surrogates_too(core):
    assert core.apology("罚\ud800张").text
    assert isinstance(core.inline("罚张\ud800"), list)


@pytest.mark.parametrize("text, expected", [
    ("a\x00b\tc\nd\x7f\ud800e", "ab\tc\nde"),
    ("😀 第50条", "😀 第50条"),
    ("", ""),
])
def test_clean_text(text, expected):
    assert clean_text(text) == expected


@pytest.mark.parametrize("text, low, high, expected", [
    ("7", 1, 10, 7), ("０７", 1, 10, 7), (" 10 ", 1, 10, 10), ("11", 1, 10, None), ("0", 1, 10, None),
    ("²", 0, 10, None), ("-1", -5, 10, None), ("1e3", 0, 10**9, None), ("9" * 300, 0, 10**9, None), ("", 0, 1, None),
])
def test_ascii_number(text, low, high, expected):
    assert ascii_number(text, low, high) == expected


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_one_member_is_limited_and_told_once_while_the_others_go_on():
    clock = Clock()
    guard = FloodGuard(burst=3, interval=2.0, chat_burst=40, chat_interval=0.25, clock=clock)
    verdicts = [guard.check("group", "spammer") for _ in range(6)]
    assert verdicts == ["ok", "ok", "ok", "warn", "drop", "drop"]
    assert guard.check("group", "friend") == "ok"
    clock.now += 2.0
    assert guard.check("group", "spammer") == "ok"
    assert [guard.check("group", "spammer") for _ in range(2)] == ["warn", "drop"]


def test_the_chat_ceiling_is_looser_but_holds():
    guard = FloodGuard(burst=6, interval=2.0, chat_burst=10, chat_interval=60, clock=Clock())
    verdicts = [guard.check("group", member) for member in range(12)]
    assert verdicts == ["ok"] * 10 + ["warn", "warn"]


def test_results_are_never_dropped_but_spend_tokens():
    guard = FloodGuard(burst=2, interval=60, chat_burst=3, chat_interval=60, clock=Clock())
    assert [guard.check("group", "scorer", essential=True) for _ in range(12)] == ["ok"] * 12
    assert guard.check("group", "scorer") == "warn"
