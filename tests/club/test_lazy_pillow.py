"""Pillow is loaded only when a picture is drawn, not when the club or the chat core is imported."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_club_and_the_core_does_not_load_pillow():
    code = "import sys, bot.club, bot.club.standings, bot.club.files, bot.chat.core; print('PIL' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
