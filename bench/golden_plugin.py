"""A pytest plugin for ``bench/golden.py``: records every reply the chat core gives during the tests.

Loaded with ``-p golden_plugin`` (``bench/`` on ``PYTHONPATH``) and ``BRIDGEBOT_GOLDEN_DIALOGUES`` naming the
output file; each record is one turn: the test's node id, the turn's number in that test, the input and the reply.
"""

from __future__ import annotations

import json
import os

import pytest

_OUT = None
_TEST = {"id": "", "turn": 0}


def _recorded(name, method):
    def wrapper(self, message, *args, **kwargs):
        reply = method(self, message, *args, **kwargs)
        from golden import reply_record

        text = message if isinstance(message, str) else message.text
        if name == "inline":
            recorded = [{"id": i.id, "title": i.title, "description": i.description,
                         "reply": reply_record(i.reply)} for i in reply]
        else:
            recorded = reply_record(reply)
        _TEST["turn"] += 1
        _OUT.write(json.dumps({"test": _TEST["id"], "turn": _TEST["turn"], "input": [name, text],
                               "reply": recorded}, ensure_ascii=False, sort_keys=True) + "\n")
        return reply

    return wrapper


def pytest_configure(config):
    """Wrap the core's entry points (handle, press, inline) when an output file is named."""
    global _OUT
    path = os.environ.get("BRIDGEBOT_GOLDEN_DIALOGUES")
    if not path:
        return
    _OUT = open(path, "w", encoding="utf-8", errors="backslashreplace")
    from bot.chat.core import Core

    # (press() calls handle(): a tap is recorded twice, as typed and as tapped, edit flag and all)
    for name in ("handle", "press", "inline"):
        setattr(Core, name, _recorded(name, getattr(Core, name)))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Number each test's turns from one."""
    _TEST["id"], _TEST["turn"] = item.nodeid, 0


def pytest_unconfigure(config):
    """Close the output file."""
    if _OUT:
        _OUT.close()
