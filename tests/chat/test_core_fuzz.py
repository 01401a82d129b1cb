"""Whatever a user types, the chat answers with a message and never raises (the real modules)."""

from __future__ import annotations

import random

import pytest

from bot.chat.core import ChatMessage, Core

PIECES = ["/law", "/l", "/score", "/imp", "/mp", "/board", "/define", "/search", "/session", "/r", "/undo",
          "/traveller", "/standings", "/export", "/import", "/more", "/next", "/prev", "/about", "/start",
          "第", "条", "款", "50", "D", "2", "(a)", "4S", "+1", "=", "-3", "x", "XX", "NT", "vul", "有局",
          "号牌", "new", "pairs", "teams", "NS1-EW3", "open", "closed", "N", "北", "明手", "罚张", "什么是",
          "吗", "?", "？", '"', "NOT", "*", "NEAR(", "OR", "全文", "下一条", "more", "♠", "１０", "第五十",
          "law", "L", "99", "0", "-", "  ", "\n", "😀", "<b>", "&amp;", "'; drop table laws; --"]


def _messages(n: int, seed: int = 20261129) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        words = [rng.choice(PIECES) for _ in range(rng.randint(1, 6))]
        if rng.random() < 0.2:
            words.append("".join(chr(rng.randint(0x20, 0x9FFF)) for _ in range(rng.randint(1, 30))))
        out.append((" " if rng.random() < 0.5 else "").join(words))
    return out


@pytest.fixture(scope="module")
def core():
    return Core.open()


def test_every_message_gets_a_reply_and_nothing_raises(core):
    for i, text in enumerate(_messages(400)):
        reply = core.handle(ChatMessage(text, chat_id=i % 5, user_id=i % 3, user_is_admin=i % 2 == 0))
        assert reply.text.strip(), text
        assert "Traceback" not in reply.text
        # The catch-all apologies mean a bug was caught: a user's odd input must never cause one.
        assert "出了点问题" not in reply.text and "went wrong" not in reply.text, text


@pytest.mark.parametrize("data", ["/law 50D2", "/more 50 9", "/next 79", "/prev 1", "/law 30", "/define 不存在",
                                  "/more x y", "/law 50D2a(b)", ""])
def test_button_presses_with_any_data_are_answered(core, data):
    assert core.press(ChatMessage(data, chat_id=9)).text.strip()


@pytest.mark.parametrize("text", ["/toc ²", "/toc ٣", "/as declarer ²", "/as defender ٣", "/toc ３"])
def test_digits_that_are_not_ascii_numbers_are_answered_not_raised(core, text):
    """``isdigit()`` is true for 「²」 and 「٣」 but ``int()`` refuses them: the fuzzer's escapes."""
    core.handle(ChatMessage("罚张怎么处理", chat_id="digits"))
    reply = core.handle(ChatMessage(text, chat_id="digits"))
    assert reply.text.strip()
