"""What every ``bridgebot`` subcommand module shares: one-line failures, JSON output, input limits."""

from __future__ import annotations

import json
import sys
from typing import NoReturn

import click

from bot.base.textnorm import MAX_INPUT_CHARS


def fail(message: str, code: int = 1) -> NoReturn:
    """Print a one-line error to stderr and exit with ``code`` (no traceback)."""
    click.echo(f"bridgebot: {message}", err=True)
    sys.exit(code)


def emit_json(data, one_line: bool = False) -> None:
    """Print ``data`` as JSON with Chinese kept readable; ``one_line`` for summaries that scripts
    read as the last line of the output."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=None if one_line else 2))


def check_length(text: str, example: str) -> None:
    """Reject over-long input with a friendly message."""
    if len(text) > MAX_INPUT_CHARS:
        fail(f"输入太长({len(text)} 个字符, 最多 {MAX_INPUT_CHARS})。例如: {example}")
