"""``bridgebot`` command line: a thin layer over the library that turns failures into clear messages.

Each area keeps its subcommands in its own module (``bot.cli.corpus``, ``bot.cli.search``,
``bot.cli.scoring``, ``bot.cli.chat``), each exporting a ``COMMANDS`` list that is registered here;
their shared helpers live in ``bot.cli.common``, so nothing imports this module back.
With no subcommand, ``bridgebot`` runs the bot: Telegram when ``TELEGRAM_BOT_TOKEN`` is set,
otherwise the console chat.
"""

from __future__ import annotations

import click

from bot.cli import chat as cli_chat
from bot.cli import corpus as cli_corpus
from bot.cli import scoring as cli_scoring
from bot.cli import search as cli_search
from bot.cli.common import fail


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
    return getattr(cli_chat, "DEFAULT", None)


def _register() -> None:
    for module in (cli_corpus, cli_search, cli_scoring, cli_chat):
        for command in module.COMMANDS:
            main.add_command(command)


_register()
