"""The README's tables cannot drift from the code: its commands are the registry's, its variables the code's."""

from __future__ import annotations

import re
from pathlib import Path

from bot.chat.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _table_after(heading: str) -> list[list[str]]:
    """The rows of the first table under ``## heading`` (header and rule excluded), as cells."""
    section = README.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def test_the_commands_table_is_the_command_registry():
    rows = {cells[0].strip("`"): cells for cells in _table_after("Commands")}
    assert list(rows) == ["/" + c.name for c in COMMANDS]
    for command in COMMANDS:
        cells = rows["/" + command.name]
        assert cells[1].replace("`", "").split(", ") == (["/" + a for a in command.aliases] or [""])
        assert cells[2].strip("`").split()[0] == "/" + command.name


def test_the_configuration_table_names_every_variable_the_code_reads():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot").rglob("*.py"))
    read = set(re.findall(r"\b(?:BRIDGEBOT_[A-Z_]+|TELEGRAM_BOT_TOKEN)\b", code))
    table = {cells[0].strip("`") for cells in _table_after("Configuration")}
    assert read and read == table


def test_the_readme_is_for_users_short():
    assert len(README.splitlines()) <= 250
