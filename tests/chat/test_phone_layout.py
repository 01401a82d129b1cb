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


@pytest.fixture(scope="module")
def core():
    from bot.chat.core import Core
    return Core.open()


def ask(core, text, chat=1):
    from bot.chat.reply import ChatMessage
    return core.handle(ChatMessage(text, chat_id=chat))


def test_button_labels_fit_a_phone():
    from bot.chat.answers.buttons import button, label_width
    label = button("第75条D款2 同伴间的协议 · 解释者的同伴发觉解释有误", "/law 75D2").label
    assert label_width(label) <= 32 and label.startswith("第75条D款2") and label.endswith("…")
    assert button("Law 75D2 Agreements between partners: mistaken explanation", "/law 75D2").label.__len__() <= 28
    assert button("第50条D款2 罚张", "/law 50D2").label == "第50条D款2 罚张"


@pytest.mark.parametrize("text", ["/toc", "/toc 6", "/toc 6 2", "/toc 6 3", "/toc 7"])
def test_every_button_label_of_the_toc_fits(core, text):
    from bot.chat.answers.buttons import label_width
    assert all(label_width(b.label) <= 32 for b in ask(core, text).flat_buttons)


def test_a_chapter_with_many_laws_pages_its_buttons(core):
    first = ask(core, "/toc 6")
    laws = [b for b in first.flat_buttons if b.data.startswith("/law")]
    assert len(laws) == 8 and "第 1/3 页" in first.body
    assert [b.data for b in first.flat_buttons][-2:] == ["/toc 6 2", "/toc"]
    last = ask(core, "/toc 6 3")
    assert [b.label for b in last.flat_buttons][:3] == ["第69条 对声称或承认的默认", "第70条 有争议的声称", "第71条 承认的取消"]
    assert "/toc 6 2" in [b.data for b in last.flat_buttons]


@pytest.mark.parametrize("law", [50, 75])
def test_a_long_law_in_a_group_is_its_governing_part_with_full_text_a_tap_away(core, law):
    short = ask(core, f"/law {law}", chat=-100)
    assert short.text.count("\n") <= 10
    assert ("全文", f"/full {law}") in [(b.label, b.data) for b in short.flat_buttons]
    whole = ask(core, f"/full {law}", chat=-100)
    assert whole.text.count("\n") > 10
    assert ask(core, "全文", chat=-100).body == f"第{law}条已全部显示。"
    assert ask(core, f"/law {law}", chat=7).text.count("\n") > 10   # one to one: the whole law, as before
