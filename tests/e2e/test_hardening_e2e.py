"""Hardening through the real Application and the Bot API emulator: a slow club command does
not hold up other chats, forged or edited updates change nothing, admin rights come from
Telegram."""

from __future__ import annotations

import asyncio
import threading
import time

import httpx
from telegram import Update

from harness import User

SLOW_BOUND_S = 5.0  # generous: the other chat is answered in milliseconds; blocked it never is


class SlowStandings:
    """The real core, except that ``/standings`` works until the test releases it (a stand-in
    for a session so large that its standings take seconds)."""

    def __init__(self, core):
        self.core = core
        self.started = threading.Event()
        self.release = threading.Event()

    def handle(self, message):
        if message.text.startswith("/standings"):
            self.started.set()
            self.release.wait(30)
        return self.core.handle(message)

    def __getattr__(self, name):
        return getattr(self.core, name)


def test_a_long_club_command_does_not_hold_up_another_chat_and_its_own_chat_keeps_order(e2e, chat_core):
    slow = SlowStandings(chat_core)
    club = User(id=8101, chat_id=-100810, chat_type="supergroup")
    other = User(id=8102, chat_id=8102)

    async def scenario(bot):
        await bot.send("/standings", club)
        await bot.send("/law 49", club)
        assert await asyncio.to_thread(slow.started.wait, 10)
        t0 = time.monotonic()
        await bot.send("/law 50", other)
        [answer] = await bot.replies(user=other)
        latency = time.monotonic() - t0
        assert answer["text"].startswith("<b>第50条 罚张的处理</b>")
        assert not slow.release.is_set() and latency < SLOW_BOUND_S
        assert not [c for c in bot.calls("sendMessage") if c.params["chat_id"] == club.chat_id]
        slow.release.set()
        standings, law49 = await bot.replies(2, user=club)
        assert standings["text"].startswith("这个群现在没有进行中的比赛") or "还没有" in standings["text"]
        assert law49["text"].startswith("<b>第49条 ")

    try:
        e2e(scenario, core=slow)
    finally:
        slow.release.set()


def _forged_update(update_id: int, user_id: int, chat_id: int, text: str) -> dict:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": int(time.time()), "text": text,
        "from": {"id": user_id, "is_bot": False, "first_name": "Mallory"},
        "chat": {"id": chat_id, "type": "private", "first_name": "Mallory"},
        "entities": [{"offset": 0, "length": len(text.split()[0]), "type": "bot_command"}]}}


def test_webhook_refuses_forged_posts_and_admin_rights_come_from_telegram(e2e):
    group = -100820
    creator = User(id=8201, chat_id=group, chat_type="supergroup")
    admin = User(id=8202, chat_id=group, chat_type="supergroup")
    # A member whose update claims a private chat type with the group's id.
    pretender = User(id=8203, chat_id=group, chat_type="private")

    async def scenario(bot):
        await bot.send("/session new pairs 周六 8副", creator)
        assert (await bot.replies(user=creator))[-1]["text"].startswith("已开始 “周六”")

        async with httpx.AsyncClient() as client:
            forged = await client.post(bot.webhook_url, json=_forged_update(990001, 8203, group, "/session end"))
        assert forged.status_code == 403

        await bot.send("/session end", pretender)
        refused = (await bot.replies(user=creator))[-1]
        assert refused["text"].startswith("只有开这场比赛的人或群管理员可以结束比赛。")

        bot.request.admins.add((group, admin.id))
        await bot.send("/Session end", admin)  # a phone capitalised it
        ended = (await bot.replies(user=creator))[-1]
        assert ended["text"].startswith("“周六” 已结束")

    e2e(scenario, webhook=True)


def test_editing_an_old_undo_does_not_run_it_again(e2e):
    group = -100830
    member = User(id=8301, chat_id=group, chat_type="supergroup")

    async def scenario(bot):
        for text in ("/session new pairs 周日 8副", "/r 1 1-2 4S= N", "/r 2 1-2 4S= N", "/undo"):
            await bot.send(text, member)
        *_, undone = await bot.replies(4, user=member)
        assert undone["text"].startswith("已撤销: 2号牌")
        edited = {"update_id": 990100, "edited_message": {
            "message_id": 990100, "date": int(time.time()), "edit_date": int(time.time()), "text": "/undo ",
            "from": member.sender(), "chat": member.chat(),
            "entities": [{"offset": 0, "length": 5, "type": "bot_command"}]}}
        await bot.application.process_update(Update.de_json(edited, bot.application.bot))
        [note] = (await bot.replies(user=member))[-1:]
        assert note["text"].startswith("编辑过的消息不会再执行比赛命令。")
        await bot.send("/session show", member)
        [show] = (await bot.replies(user=member))[-1:]
        assert "1号牌" in show["text"] or "1 个成绩" in show["text"]

    e2e(scenario)


def test_standings_of_2000_results_arrive_as_at_most_three_messages_and_a_file(e2e):
    from bot.club.model import Result
    from bot.club.store import default_store

    group = User(id=8301, chat_id=-100830, chat_type="supergroup")

    async def scenario(bot):
        await bot.send("/session new pairs 大赛 1副", group)
        await bot.replies(user=group)
        store = default_store()
        session = store.open_session(group.chat_id)
        with store.transaction():
            for table in range(2000):
                store.add_result(session.id, Result(1, str(2 * table + 1), str(2 * table + 2), "", "4S=", "N",
                                                    (table * 37) % 3000 - 1500), 1, 1)
        sent = len(bot.calls("sendMessage"))
        await bot.send("/standings", group)
        await bot.replies(user=group, method="sendDocument")
        filename, _ = bot.calls("sendDocument")[-1].files["document"]
        messages = [c for c in bot.calls("sendMessage")[sent:] if c.params["chat_id"] == group.chat_id]
        assert filename.endswith(".html") and 1 <= len(messages) <= 3
        assert "作为文件发送" in messages[-1].params["text"]

    e2e(scenario)
