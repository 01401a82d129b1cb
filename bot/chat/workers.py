"""Run the core's work off the event loop, one chat at a time in arrival order.

A long club command (standings of a big session, an import) takes seconds of CPU; on the
event loop it would hold up every other chat.  :class:`ChatWorkers` chains each chat's jobs
(so a chat's answers keep their order) and runs the blocking calls in threads: questions in
one thread of their own (the search index and segmenter are used by one thread at a time),
club commands in another small pool (the club store serialises its transactions itself).
Nothing here knows Telegram.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


class ChatWorkers:
    """Per-chat ordered jobs on the event loop, blocking work in threads."""

    # Four: two groups' /hands (solving in turn, outside the store's lock) still leave threads for the rest.
    def __init__(self, club_threads: int = 4):
        self._questions = ThreadPoolExecutor(max_workers=1, thread_name_prefix="answers")
        self._club = ThreadPoolExecutor(max_workers=club_threads, thread_name_prefix="club")
        self._tails: dict[Hashable, asyncio.Future] = {}

    def submit(self, chat_id: Hashable, job: Callable[[], Awaitable[Any]],
               spawn: Callable[[Coroutine], asyncio.Future] | None = None) -> asyncio.Future:
        """Start ``job()`` once every earlier job of ``chat_id`` has finished; returns its task.

        Call it from the event loop.  ``spawn`` creates the task (default
        ``asyncio.create_task``; the Telegram shell passes the application's, which reports
        a failure to the error handler).  A failed job does not stop the chat's later ones."""
        previous = self._tails.get(chat_id)

        async def in_turn():
            if previous is not None:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await previous
            return await job()

        task = (spawn or asyncio.ensure_future)(in_turn())
        self._tails[chat_id] = task
        task.add_done_callback(lambda done: self._tails.pop(chat_id) if self._tails.get(chat_id) is done else None)
        return task

    async def run(self, function: Callable[..., T], *args, club: bool = False) -> T:
        """``function(*args)`` in a worker thread (the club pool when ``club``), awaited."""
        pool = self._club if club else self._questions
        # the caller's context goes along: with several replicas, the database connection of the update
        # being handled (bot.chat.replica), so the club write commits with the update's "done"
        call = functools.partial(contextvars.copy_context().run, function, *args)
        return await asyncio.get_running_loop().run_in_executor(pool, call)

    async def settled(self, chat_id: Hashable) -> None:
        """Wait until every job of ``chat_id`` queued so far has finished (failed ones too)."""
        while (tail := self._tails.get(chat_id)) is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await tail
            if self._tails.get(chat_id) is tail:
                break

    def pending(self) -> int:
        """How many chats have a job queued or running."""
        return len(self._tails)

    def close(self) -> None:
        """Stop the threads once their current work is done."""
        self._questions.shutdown(wait=False)
        self._club.shutdown(wait=False)
