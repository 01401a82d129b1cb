"""Buttons of an answer and their rows: a button's data is the command a tap sends back."""

from __future__ import annotations

from bot.chat.reply import CALLBACK_BYTES, Button

MAX_REF_BUTTONS = 6
REFS_PER_ROW = 3
# A button label longer than this gets a row of its own (a phone shows about 20 wide characters).
SHORT_LABEL = 12


def button(label: str, data: str) -> Button:
    """A button labelled ``label`` (cut to 40 characters) sending ``data``; raises when ``data``
    is over Telegram's callback size."""
    if len(data.encode()) > CALLBACK_BYTES:
        raise ValueError(f"callback data over {CALLBACK_BYTES} bytes: {data!r}")
    return Button(label[:40], data)


def rows(buttons, per_row: int = REFS_PER_ROW) -> tuple[tuple[Button, ...], ...]:
    """Short buttons up to ``per_row`` in a row; a long one (a clause title) alone in its row."""
    lines: list[list[Button]] = []
    for each in buttons:
        if len(each.label) > SHORT_LABEL:
            lines.append([each])
        elif lines and len(lines[-1]) < per_row and all(len(b.label) <= SHORT_LABEL for b in lines[-1]):
            lines[-1].append(each)
        else:
            lines.append([each])
    return tuple(tuple(line) for line in lines)
