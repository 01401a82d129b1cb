"""The one command registry: the router, /help, the Telegram menu and the suggestions all read it."""

from __future__ import annotations

import pytest

from bot import club
from bot.chat import commands
from bot.chat.core import ChatMessage
from bot.chat.telegram_bot import COMMANDS as TELEGRAM_COMMANDS
from chat_fakes import make_core


def test_club_commands_are_those_the_club_answers():
    assert commands.CLUB_COMMANDS == set(club.COMMANDS)


def test_telegram_routes_every_name_and_alias():
    assert set(TELEGRAM_COMMANDS) == {n for c in commands.COMMANDS for n in (c.name, *c.aliases)}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_help_lists_every_listed_command_with_its_example(lang):
    body = make_core().handle(ChatMessage("/help", lang_hint=lang)).body
    for command in commands.COMMANDS:
        if command.listed:
            assert command.help_line(lang) in body


def test_menu_descriptions_fit_telegram():
    for lang in ("zh", "en"):
        for name, description in commands.menu(lang):
            assert 1 <= len(name) <= 32 and name.islower()
            assert 3 <= len(description) <= 256


@pytest.mark.parametrize(
    "name, args, expected",
    [("standing", "", "/standings"), ("travel", "1", "/traveller 1"), ("r5", "1-3 4S+1 N", "/r 5 1-3 4S+1 N"),
     ("lw", "50", "/law 50"), ("defin", "明手", "/define 明手"), ("STANDING", "", "/standings"),
     ("foo", "", None), ("xyzzy", "1", None), ("weather", "", None)],
)
def test_suggest(name, args, expected):
    assert commands.suggest(name, args) == expected


@pytest.mark.parametrize("text, answered", [
    ("/law 50", True), ("/standing", True), ("/l@SomeBot 50", True), ("/foo", False), ("/weather", False), ("罚张", False)])
def test_which_commands_a_group_hears_an_answer_to(text, answered):
    from bot.chat.core import Core

    assert Core.answers_command(text) is answered
