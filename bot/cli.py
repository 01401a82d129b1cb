"""``bridgebot`` command line: a thin layer over the library that turns failures into clear messages.

Each area keeps its subcommands in its own module (``cli_corpus``, ``cli_search``,
``cli_scoring``, ``cli_chat``), each exporting a ``COMMANDS`` list that is registered here.
With no subcommand, ``bridgebot`` runs the bot: Telegram when ``TELEGRAM_BOT_TOKEN`` is set,
otherwise the console chat.
"""

from __future__ import annotations

import json
import sys
from typing import NoReturn

import click

MAX_INPUT_CHARS = 2000


def fail(message: str, code: int = 1) -> NoReturn:
    """Print a one-line error to stderr and exit with ``code`` (no traceback)."""
    click.echo(f"bridgebot: {message}", err=True)
    sys.exit(code)


def emit_json(data, one_line: bool = False) -> None:
    """Print ``data`` as JSON with Chinese kept readable; ``one_line`` for summaries that scripts
    read as the last line of the output."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=None if one_line else 2))


def check_length(text: str, example: str) -> None:
    """Reject over-long input with a friendly message."""
    if len(text) > MAX_INPUT_CHARS:
        fail(f"输入太长({len(text)} 个字符, 最多 {MAX_INPUT_CHARS})。例如: {example}")


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bridgebot")
@click.pass_context
def main(ctx: click.Context) -> None:
    """桥牌规则助手 — the Chinese Laws of Duplicate Bridge (1999) in a chat.

    Without a subcommand: runs the Telegram bot when TELEGRAM_BOT_TOKEN is set, else the console chat.
    """
    if ctx.invoked_subcommand is None:
        run_default = _default_runner()
        if run_default is None:
            fail("the chat is not available yet; see `bridgebot --help`.")
        ctx.invoke(run_default)


def _default_runner():
    from bot import cli_chat

    return getattr(cli_chat, "DEFAULT", None)


def _register() -> None:
    from bot import cli_chat, cli_corpus, cli_scoring, cli_search

    for module in (cli_corpus, cli_search, cli_scoring, cli_chat):
        for command in module.COMMANDS:
            main.add_command(command)


_register()
