"""`bridgebot` subcommands for the corpus area (registered by bot.cli)."""

COMMANDS: list = []
