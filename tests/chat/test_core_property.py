"""Issue 32: the core's three entry points over odd unicode, commands with odd arguments and huge
inputs — no exception escapes, no reply is empty, no reply carries a lone surrogate."""

from __future__ import annotations

import functools

from chat_fakes import make_core
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.chat import commands
from bot.chat.reply import ChatMessage
from bot.club import ClubStore, handle_command

ODD = st.sampled_from(["²", "٣", "①", "\ud800", "\udfff", "\x00", "\x07", "\u202e", "\u200d", "👨\u200d👩\u200d👧",
                       "\ufeff", "ｓ", "１２", "-1", "9" * 40, "NS1", "1-2", "4S=", "N", "未打", " ", "\n", "/"])
WORD = st.one_of(st.text(max_size=12), ODD)
ARGS = st.lists(WORD, max_size=6).map(" ".join)
NAMES = sorted({c.name for c in commands.COMMANDS}) if hasattr(commands, "COMMANDS") else ["law", "define", "r"]
COMMAND = st.builds(lambda name, args: f"/{name} {args}", st.sampled_from(NAMES), ARGS)
HUGE = st.builds(lambda piece, n: piece * n, st.sampled_from(["明", "[", "\ud800", "/r 1 ", "a "]), st.integers(1, 5000))
BARE = st.sampled_from(NAMES).map(lambda name: "/" + name)  # a command sent as a reply: about the quoted text
TEXT = st.one_of(st.text(max_size=60), COMMAND, BARE, HUGE)
SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))

_store = ClubStore(":memory:")
_core = make_core(club=functools.partial(handle_command, store=_store))
_core.handle(ChatMessage("/session new pairs", chat_id="p"))


def _check(reply):
    assert reply.text.strip()
    reply.text.encode("utf-8")


@SETTINGS
@given(TEXT, st.one_of(st.none(), TEXT), st.booleans())
def test_handle_and_press_answer_anything(text, quoted, admin):
    _check(_core.handle(ChatMessage(text, chat_id="p", user_id=2, user_is_admin=admin, quoted=quoted)))
    _check(_core.press(ChatMessage(text, chat_id="p", user_id=2, user_is_admin=admin)))


@SETTINGS
@given(TEXT, st.sampled_from([None, "en", "zh-hans", "\ud800"]))
def test_inline_answers_anything(query, hint):
    for item in _core.inline(query, hint):
        item.reply.text.encode("utf-8")
        (item.title + item.description).encode("utf-8")
