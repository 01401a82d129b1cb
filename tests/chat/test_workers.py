"""The chat workers: a chat's jobs run one at a time in arrival order, other chats meanwhile,
blocking work off the event loop; and the admin cache in front of getChatMember."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.chat.telegram_bot import AdminCache, command_name
from bot.chat.workers import ChatWorkers


def test_a_chats_jobs_keep_their_order_while_another_chat_goes_ahead():
    async def main():
        workers = ChatWorkers()
        release = threading.Event()
        order = []

        async def job(name, block=False):
            await workers.run(release.wait, 10, club=True) if block else None
            order.append(name)

        workers.submit("a", lambda: job("a1", block=True))
        workers.submit("a", lambda: job("a2"))
        other = workers.submit("b", lambda: job("b1"))
        await asyncio.wait_for(other, 5)          # b is not held up by a's blocked job
        assert order == ["b1"] and workers.pending() == 1
        release.set()
        await asyncio.wait_for(workers.submit("a", lambda: job("a3")), 5)
        assert order == ["b1", "a1", "a2", "a3"]
        workers.close()

    asyncio.run(main())


def test_a_failed_job_does_not_stop_the_chats_later_jobs():
    async def main():
        workers = ChatWorkers()

        async def broken():
            raise RuntimeError("bug")

        async def fine():
            return "answered"

        failed = workers.submit("a", broken)
        later = workers.submit("a", fine)
        assert await later == "answered"
        with pytest.raises(RuntimeError):
            await failed
        workers.close()

    asyncio.run(main())


class Member:
    def __init__(self, status):
        self.status = status


class FakeBot:
    def __init__(self, statuses):
        self.statuses = statuses
        self.asked = 0

    async def get_chat_member(self, chat_id, user_id):
        from telegram.error import NetworkError

        self.asked += 1
        status = self.statuses.pop(0)
        if status == "error":
            raise NetworkError("down")
        return Member(status)


def test_admin_rights_are_asked_of_telegram_and_kept_briefly():
    now = [0.0]
    cache = AdminCache(ttl=60, clock=lambda: now[0])
    bot = FakeBot(["error", "administrator", "member"])

    async def main():
        assert await cache.is_admin(bot, -1, 5) is False    # Telegram unreachable: no rights, not cached
        assert await cache.is_admin(bot, -1, 5) is True
        now[0] = 59
        assert await cache.is_admin(bot, -1, 5) is True     # from the cache
        now[0] = 61
        assert await cache.is_admin(bot, -1, 5) is False    # demoted meanwhile

    asyncio.run(main())
    assert bot.asked == 3


@pytest.mark.parametrize("text, expected", [
    ("/Session end", "session"), ("/UNDO@BridgeBot", "undo"), ("/r 5 1-3 4S= N", "r"), ("罚张", ""), ("", ""),
    (None, ""),
])
def test_command_name(text, expected):
    assert command_name(text) == expected


def test_a_second_member_is_not_held_up_by_one_members_burst():
    async def main():
        workers = ChatWorkers()
        order = []

        async def job(name):
            await asyncio.sleep(0)
            order.append(name)

        burst = [workers.submit("g", lambda i=i: job(f"a{i}"), member="a") for i in range(400)]
        question = workers.submit("g", lambda: job("b"), member="b")
        await asyncio.wait_for(question, 5)
        assert order.index("b") <= 1          # right after a's first job, not after 400
        await asyncio.gather(*burst)
        assert [n for n in order if n != "b"] == [f"a{i}" for i in range(400)]  # a's own order kept
        workers.close()

    asyncio.run(main())
