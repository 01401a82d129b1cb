"""Keep the bot token and the webhook secret out of every log line, traceback and crash report.

python-telegram-bot puts the token in request URLs and in ``InvalidToken`` messages, and at
DEBUG it logs setWebhook's parameters, secret included.  :func:`protect_logs` installs a
filter on every handler of the root logger that rewrites each record — message, arguments,
formatted traceback and stack — and replaces the hooks that print uncaught exceptions.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Iterable

MASK = "<redacted>"
_MIN_SECRET = 6  # shorter strings would mask ordinary words


class Redactor:
    """Replaces each secret, and a token's part after its colon, with ``<redacted>``."""

    def __init__(self, secrets: Iterable[str | None]):
        found = set()
        for secret in filter(None, secrets):
            found.add(secret)
            _, _, tail = secret.partition(":")
            if len(tail) >= _MIN_SECRET:
                found.add(tail)
        # Longest first, so the whole token goes before its tail.
        self.secrets = sorted((s for s in found if len(s) >= _MIN_SECRET), key=len, reverse=True)

    def __call__(self, text: str) -> str:
        """``text`` with every secret masked."""
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, MASK)
        return text


class RedactSecrets(logging.Filter):
    """A handler filter that masks the secrets in a record's message, traceback and stack;
    it never drops a record."""

    def __init__(self, *secrets: str | None):
        super().__init__()
        self.redact = Redactor(secrets)

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite ``record`` in place without the secrets."""
        try:
            message = record.getMessage()
        except Exception:  # a bad format string is logging's problem; keep the raw text
            message = f"{record.msg} {record.args}"
        record.msg, record.args = self.redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def protect_logs(*secrets: str | None, filters: Iterable[logging.Filter] = ()) -> RedactSecrets:
    """Add ``filters`` and then the redacting filter to every handler of the root logger (the
    redaction last, so it sees what the others wrote), and mask the secrets in uncaught
    exceptions of the main thread and of other threads.  Returns the redacting filter."""
    redacting = RedactSecrets(*secrets)
    for handler in logging.getLogger().handlers:
        for extra in filters:
            handler.addFilter(extra)
        handler.addFilter(redacting)
    redact = redacting.redact

    def print_redacted(kind, value, tb) -> None:
        sys.stderr.write(redact("".join(traceback.format_exception(kind, value, tb))))

    sys.excepthook = print_redacted
    threading.excepthook = lambda args: print_redacted(args.exc_type, args.exc_value, args.exc_traceback)
    return redacting
