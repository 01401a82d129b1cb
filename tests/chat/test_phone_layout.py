"""On a phone (issue 29): a score's line is text a phone wraps, a table one monospace block with the
pairs' names inside it, button labels short enough not to be cut, a long chapter's laws paged."""

import pytest

from bot.chat.html import body_html
from bot.scoring.replies import score_reply
from club_helpers import Chat


@pytest.mark.parametrize("text", ["4S+1 有局", "4S+1", "3NTx-2 N board 7"])
def test_a_score_line_is_text_not_monospace(text):
    shown = body_html(score_reply(text, "zh"))
    assert "<pre>" not in shown and "+" in shown


def test_standings_with_names_are_one_monospace_block(store):
    chat = Chat(store)
    for line in ("/session new pairs howell 周三", "/pair 1 张三 李四", "/pair 2 王五 赵六", "/r 1 1-2 4S= N",
                 "/r 1 3-4 3NT= N"):
        chat.text(line)
    shown = body_html(chat.text("/standings"))
    assert shown.count("<pre>") == 1
    assert "\n     张三 李四\n" in shown.split("<pre>")[1].split("</pre>")[0]


def test_a_matchpoint_table_stays_monospace():
    from bot.scoring.replies import mp_reply
    assert body_html(mp_reply("这副牌我们 420, 别桌 450、420、-50, 比赛分多少", "zh")).count("<pre>") == 1
