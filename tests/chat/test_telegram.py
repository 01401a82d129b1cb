"""Telegram pieces that need no emulator: settings, token redaction, keyboards, message sizes."""

from __future__ import annotations

import logging

import pytest

from bot.chat.core import Button, ChatMessage, Core, Reply
from bot.chat.html import reply_html
from bot.chat.settings import Settings
from bot.chat.redact import RedactSecrets
from bot.chat.telegram_bot import COMMANDS, keyboard

TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ"


@pytest.mark.parametrize(
    "env, expected",
    [
        ({}, Settings()),
        ({"TELEGRAM_BOT_TOKEN": " " + TOKEN + " ", "BRIDGEBOT_PORT": "8080"}, Settings(token=TOKEN, port=8080)),
        ({"TELEGRAM_BOT_TOKEN": "", "BRIDGEBOT_DB": "/data/club.db", "BRIDGEBOT_LOG_LEVEL": "debug"},
         Settings(db_path="/data/club.db", log_level="DEBUG")),
        ({"BRIDGEBOT_WEBHOOK_URL": "https://bot.example.org/tg", "BRIDGEBOT_WEBHOOK_SECRET": "s3"},
         Settings(webhook_url="https://bot.example.org/tg", webhook_secret="s3")),
        ({"BRIDGEBOT_API_URL": "http://127.0.0.1:8081/bot"}, Settings(api_url="http://127.0.0.1:8081/bot")),
    ],
)
def test_settings_from_env(env, expected):
    assert Settings.from_env(env) == expected


@pytest.mark.parametrize("port", ["0", "70000", "http", "８４４３", "²"])
def test_settings_reject_a_bad_port(port):
    with pytest.raises(ValueError, match="BRIDGEBOT_PORT must be a port number such as 8443"):
        Settings.from_env({"BRIDGEBOT_PORT": port})


def test_settings_never_show_the_token():
    assert TOKEN not in repr(Settings(token=TOKEN))
    assert TOKEN not in str(Settings(token=TOKEN))


def test_log_records_lose_the_token(caplog):
    logger = logging.getLogger("test.redact")
    caplog.handler.addFilter(RedactSecrets(TOKEN))
    logger.warning("HTTP Request: POST https://api.telegram.org/bot%s/getUpdates", TOKEN)
    assert caplog.messages == ["HTTP Request: POST https://api.telegram.org/bot<redacted>/getUpdates"]


def test_network_errors_are_logged_in_one_line(caplog):
    from telegram.error import NetworkError

    from bot.chat.telegram_bot import ShortNetworkErrors

    caplog.handler.addFilter(ShortNetworkErrors())
    try:
        raise NetworkError("connection refused")
    except NetworkError:
        logging.getLogger("test.net").exception("polling failed")
    try:
        raise ValueError("a bug")
    except ValueError:
        logging.getLogger("test.net").exception("handler failed")
    first, second = caplog.records
    assert (first.getMessage(), first.exc_info) == ("polling failed (connection refused)", None)
    assert second.exc_info is not None


def test_keyboard_keeps_rows_and_callback_data():
    reply = Reply(body="x", buttons=((Button("→ 第49条", "/law 49"), Button("全文", "/full 50")), (Button("下一条 ▶", "/next 50"),)))
    markup = keyboard(reply).to_dict()
    assert markup == {"inline_keyboard": [
        [{"text": "→ 第49条", "callback_data": "/law 49"}, {"text": "全文", "callback_data": "/full 50"}],
        [{"text": "下一条 ▶", "callback_data": "/next 50"}],
    ]}
    assert keyboard(Reply(body="x")) is None


class RecordingBot:
    def __init__(self):
        self.sent = []

    async def send_message(self, chat_id, text, reply_markup=None, reply_parameters=None):
        self.sent.append((chat_id, text, reply_markup))

    async def send_document(self, chat_id, document, filename):
        self.sent.append((chat_id, filename, document))


def test_a_reply_too_long_for_one_message_is_split_between_lines():
    import asyncio

    from bot.chat.telegram_bot import send_reply

    rows = [f"{n:>3}  北南{n}  4S+1  N  450  <{n}>" for n in range(400)]
    reply = Reply(title="周三 — 成绩", body="\n".join(rows), buttons=((Button("全文", "/full 50"),),),
                  document=("s.csv", b"x"))
    bot = RecordingBot()
    asyncio.run(send_reply(bot, 7, reply))
    texts = [text for _, text, _ in bot.sent[:-1]]
    assert len(texts) > 1 and all(len(t) <= 4096 for t in texts)
    assert texts[0].startswith("<b>周三 — 成绩</b>\n<pre>")
    shown = "\n".join(t.removeprefix("<b>周三 — 成绩</b>\n").removeprefix("<pre>").removesuffix("</pre>") for t in texts)
    assert shown == "\n".join(rows).replace("<", "&lt;").replace(">", "&gt;")
    assert [markup is not None for _, _, markup in bot.sent[:-1]] == [False] * (len(texts) - 1) + [True]
    assert bot.sent[-1] == (7, "s.csv", b"x")


def test_every_command_the_core_knows_is_routed_by_telegram():
    assert {"law", "l", "search", "s", "define", "d", "score", "imp", "mp", "board", "about", "start", "help",
            "more", "next", "prev", "session", "r", "undo", "traveller", "standings", "export", "import"} <= set(COMMANDS)


@pytest.fixture(scope="module")
def real_core():
    return Core.open()


def test_every_law_of_the_real_corpus_fits_telegram_in_every_script(real_core):
    for number in real_core.services.rulebook.numbers:
        for text in (f"第{number}条", f"第{number}條"):
            reply = real_core.handle(ChatMessage(text, chat_id="size"))
            pages = [reply]
            while reply.buttons and reply.flat_buttons[0].data.startswith("/more"):
                reply = real_core.press(ChatMessage(reply.flat_buttons[0].data, chat_id="size"))
                pages.append(reply)
            for page in pages:
                assert len(reply_html(page)) <= 4096, (text, len(reply_html(page)))
                assert all(len(b.data.encode()) <= 64 for b in page.flat_buttons)
