"""The durable inbox on a real PostgreSQL: redelivery is a no-op, one chat is in hand at one worker at a
time and in order, and an update whose worker died is claimed again."""

from __future__ import annotations

import psycopg
import pytest

from bot.base.database import open_database
from bot.chat.inbox import Inbox, chat_key
from bot.club.schema import MIGRATIONS


def message(update_id: int, chat: int) -> dict:
    return {"update_id": update_id, "message": {"message_id": update_id, "date": 0, "text": "第50条",
                                                "chat": {"id": chat, "type": "group"}, "from": {"id": 7}}}


@pytest.fixture
def inbox(database_url):
    db = open_database(database_url)
    db.migrate(MIGRATIONS)
    yield Inbox(db)
    db.close()


def worker(inbox) -> psycopg.Connection:
    """A worker's connection (not in autocommit, as a replica's claim uses it)."""
    return psycopg.connect(inbox.db.url)


@pytest.mark.parametrize("update, key", [
    (message(1, -5), "c-5"),
    ({"update_id": 2, "callback_query": {"id": "q", "from": {"id": 9}, "message": {"chat": {"id": -6}}}}, "c-6"),
    ({"update_id": 3, "inline_query": {"id": "i", "from": {"id": 9}, "query": "罚张"}}, "u9"),
    ({"update_id": 4}, "x4"),
])
def test_chat_key(update, key):
    assert chat_key(update) == key


def test_telegrams_redelivery_of_a_stored_update_changes_nothing(inbox):
    assert inbox.put(message(10, -1)) is True
    assert inbox.put(message(10, -1)) is False
    assert inbox.pending() == 1


def test_one_chat_at_one_worker_in_order_and_a_dead_workers_update_is_claimed_again(inbox):
    for update_id, chat in [(11, -1), (12, -1), (13, -2)]:
        inbox.put(message(update_id, chat))
    first, second, third = worker(inbox), worker(inbox), worker(inbox)
    update_id, _, key = inbox.claim(first)
    assert (update_id, key) == (11, "c-1")
    update_id, _, key = inbox.claim(second)   # chat -1 is in hand: the other chat's update
    assert (update_id, key) == (13, "c-2")
    assert inbox.claim(third) is None
    first.close()                              # the worker died before "done": nothing committed
    again = worker(inbox)
    update_id, _, key = inbox.claim(again)
    assert (update_id, key) == (11, "c-1")
    inbox.done(again, 11, "replica-b")
    again.commit()
    inbox.release(again, key)
    update_id, _, _ = inbox.claim(again)
    assert update_id == 12                     # the chat's next, only once the first is done
    assert inbox.pending() == 2
    for conn in (second, third, again):
        conn.close()
