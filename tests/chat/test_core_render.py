"""HTML rendering of replies, the per-chat context store and the flood guard."""

from __future__ import annotations

import pytest

from bot.chat.context import ContextStore
from bot.chat.core import Reply
from bot.chat.html import highlight, reply_html


@pytest.mark.parametrize(
    "text, words, expected",
    [
        ("罚张留在桌上", ["罚张"], "<b>罚张</b>留在桌上"),
        ("大罚张与小罚张", ["罚张", "大罚张"], "<b>大罚张</b>与小<b>罚张</b>"),
        ("a < b & c", ["b"], "a &lt; <b>b</b> &amp; c"),
        ("<script>", [], "&lt;script&gt;"),
        ("Dummy and dummy", ["dummy"], "<b>Dummy</b> and <b>dummy</b>"),
        ("x", ["", " "], "x"),
        ("a*b", ["*"], "a<b>*</b>b"),
    ],
)
def test_highlight(text, words, expected):
    assert highlight(text, words) == expected


def test_reply_html_bolds_title_and_escapes_everything():
    reply = Reply(title="第50条 <罚张>", body="罚张 & 明手", highlights=("明手",))
    assert reply_html(reply) == "<b>第50条 &lt;罚张&gt;</b>\n罚张 &amp; <b>明手</b>"


def test_tables_are_monospace_and_not_bolded():
    body = "奖分：\n奖分      无局  有局\n成局      300   500\n以上为奖分。"
    assert reply_html(Reply(body=body, highlights=("奖分",))) == (
        "<b>奖分</b>：\n<pre>奖分      无局  有局\n成局      300   500</pre>\n以上为<b>奖分</b>。"
    )


def test_reply_html_without_title():
    assert reply_html(Reply(body="1 < 2")) == "1 &lt; 2"


def test_context_store_forgets_the_quietest_chat():
    store = ContextStore(max_chats=2)
    store.get("a").law = 50
    store.get("b").law = 41
    store.get("a")
    store.get("c")
    assert len(store) == 2
    assert store.get("a").law == 50
    assert store.get("b").law is None
