"""Buttons of an answer and their rows: a button's data is the command a tap sends back."""

from __future__ import annotations

import unicodedata

from bot.chat.reply import CALLBACK_BYTES, Button

MAX_REF_BUTTONS = 6
REFS_PER_ROW = 3
# A button label longer than this gets a row of its own (a phone shows about 20 wide characters).
SHORT_LABEL = 12


# A phone shows about 16 Chinese characters (or 28 Latin ones) on a button of its own row.
LABEL_COLUMNS = 32
LABEL_CHARS = 28


def label_width(text: str) -> int:
    """Columns of ``text`` on a button: a Chinese (wide) character counts 2, others 1."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit_label(label: str) -> str:
    """``label`` cut with … to at most 16 Chinese characters (32 columns) or 28 characters."""
    if label_width(label) <= LABEL_COLUMNS and len(label) <= LABEL_CHARS:
        return label
    out = ""
    for ch in label:
        if label_width(out + ch) > LABEL_COLUMNS - 2 or len(out) >= LABEL_CHARS - 1:
            break
        out += ch
    return out.rstrip(" ·") + "…"


def button(label: str, data: str) -> Button:
    """A button labelled ``label`` (cut to fit a phone, see :func:`fit_label`) sending ``data``;
    raises when ``data`` is over Telegram's callback size."""
    if len(data.encode()) > CALLBACK_BYTES:
        raise ValueError(f"callback data over {CALLBACK_BYTES} bytes: {data!r}")
    return Button(fit_label(label), data)


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
