"""Shared helpers for the club tests: a chat that talks to handle_command, and table readers."""

from __future__ import annotations

from dataclasses import dataclass

from bot.club import ClubReply, ClubStore, handle_command


@dataclass
class Chat:
    """One chat talking to the club commands, as a given user."""

    store: ClubStore
    chat_id: int | str = -1001
    user_id: int | str = 7
    admin: bool = False
    lang: str = "zh"

    def send(self, line: str, attachment: bytes | None = None, **who) -> ClubReply:
        """Send ``/command args`` as the chat's user (``user_id=…``/``admin=…`` override)."""
        command, _, args = line.lstrip("/").partition(" ")
        return handle_command(command, args, chat_id=self.chat_id, user_id=who.get("user_id", self.user_id),
                              user_is_admin=who.get("admin", self.admin), lang=who.get("lang", self.lang),
                              attachment=attachment, store=self.store)

    def text(self, line: str, **who) -> str:
        """The reply text of one command."""
        return self.send(line, **who).text


def rows(text: str, first_cell: str) -> list[tuple[str, ...]]:
    """The rows of the aligned table in a reply, from the header whose first cell is
    ``first_cell`` (header excluded) to the first line that is not a table row."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == [first_cell])
    width = len(lines[start].split())
    found = []
    for line in lines[start + 1:]:
        cells = tuple(line.split())
        if len(cells) != width:
            break
        found.append(cells)
    return found


def flat(text: str) -> str:
    """``text`` without any whitespace: prose is wrapped to the phone's 40 columns, so compare it
    with the line breaks (and the spaces they replaced) taken out."""
    return "".join(text.split())


def fits_phone(text: str, limit: int = 40) -> list[str]:
    """The lines of ``text`` wider than ``limit`` monospace columns (CJK counts 2): none, please."""
    import unicodedata

    def width(line: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)

    return [line for line in text.splitlines() if width(line) > limit]
