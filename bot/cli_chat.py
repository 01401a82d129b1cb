"""`bridgebot` subcommands for the chat area (registered by bot.cli)."""

COMMANDS: list = []
