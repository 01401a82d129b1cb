"""`bridgebot` subcommands for the scoring area (registered by bot.cli)."""

COMMANDS: list = []
