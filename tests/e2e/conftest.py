"""Fixtures for end-to-end tests through the Bot API emulator.

Use ``e2e`` in a test: ``e2e(scenario)`` runs ``async def scenario(bot)`` with a fresh bot
(the real ``Application`` over the real chat core) polling the session's emulator; ``bot`` is a
:class:`harness.BotUnderTest` (``send``, ``tap``, ``replies``, ``history``, ``calls``).
"""

from __future__ import annotations

import asyncio
import shutil

import pytest

from harness import E2E_DIR, Emulator, running_bot


@pytest.fixture(scope="session")
def emulator():
    """The telegram-test-api emulator on a free loopback port, stopped after the session."""
    if shutil.which("node") is None:
        pytest.fail("Node.js is needed for the end-to-end tests (the Telegram emulator)")
    if not (E2E_DIR / "node_modules" / "telegram-test-api").is_dir():
        pytest.fail("the emulator is not installed: run `make test` (it runs npm ci in tests/e2e)")
    emulator = Emulator().start()
    yield emulator
    emulator.stop()


@pytest.fixture(scope="session")
def chat_core():
    """The real chat core (rulebook, search, scorer; the club store in the temporary database
    that tests/conftest.py sets up for the whole run)."""
    from bot.chat.core import Core

    return Core.open()


@pytest.fixture
def e2e(emulator, chat_core):
    """Run ``async def scenario(bot)`` against a freshly started bot; ``core=`` and build
    options (``flood=``) may be given."""

    def run(scenario, core=None, **build_options):
        async def main():
            async with running_bot(emulator.url, core or chat_core, **build_options) as bot:
                await scenario(bot)

        asyncio.run(main())

    return run
