"""`bridgebot` subcommands for the search area (registered by bot.cli)."""

COMMANDS: list = []
