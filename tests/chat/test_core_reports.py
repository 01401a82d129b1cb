"""Issue 32: a report longer than ~3 messages is a file and a summary, decided once in the core
(console and Telegram alike), never dozens of messages."""

from __future__ import annotations

import functools
import random

from chat_fakes import make_core

from bot.chat.reply import ChatMessage
from bot.chat.telegram_bot import reply_messages
from bot.club import ClubStore, handle_command
from bot.club.model import Result


def test_standings_and_traveller_of_2000_results_are_a_file_and_a_summary():
    store = ClubStore(":memory:")
    core = make_core(club=functools.partial(handle_command, store=store))
    core.handle(ChatMessage("/session new pairs 大赛 1副", chat_id=-5, user_id=1))
    session = store.open_session(-5)
    rng = random.Random(32)
    with store.transaction():
        for table in range(2000):
            store.add_result(session.id, Result(1, str(2 * table + 1), str(2 * table + 2), "", "4S=", "N",
                                                rng.choice(range(-1500, 1510, 10))), 1, 1)
    for command in ("/standings", "/traveller 1"):
        reply = core.handle(ChatMessage(command, chat_id=-5, user_id=1))
        assert len(reply_messages(reply)) <= 3, command
        assert reply.document is not None and reply.document[0].endswith(".html"), command
        assert "作为文件发送" in reply.text and "…" in reply.text
    small = make_core(club=functools.partial(handle_command, store=ClubStore(":memory:")))
    small.handle(ChatMessage("/session new pairs"))
    small.handle(ChatMessage("/r 1 1-2 4S= N"))
    assert small.handle(ChatMessage("/standings")).document is None  # a short report stays a message
    store.close()
