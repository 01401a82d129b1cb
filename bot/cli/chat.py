"""`bridgebot` subcommands for the chat area (registered by bot.cli.main): ``chat`` and ``run``.

``DEFAULT`` is what plain ``bridgebot`` runs: the Telegram bot when TELEGRAM_BOT_TOKEN is set,
else the console chat.
"""

from __future__ import annotations

import logging
import sys
import time
from dataclasses import replace

import click

from bot.cli.common import fail


def _settings():
    from bot.chat.settings import Settings

    try:
        return Settings.from_env()
    except ValueError as err:
        fail(str(err))


def _core(progress=None):
    """The chat core, ready before the first message: the search index built (on the first start
    after an install, some seconds) or checked, and the search's first-use tables made.
    ``progress(line)`` hears a line before and after (the console's stderr, the bot's log)."""
    from bot.chat.core import Core

    from bot.search.index import index_ready

    report = progress or (lambda line: None)
    started = time.perf_counter()
    try:
        # (the lines only when the index is built: a ready one opens in a moment, without a word)
        building = not index_ready()
        if building:
            report("正在准备规则索引 (安装后第一次启动需要几秒钟)… / Preparing the index of the Laws…")
        core = Core.open()
        core.prepare()
    except FileNotFoundError as err:
        fail(f"语料文件缺失 ({err.filename})。请先运行 `bridgebot build`。")
    seconds = time.perf_counter() - started
    if building:
        report(f"索引已就绪 ({seconds:.1f} 秒), 可以提问了。 / Index ready in {seconds:.1f} s.")
    return core


@click.command("chat")
def chat() -> None:
    """Console chat over the same core as the Telegram bot (interactive, or piped:
    `echo '第50条' | bridgebot chat`)."""
    from bot.chat.console import run_console

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    _settings()
    sys.exit(run_console(_core(lambda line: print(line, file=sys.stderr, flush=True))))


@click.command("run")
@click.option("--webhook-url", default=None, help="Public HTTPS URL for webhook mode (else long polling).")
@click.option("--port", type=click.IntRange(1, 65535), default=None, help="Local port of the webhook server.")
@click.pass_context
def run(ctx: click.Context, webhook_url: str | None, port: int | None) -> None:
    """The bot: Telegram when TELEGRAM_BOT_TOKEN is set (long polling, or a webhook with
    --webhook-url/--port), otherwise the console chat."""
    settings = _settings()
    if webhook_url:
        settings = replace(settings, webhook_url=webhook_url)
    if port:
        settings = replace(settings, port=port)
    if not settings.token:
        if settings.webhook_url:
            fail("webhook mode needs a bot token: export TELEGRAM_BOT_TOKEN=123456:ABC... (from @BotFather)")
        ctx.invoke(chat)
        return
    if settings.webhook_url and not settings.webhook_url.startswith("https://"):
        fail("the webhook URL must start with https:// (Telegram's rule), e.g. https://bot.example.org/telegram")
    from telegram.error import InvalidToken, NetworkError

    from bot.chat import telegram_bot
    from bot.chat.redact import Redactor

    logging.basicConfig(level=settings.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        # The index is ready before polling starts: the first member to ask does not wait for it.
        # (the token first: a refused one fails at once, not after the index is built)
        telegram_bot.check_token(settings)
        telegram_bot.run(settings, _core(logging.getLogger("bot.cli.chat").info))
    except InvalidToken:
        fail("Telegram refused the bot token (TELEGRAM_BOT_TOKEN). Ask @BotFather for it; it looks like "
             "123456:ABC-DEF1234ghIkl")
    except NetworkError as err:
        cause = Redactor([settings.token, settings.webhook_secret])(str(err))
        fail(f"cannot reach the Telegram Bot API ({cause}). Check the network, or chat here: bridgebot chat")


COMMANDS: list = [chat, run]
DEFAULT = run
