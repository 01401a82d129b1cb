"""Run the core's work off the event loop, each chat's jobs one at a time, its members in turn.

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
from collections import OrderedDict, deque
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
        self._queues: dict[Hashable, OrderedDict[Hashable, deque]] = {}
        self._runners: dict[Hashable, asyncio.Future] = {}

    def submit(self, chat_id: Hashable, job: Callable[[], Awaitable[Any]],
               spawn: Callable[[Coroutine], asyncio.Future] | None = None,
               member: Hashable = None) -> asyncio.Future:
        """Queue ``job()`` in ``chat_id``; returns a future of its result.

        A chat runs one job at a time; its members take turns (round-robin), so one member's
        burst of 400 ``/r`` does not hold up another member's question behind it, while each
        member's own jobs keep their order.  Call it from the event loop.  ``spawn`` creates the
        job's task (default ``asyncio.ensure_future``; the Telegram shell passes the application's,
        which reports a failure to the error handler).  A failed job does not stop later ones."""
        future = asyncio.get_running_loop().create_future()
        # an exception is the spawned task's to report; the future only carries it to an awaiter
        future.add_done_callback(lambda done: done.cancelled() or done.exception())
        members = self._queues.setdefault(chat_id, OrderedDict())
        members.setdefault(member, deque()).append((job, spawn, future))
        if chat_id not in self._runners:
            self._runners[chat_id] = asyncio.ensure_future(self._drain(chat_id, members))
        return future

    async def _drain(self, chat_id: Hashable, members: OrderedDict) -> None:
        try:
            while members:
                member, jobs = next(iter(members.items()))
                job, spawn, future = jobs.popleft()
                if jobs:
                    members.move_to_end(member)  # the next member's turn
                else:
                    del members[member]
                task = (spawn or asyncio.ensure_future)(job())
                try:
                    future.set_result(await task)
                except asyncio.CancelledError:
                    future.cancel()
                except Exception as err:  # noqa: BLE001  (the job's failure is its own; carry it on)
                    future.set_exception(err)
        finally:
            self._runners.pop(chat_id, None)
            self._queues.pop(chat_id, None)

    async def run(self, function: Callable[..., T], *args, club: bool = False) -> T:
        """``function(*args)`` in a worker thread (the club pool when ``club``), awaited."""
        pool = self._club if club else self._questions
        # the caller's context goes along: with several replicas, the database connection of the update
        # being handled (bot.chat.replica), so the club write commits with the update's "done"
        call = functools.partial(contextvars.copy_context().run, function, *args)
        return await asyncio.get_running_loop().run_in_executor(pool, call)

    async def settled(self, chat_id: Hashable) -> None:
        """Wait until every job of ``chat_id`` queued so far has finished (failed ones too)."""
        # the chat's runner drains its queue, jobs queued meanwhile included, and then ends
        while (runner := self._runners.get(chat_id)) is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.shield(runner)
            if self._runners.get(chat_id) is runner:
                break

    def pending(self) -> int:
        """How many chats have a job queued or running."""
        return len(self._runners)

    def close(self) -> None:
        """Stop the threads once their current work is done."""
        self._questions.shutdown(wait=False)
        self._club.shutdown(wait=False)
