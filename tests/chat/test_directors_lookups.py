"""Issue 29, a director's look-ups: every reference form keeps the chat's language, procedure questions go
to the search, the undue-delay words reach 74B4, chapter IV's title is the sources' (none) and says so."""

from __future__ import annotations

import io

import pytest

from bot.chat.console import run_console
from bot.chat.reply import ChatMessage

FORMS = ["50 D 2", "50D2a", "16.A.2", "§70", "Law 75 example", "第50条D款2", "law 50d2"]
CHINESE_CONTROLS = {"全文", "◀ 上一条", "下一条 ▶"}
ENGLISH_CONTROLS = {"Full text", "◀ Previous", "Next ▶"}


@pytest.fixture(scope="module")
def core():
    from bot.chat.core import Core
    return Core.open()


def ask(core, text, chat):
    return core.handle(ChatMessage(text, chat_id=chat))


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("lang, first, chat", [("zh", "罚张是什么", 2900), ("en", "what is a penalty card", 2950)])
def test_every_reference_form_keeps_the_chats_language(core, form, lang, first, chat):
    chat += FORMS.index(form)
    ask(core, first, chat)
    reply = ask(core, form, chat)
    labels = {b.label for b in reply.flat_buttons}
    assert reply.lang == lang
    mine, other = (CHINESE_CONTROLS, ENGLISH_CONTROLS) if lang == "zh" else (ENGLISH_CONTROLS, CHINESE_CONTROLS)
    assert labels & mine and not labels & other
    assert ask(core, "下一个问题" if lang == "zh" else "thanks", chat).lang == lang   # the chat's language stays


def test_a_reference_in_a_fresh_chat_reads_its_own_words(core):
    assert ask(core, "law 50d2", 2990).lang == "en"
    assert ask(core, "第50条D款2", 2991).lang == "zh"


def test_the_console_keeps_the_chats_language_for_a_reference(core):
    out = io.StringIO()
    assert run_console(core, io.StringIO("罚张是什么\nlaw 50d2\n"), out) == 0
    answer = out.getvalue().split("第50条D款2", 1)[1]
    assert "全文" in answer and "Full text" not in answer


@pytest.mark.parametrize("text", ["对声称有异议时裁判的程序是什么", "what is the procedure when a claim is disputed",
                                  "声称有异议时的处理办法是什么", "what are the steps when a claim is disputed"])
def test_a_procedure_question_is_searched_not_read_as_a_definition(core, text):
    from bot.search.definition_frames import definition_subject
    assert definition_subject(text.lower()) is None
    reply = ask(core, text, 3000 + len(text))
    # Law 70 answered, or (not sure enough) the first of the closest clauses
    assert (reply.refers_to or "").startswith("70") or reply.flat_buttons[0].data.startswith("/law 70")


@pytest.mark.parametrize("text", ["什么是罚张", "定约是什么意思", "what is a claim", "什么是程序"])
def test_a_term_is_still_read_as_one(text):
    from bot.search.definition_frames import definition_subject
    assert definition_subject(text) is not None


@pytest.mark.parametrize("text", ["延误比赛", "拖延", "故意拖延", "slow play", "undue delay", "延误比赛怎么处理"])
def test_the_undue_delay_words_reach_74b4(core, text):
    reply = ask(core, f"/search {text}", 3050 + len(text))
    # (beside "slow play", 73D1 on a slow call's tempo may come first: 74B4 is then the next tap)
    assert reply.refers_to == "74B4" or "/law 74B4" in [b.data for b in reply.flat_buttons[:2]]


def test_search_command_finds_74b4_for_delaying_the_game(core):
    reply = ask(core, "/search 延误比赛", 3100)
    assert reply.flat_buttons[0].data == "/law 74B4"


@pytest.mark.parametrize("lang, first", [("zh", "罚张是什么"), ("en", "what is a penalty card")])
def test_chapter_four_shows_the_english_title_marked_as_such(core, lang, first):
    chat = 3200 if lang == "zh" else 3201
    ask(core, first, chat)
    toc = ask(core, "/toc", chat)
    assert "第四章 (第12–16条) (英文标题)" in [b.label for b in toc.flat_buttons]
    chapter = ask(core, "/toc 4", chat)
    assert chapter.title == "第四章 (英文标题) General Laws Governing Irregularities"
    assert ("1997" in chapter.body) and "违规的一般规定" not in chapter.title + chapter.body


def test_the_rulebook_keeps_chapter_four_untitled():
    from bot.rulebook.model import RULEBOOK_PATH
    text = RULEBOOK_PATH.with_suffix(".md").read_text(encoding="utf-8")
    assert "\n## 第四章\n" in text and "违规的一般规定" not in text
