"""End-to-end harness: the Bot API emulator (npm ``telegram-test-api``), the real ``Application``
running against it, and a user who sends messages and reads the bot's replies through the
emulator's client API.

``EmulatorRequest`` is the only place where the emulator's answers are touched, and it repairs
exactly the documented deviations of telegram-test-api 4.2.1 from the Bot API (python-telegram-bot
validates what it receives, the emulator was written for laxer clients):

1. ``getMe`` lacks ``is_bot`` (and the ``can_*`` flags PTB reads) → added;
2. ``date`` fields are in milliseconds → divided by 1000;
3. callback queries lack ``chat_instance`` → the chat id is used;
4. ``editMessageText``/``editMessageReplyMarkup`` answer ``result: null`` → ``true``;
5. ``answerInlineQuery`` is an unknown method (an error) → answered ``true``;
6. ``sendDocument`` is an unknown method too → answered with the sent document's message; the
   file's bytes are recorded in the call's ``files``;
   ``sendPhoto`` likewise (a picture: a message with a photo);
7. the emulator stores no files (``getFile`` is unknown, there is no file URL) → files a test
   registers with :meth:`BotUnderTest.upload` are answered by ``getFile`` and downloaded from here;
8. ``getChatMember`` is unknown → answered here: ``administrator`` for the ``(chat, user)`` pairs a
   test puts in ``request.admins``, ``member`` for everyone else;
9. webhook pushes lack the ``X-Telegram-Bot-Api-Secret-Token`` header → emulator.js adds it.

``setMyCommands`` is deliberately left failing: the bot must start up anyway.  Every other
call takes the real HTTP path unchanged.  Each call the bot makes is recorded in ``calls``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import select
import socket
import subprocess
import time
import uuid
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from telegram.request import HTTPXRequest

E2E_DIR = Path(__file__).resolve().parent
EMULATOR_SCRIPT = E2E_DIR / "emulator.js"
START_TIMEOUT = 20.0
REPLY_TIMEOUT = 15.0
BOT_ID = 666  # the emulator's getMe id
BOT_USERNAME = "TestNameBot"
WEBHOOK_SECRET = "e2e-webhook-secret"
_NEXT_USER = itertools.count(5001)
_ADMIN_RIGHTS = ("can_be_edited", "is_anonymous", "can_manage_chat", "can_delete_messages", "can_manage_video_chats",
                 "can_restrict_members", "can_promote_members", "can_change_info", "can_invite_users",
                 "can_post_stories", "can_edit_stories", "can_delete_stories")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Emulator:
    """The emulator as a child process (``node emulator.js PORT``) on a loopback port."""

    def __init__(self):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> Emulator:
        """Start the process and wait (bounded) for its READY line."""
        self.process = subprocess.Popen(
            ["node", str(EMULATOR_SCRIPT), str(self.port)],
            cwd=E2E_DIR, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        ready, _, _ = select.select([self.process.stdout], [], [], START_TIMEOUT)
        line = self.process.stdout.readline() if ready else ""
        if not line.startswith("READY"):
            self.stop()
            raise RuntimeError(f"the Telegram emulator did not start: {line!r}")
        return self

    def stop(self) -> None:
        """Stop the process (closing its stdin also stops it if the signal is lost)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            stream.close()
        self.process = None


def _seconds(value):
    """Repair deviation 2 recursively: millisecond ``date`` fields become seconds."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "date" and isinstance(item, int) and item > 10**11:
                item //= 1000
            out[key] = _seconds(item)
        return out
    if isinstance(value, list):
        return [_seconds(item) for item in value]
    return value


@dataclass
class Call:
    """One Bot API call the bot made: method name, its parameters (JSON-decoded) and any
    uploaded files as ``{field: (filename, bytes)}``."""

    method: str
    params: dict
    files: dict = field(default_factory=dict)


class EmulatorRequest(HTTPXRequest):
    """The documented repair layer (see the module docstring); records every call."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.calls: list[Call] = []
        self.changed = asyncio.Condition()
        self.uploads: dict[str, bytes] = {}
        self.admins: set[tuple[int, int]] = set()  # (chat id, user id) pairs getChatMember calls administrators

    async def do_request(self, url, method, request_data=None, **kwargs):
        name = url.rsplit("/", 1)[-1]
        params = {}
        if request_data is not None:
            for key, raw in request_data.json_parameters.items():
                try:
                    params[key] = json.loads(raw)
                except ValueError:
                    params[key] = raw
        files = {}
        if request_data is not None and request_data.multipart_data:
            files = {key: (value[0], value[1]) for key, value in request_data.multipart_data.items()}
        if "/file/bot" in url:
            return 200, self.uploads[url.rsplit("/", 1)[-1]]
        if name == "getFile":
            file_id = params["file_id"]
            result = {"file_id": file_id, "file_unique_id": file_id, "file_size": len(self.uploads[file_id]),
                      "file_path": file_id}
            return 200, json.dumps({"ok": True, "result": result}).encode()
        if name == "getChatMember":
            status = "administrator" if (int(params["chat_id"]), int(params["user_id"])) in self.admins else "member"
            result = {"status": status, "user": {"id": int(params["user_id"]), "is_bot": False, "first_name": "M"}}
            if status == "administrator":
                result |= dict.fromkeys(_ADMIN_RIGHTS, False)
            code, payload = 200, json.dumps({"ok": True, "result": result}).encode()
        elif name == "answerInlineQuery":
            code, payload = 200, json.dumps({"ok": True, "result": True}).encode()
        elif name == "sendDocument":
            code, payload = 200, json.dumps({"ok": True, "result": self._document_message(params, files)}).encode()
        elif name == "sendPhoto":
            code, payload = 200, json.dumps({"ok": True, "result": self._photo_message(params)}).encode()
        else:
            code, payload = await super().do_request(url, method, request_data, **kwargs)
        if code == 200:
            payload = json.dumps(self._repair(name, json.loads(payload))).encode()
        if name != "getUpdates":
            async with self.changed:
                self.calls.append(Call(name, params, files))
                self.changed.notify_all()
        return code, payload

    @staticmethod
    def _document_message(params: dict, files: dict) -> dict:
        filename = next(iter(files.values()))[0] if files else "file"
        return {"message_id": 10**6, "date": int(time.time()),
                "chat": {"id": int(params["chat_id"]), "type": "private"},
                "document": {"file_id": "f", "file_unique_id": "f", "file_name": filename}}

    @staticmethod
    def _photo_message(params: dict) -> dict:
        return {"message_id": 10**6 + 1, "date": int(time.time()),
                "chat": {"id": int(params["chat_id"]), "type": "private"},
                "photo": [{"file_id": "p", "file_unique_id": "p", "width": 1, "height": 1}]}

    @staticmethod
    def _repair(name: str, data: dict) -> dict:
        if name == "getMe":
            data["result"] = {"is_bot": True, "can_join_groups": True, "can_read_all_group_messages": False,
                              "supports_inline_queries": True, **data["result"]}
        if name in ("editMessageText", "editMessageReplyMarkup") and data.get("result") is None:
            data["result"] = True
        data = _seconds(data)
        if name == "getUpdates":
            for update in data.get("result", []):
                query = update.get("callback_query")
                if query is not None and "chat_instance" not in query:
                    query["chat_instance"] = str(query["message"]["chat"]["id"])
        return data

    async def wait_for(self, predicate, timeout: float = REPLY_TIMEOUT) -> list[Call]:
        """Wait (bounded) until ``predicate(calls)`` is true; returns the calls."""
        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(lambda: predicate(self.calls)), timeout)
            return list(self.calls)


@dataclass
class User:
    """A Telegram user in a chat, as the emulator's client sends them."""

    id: int = 1001
    first_name: str = "Test"
    language_code: str = "zh-hans"
    chat_id: int = 1001
    chat_type: str = "private"

    def sender(self) -> dict:
        return {"id": self.id, "is_bot": False, "first_name": self.first_name, "language_code": self.language_code}

    def chat(self) -> dict:
        if self.chat_type == "private":
            return {"id": self.chat_id, "type": "private", "first_name": self.first_name}
        return {"id": self.chat_id, "type": self.chat_type, "title": "桥牌俱乐部"}


@dataclass
class BotUnderTest:
    """A running bot and its emulator: act as users, read what the bot really sent.

    ``user`` is the default sender, in a private chat of its own (a new one for every bot, so
    tests sharing the emulator and the club store never see each other's chats)."""

    emulator_url: str
    token: str
    request: EmulatorRequest
    application: object
    client: httpx.AsyncClient
    user: User = field(default_factory=lambda: User(id=(n := next(_NEXT_USER)), chat_id=n))
    webhook_url: str | None = None  # where the bot listens, in webhook mode
    _seen: dict = field(default_factory=dict)

    async def send(self, text: str, user: User | None = None, *, reply_to: dict | None = None) -> None:
        """Send ``text`` as ``user`` (a command when it starts with ``/``)."""
        user = user or self.user
        message = {"botToken": self.token, "from": user.sender(), "chat": user.chat(),
                   "date": int(time.time()), "text": text}
        if reply_to is not None:
            message["reply_to_message"] = reply_to
        route = "/sendMessage"
        if text.startswith("/"):
            route = "/sendCommand"
            message["entities"] = [{"offset": 0, "length": len(text.split()[0]), "type": "bot_command"}]
        elif f"@{BOT_USERNAME}" in text:
            start = text.index(f"@{BOT_USERNAME}")
            message["entities"] = [{"offset": start, "length": len(BOT_USERNAME) + 1, "type": "mention"}]
        await self._post(route, message)

    async def tap(self, bot_message: dict, data: str, user: User | None = None) -> None:
        """Tap the button with callback ``data`` under ``bot_message`` (as returned by :meth:`replies`)."""
        user = user or self.user
        message = {"message_id": bot_message["message_id"], "date": int(time.time()), "chat": user.chat(),
                   "from": {"id": BOT_ID, "is_bot": True, "first_name": "Bot"}, "text": bot_message["text"]}
        await self._post("/sendCallback", {"botToken": self.token, "from": user.sender(),
                                          "message": message, "data": data})

    async def replies(self, count: int = 1, user: User | None = None, method: str = "sendMessage") -> list[dict]:
        """Wait for ``count`` new ``method`` calls to the user's chat, then return the messages the
        emulator stored for that chat (its client ``getUpdates``), oldest first, each with its
        ``message_id``."""
        user = user or self.user
        key = (method, user.chat_id)
        wanted = self._seen.get(key, 0) + count
        await self.request.wait_for(lambda calls: self._count(calls, method, user.chat_id) >= wanted)
        self._seen[key] = wanted
        if method != "sendMessage":
            return [c.params for c in self.request.calls
                    if c.method == method and str(c.params.get("chat_id")) == str(user.chat_id)][-count:]
        stored = (await self._post("/getUpdates", {"token": self.token, "chatId": user.chat_id}))["result"]
        return [dict(item["message"], message_id=item["messageId"]) for item in stored]

    async def history(self) -> list[dict]:
        """Everything the emulator holds for this bot, bot messages as edited so far."""
        return (await self._post("/getUpdatesHistory", {"token": self.token}))["result"]

    async def upload(self, data: bytes, filename: str, caption: str, user: User | None = None) -> None:
        """Send a file with a caption as ``user`` (the emulator cannot carry files, so the update
        goes straight to the Application, as the Bot API would deliver it)."""
        from telegram import Update

        user = user or self.user
        file_id = f"file{len(self.request.uploads) + 1}"
        self.request.uploads[file_id] = data
        command = caption.split()[0] if caption.startswith("/") else ""
        raw = {"update_id": 10**6 + len(self.request.uploads), "message": {
            "message_id": 10**6 + len(self.request.uploads), "date": int(time.time()),
            "from": user.sender(), "chat": user.chat(), "caption": caption,
            "caption_entities": [{"offset": 0, "length": len(command), "type": "bot_command"}] if command else [],
            "document": {"file_id": file_id, "file_unique_id": file_id, "file_name": filename,
                         "file_size": len(data)}}}
        await self.application.process_update(Update.de_json(raw, self.application.bot))

    async def add_to_group(self, user: User, status: str = "member") -> None:
        """``user`` adds the bot to their group: the ``my_chat_member`` update the Bot API sends
        (the emulator has none, so it goes straight to the Application, like :meth:`upload`)."""
        from telegram import Update

        bot = {"id": BOT_ID, "is_bot": True, "first_name": "Bot", "username": BOT_USERNAME}
        raw = {"update_id": 2 * 10**6 + len(self.request.calls), "my_chat_member": {
            "chat": user.chat(), "from": user.sender(), "date": int(time.time()),
            "old_chat_member": {"user": bot, "status": "left"},
            "new_chat_member": {"user": bot, "status": status, **(dict.fromkeys(_ADMIN_RIGHTS, False) if status == "administrator" else {})}}}
        await self.application.process_update(Update.de_json(raw, self.application.bot))

    def calls(self, method: str) -> list[Call]:
        """The recorded calls of one Bot API method."""
        return [c for c in self.request.calls if c.method == method]

    @staticmethod
    def _count(calls, method, chat_id) -> int:
        return sum(1 for c in calls if c.method == method and str(c.params.get("chat_id")) == str(chat_id))

    async def _post(self, route: str, body: dict) -> dict:
        response = await self.client.post(self.emulator_url + route, json=body)
        response.raise_for_status()
        return response.json()


@asynccontextmanager
async def running_bot(emulator_url: str, core, webhook: bool = False, **build_options):
    """The real ``Application`` (``bot.chat.telegram_bot.build_application``) started as
    ``run_polling`` would (``post_init`` included) and stopped on exit; with ``webhook=True`` it
    serves a webhook on a loopback port instead, registered with the emulator by ``setWebhook``."""
    from bot.chat.settings import Settings
    from bot.chat.telegram_bot import build_application, webhook_options

    token = f"{int.from_bytes(os.urandom(3), 'big')}:TEST{uuid.uuid4().hex}"
    request = EmulatorRequest()
    application = build_application(
        token, core, base_url=f"{emulator_url}/bot", base_file_url=f"{emulator_url}/file/bot", request=request,
        get_updates_request=EmulatorRequest(), **build_options,
    )
    async with httpx.AsyncClient(timeout=10) as client, application:
        await application.post_init(application)
        await application.start()
        webhook_url = None
        if webhook:
            port = free_port()
            settings = Settings(webhook_url=f"http://127.0.0.1:{port}/telegram", port=port, listen="127.0.0.1",
                                webhook_secret=WEBHOOK_SECRET)
            await application.updater.start_webhook(**webhook_options(settings))
            webhook_url = settings.webhook_url
        else:
            await application.updater.start_polling(poll_interval=0.01, timeout=0)
        try:
            yield BotUnderTest(emulator_url, token, request, application, client, webhook_url=webhook_url)
        finally:
            await application.updater.stop()
            await application.stop()
