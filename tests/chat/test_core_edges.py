"""Issue 32: quoted text cleaned at the same edge as typed text; never an empty reply."""

from __future__ import annotations

import functools

import pytest
from chat_fakes import make_core

from bot.chat.reply import ChatMessage, Reply
from bot.club import ClubStore, handle_command


@pytest.fixture
def club_core():
    store = ClubStore(":memory:")
    yield make_core(club=functools.partial(handle_command, store=store))
    store.close()


def test_standings_when_every_result_is_not_played_is_not_empty(club_core):
    club_core.handle(ChatMessage("/session new pairs"))
    assert "未打" in club_core.handle(ChatMessage("/r 1 1-2 未打")).text
    for command in ("/standings", "/traveller 1", "/session end"):
        reply = club_core.handle(ChatMessage(command))
        assert reply.text.strip(), command


@pytest.mark.parametrize("dirt", ["\ud800", "\x00", "\x07", "\x1b", "\udfff\x00\x07"])
def test_text_quoted_by_a_reply_is_cleaned_like_typed_text(dirt):
    core = make_core()
    for command in ("/define", "/law", "/search"):
        reply = core.handle(ChatMessage(command, quoted=f"明手{dirt}"))
        reply.text.encode("utf-8")
        assert not any(ch in reply.text for ch in dirt), command
        assert reply.text.strip()


def test_the_core_never_gives_an_empty_reply():
    core = make_core(club=lambda command, args, **kw: Reply(body=""))
    for text in ("/standings", "/traveller 1", "/session end"):
        assert core.handle(ChatMessage(text)).text.strip()
        assert core.press(ChatMessage(text)).text.strip()
