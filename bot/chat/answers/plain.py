"""Answers in the chat's own words: a note, the help, about the corpus, an unknown command."""

from __future__ import annotations

from bot.chat import commands
from bot.chat.answers.buttons import button
from bot.chat.reply import CALLBACK_BYTES, Reply
from bot.chat.texts import say
from bot.rulebook.model import number_ranges


def note(key: str, lang: str, **values) -> Reply:
    """A reply of one of the chat's texts (:func:`bot.chat.texts.say`) and nothing else."""
    return Reply(body=say(key, lang, **values))


def help_reply(lang: str, greeting: bool = False, group: bool = False, mention: str = "") -> Reply:
    """The help: what to send, the commands; with ``greeting`` a hello before it; in a ``group``,
    how to address the bot there first (``mention``: its @name)."""
    body = "\n".join([say("help_intro", lang), say("help_commands", lang), *commands.help_lines(lang),
                      "", say("help_after", lang)])
    if group:
        body = group_how(lang, mention) + "\n\n" + body
    if greeting:
        body = say("greeting", lang) + "\n" + body
    return Reply(body=body)


def group_how(lang: str, mention: str = "") -> str:
    """How to ask the bot in a group (mention, reply, commands) and how to start a session there."""
    return say("group_how", lang, mention=mention or ("@机器人" if lang != "en" else "@bot"))


def group_welcome(lang: str, mention: str = "") -> Reply:
    """The one short message a group gets when the bot is added to it."""
    return Reply(body=say("greeting", lang) + "\n" + group_how(lang, mention))


def about_reply(rulebook, lang: str) -> Reply:
    """The edition, the laws present and missing, the definitions and sources of the corpus."""
    book = rulebook
    missing = book.missing or sorted(set(range(1, max(book.numbers, default=1) + 1)) - set(book.numbers))
    sources = {s for law in book.laws.values() for s in law.sources}
    sources |= {s for d in book.definitions for s in d.sources}
    return Reply(body=say(
        "about", lang,
        edition=book.edition,
        definitions=len(book.definitions),
        present=number_ranges(book.numbers),
        count=len(book.numbers),
        missing=number_ranges(missing) or "—",
    ) + ("\n" + say("about_sources", lang, n=len(sources)) if sources else ""))


def unknown_command(name: str, args: str, lang: str) -> Reply:
    """A command this bot does not have: the one it most likely meant, as a button, if any."""
    suggestion = commands.suggest(name, args)
    if suggestion is None:
        return note("unknown_command", lang, name=name)
    body = say("unknown_command_suggest", lang, name=name, suggestion=suggestion)
    buttons = ()
    if len(suggestion.encode()) <= CALLBACK_BYTES:
        buttons = ((button(suggestion[:40], suggestion),),)
    return Reply(body=body, buttons=buttons)
