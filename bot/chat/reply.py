"""What the chat core answers with, independent of any transport: :class:`Reply` and its
:class:`Button` s, the incoming :class:`ChatMessage`, inline results, and message-size paging."""

from __future__ import annotations

from dataclasses import dataclass

# Plain-text budget of one message: Telegram allows 4096 characters after HTML escaping and
# the <b> tags; law text is Chinese and rarely grows when escaped, so this leaves ample room.
PAGE_CHARS = 3500
CALLBACK_BYTES = 64


@dataclass(frozen=True)
class Button:
    """A button: ``label`` is shown, ``data`` is the command a tap sends back (≤ 64 bytes)."""

    label: str
    data: str


@dataclass(frozen=True)
class Reply:
    """One answer: a bold ``title`` line, the ``body``, rows of buttons and what it is about.

    ``highlights`` are words of the body to show in bold (the words the search matched);
    ``refers_to`` is the clause id, law number or defined term answered; ``document`` is a
    ``(filename, bytes)`` file to send along; ``edit`` asks the transport to replace the
    message whose button was tapped instead of sending a new one."""

    body: str
    title: str = ""
    buttons: tuple[tuple[Button, ...], ...] = ()
    highlights: tuple[str, ...] = ()
    refers_to: str | None = None
    document: tuple[str, bytes] | None = None
    edit: bool = False
    lang: str = "zh"

    @property
    def text(self) -> str:
        """Title and body as one plain text."""
        return f"{self.title}\n{self.body}" if self.title else self.body

    @property
    def flat_buttons(self) -> list[Button]:
        """All buttons in reading order (the numbers of the console's choices)."""
        return [button for row in self.buttons for button in row]


@dataclass(frozen=True)
class ChatMessage:
    """What a user sent: the text plus who and where.  ``lang_hint`` is the user's interface
    language when the transport knows it (Telegram's ``language_code``); ``quoted`` is the text
    of the message this one replies to (``/law`` sent as a reply looks that message up); ``mention``
    how users address the bot in a group (``@BridgeBot``)."""

    text: str
    chat_id: int | str = "console"
    user_id: int | str = "console"
    user_is_admin: bool = True
    lang_hint: str | None = None
    attachment: bytes | None = None
    quoted: str | None = None
    mention: str = ""  # how the transport's users address the bot in a group (``@BridgeBot``)


def in_group(message: ChatMessage) -> bool:
    """True when the message comes from a group chat (Telegram's group ids are negative): a long
    law is then sent as its governing part, 全文 one tap away."""
    return str(message.chat_id).startswith("-")


@dataclass(frozen=True)
class InlineItem:
    """One inline-mode result: a short title and description, and the reply it posts."""

    id: str
    title: str
    description: str
    reply: Reply


def paginate(blocks: list[str], limit: int = PAGE_CHARS) -> list[str]:
    """Join ``blocks`` into pages of at most ``limit`` characters, breaking only between blocks
    (a block longer than ``limit`` is broken between lines, a line between characters)."""
    pieces: list[str] = []
    for block in blocks:
        if len(block) <= limit:
            pieces.append(block)
            continue
        for line in block.split("\n"):
            pieces.extend(line[i : i + limit] for i in range(0, max(len(line), 1), limit))
    pages: list[str] = []
    for piece in pieces:
        if pages and len(pages[-1]) + 1 + len(piece) <= limit:
            pages[-1] += "\n" + piece
        else:
            pages.append(piece)
    return pages or [""]
