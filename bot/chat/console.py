"""The console chat: the same core as the Telegram bot, in a terminal or a pipe.

Interactive (a terminal): a prompt with line editing and history (readline), buttons shown as
numbered choices the user types.  Piped (``echo '第50条' | bridgebot chat``): one reply per
input line, then exit, so it can be scripted.
"""

from __future__ import annotations

import logging
import re
import sys
from pathlib import Path
from typing import TextIO

from bot.chat.core import Core
from bot.chat.guard import ascii_number
from bot.chat.reply import ChatMessage, Reply

log = logging.getLogger(__name__)

PROMPT = "桥牌> "
BANNER = "桥牌规则助手 — 中国桥牌竞赛规则(1999)。输入问题、条款号或 /help;按数字选择按钮;Ctrl-D 退出。"
QUIT_WORDS = {"/quit", "/exit", "quit", "exit", "退出"}
HISTORY_FILE = Path.home() / ".bridgebot_history"
_BOLD, _PLAIN = "\033[1m", "\033[0m"
# The console has no attachments: /import FILE and /hands FILE read a local file instead.
_FILE_COMMAND = re.compile(r"^/(?P<command>import|hands)\s+(?P<path>\S.*)$", re.IGNORECASE)
MAX_FILE_BYTES = 2_000_000


def format_reply(reply: Reply, bold: bool = False) -> str:
    """The reply as console text: title (bold on a terminal), body, then numbered buttons."""
    lines = []
    if reply.title:
        lines.append(f"{_BOLD}{reply.title}{_PLAIN}" if bold else reply.title)
    lines.append(reply.body)
    buttons = reply.flat_buttons
    if buttons:
        lines.append("  ".join(f"[{i}] {b.label}" for i, b in enumerate(buttons, 1)))
    return "\n".join(lines)


def save_document(document: tuple[str, bytes], directory: Path) -> Path:
    """Write a reply's file into ``directory`` without overwriting; returns the path written."""
    name = Path(document[0]).name or "bridgebot.out"
    path = directory / name
    n = 1
    while path.exists():
        path = directory / f"{Path(name).stem}-{n}{Path(name).suffix}"
        n += 1
    path.write_bytes(document[1])
    return path


def file_message(text: str, directory: Path) -> ChatMessage | str:
    """``/import FILE`` or ``/hands FILE`` as the message a chat with the file attached would be
    (the path relative to ``directory``); any other text as it is.  A file that cannot be read
    gives the line to print instead (a str)."""
    m = _FILE_COMMAND.match(text)
    if m is None:
        return ChatMessage(text)
    path = directory / Path(m.group("path").strip().strip("\"'")).expanduser()
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        return f"读不到文件 {path}: {err.strerror or err} / Cannot read the file {path}"
    if len(data) > MAX_FILE_BYTES:
        return f"文件太大 (最多 {MAX_FILE_BYTES // 1024} KB): {path} / The file is too large"
    return ChatMessage(f"/{m.group('command').lower()}", attachment=data)


class ConsoleChat:
    """One console conversation: remembers the last reply's buttons for numbered choices."""

    def __init__(self, core: Core, out: TextIO, bold: bool = False, directory: Path | None = None):
        self.core = core
        self.out = out
        self.bold = bold
        self.directory = directory or Path.cwd()
        self.buttons = []

    def answer(self, line: str) -> None:
        """Answer one line the user typed and print the reply."""
        text = line.strip()
        try:
            choice = ascii_number(text, 1, len(self.buttons)) if self.buttons else None
            if choice is not None:
                reply = self.core.press(ChatMessage(self.buttons[choice - 1].data))
            else:
                message = file_message(text, self.directory)
                if isinstance(message, str):
                    print(message, file=self.out)
                    self.out.flush()
                    return
                reply = self.core.handle(message)
        except Exception:
            log.exception("the console message %r caused an error", text)
            reply = self.core.apology(text)
        self.buttons = reply.flat_buttons
        print(format_reply(reply, self.bold), file=self.out)
        if reply.document is not None:
            path = save_document(reply.document, self.directory)
            print(("Saved " if reply.lang == "en" else "已保存 ") + str(path), file=self.out)
        self.out.flush()


def run_console(core: Core, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the console chat until end of input or a quit word; returns the exit status (0)."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    _tolerate_bad_bytes(stdin, stdout)
    interactive = stdin.isatty() and stdout.isatty()
    chat = ConsoleChat(core, stdout, bold=interactive)
    if not interactive:
        first = True
        for line in stdin:
            if not line.strip():
                continue  # blank lines separate a script's messages
            if not first:
                print(file=stdout)
            chat.answer(line)
            first = False
        return 0
    _enable_history()
    print(BANNER, file=stdout)
    while True:
        try:
            line = input(PROMPT)
        except EOFError:
            print(file=stdout)
            return 0
        except KeyboardInterrupt:
            print(file=stdout)
            continue
        if line.strip().lower() in QUIT_WORDS:
            return 0
        chat.answer(line)


def _tolerate_bad_bytes(stdin: TextIO, stdout: TextIO) -> None:
    """An undecodable byte typed or piped in (a strict locale, a Latin-1 terminal) becomes
    U+FFFD instead of ending the chat; text the terminal cannot show is replaced the same way."""
    for stream in (stdin, stdout):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def _enable_history() -> None:
    """Line editing and a history file, when readline is available."""
    try:
        import readline
    except ImportError:
        return
    try:
        readline.read_history_file(HISTORY_FILE)
    except OSError:
        pass
    readline.set_history_length(1000)
    import atexit

    def save() -> None:
        try:
            readline.write_history_file(HISTORY_FILE)
        except OSError:
            log.debug("could not write %s", HISTORY_FILE)

    atexit.register(save)
