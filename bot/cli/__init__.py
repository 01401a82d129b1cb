"""The ``bridgebot`` command line: one module of subcommands per area, registered by ``main``."""

from bot.cli.main import main

__all__ = ["main"]
