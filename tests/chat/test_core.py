"""The chat core replayed as dialogues: (message, what the reply must show)."""

from __future__ import annotations

import pytest

from bot.chat.core import CALLBACK_BYTES, ChatMessage, detect_lang, paginate
from bot.rulebook.model import number_ranges
import chat_fakes
from bot.base.database import open_database
from bot.chat.context import SharedContextStore
from bot.club.schema import MIGRATIONS
from chat_fakes import make_core


@pytest.fixture(autouse=True, params=["memory", "sqlite", "postgresql"])
def contexts(request, monkeypatch):
    """Every dialogue here runs three times: the contexts in memory, in SQLite, in PostgreSQL (what
    several replicas share)."""
    if request.param == "memory":
        yield None
        return
    db = open_database(":memory:" if request.param == "sqlite" else request.getfixturevalue("database_url"))
    db.migrate(MIGRATIONS)
    monkeypatch.setattr(chat_fakes, "CONTEXTS", lambda: SharedContextStore(db))
    yield db
    db.close()


def test_a_follow_up_works_on_another_replica(contexts):
    if contexts is None:
        pytest.skip("one process: nothing shared")
    first, second = make_core(), make_core()   # two replicas over one database
    assert "第50条D款2" in ask(first, "50D2").text
    assert "罚张必须面朝上留在桌上" in ask(second, "全文").text
    assert "第52条" in ask(first, "下一条").text
    assert "第77条" in ask(second, "下一条").text


def ask(core, text, chat=1, **kw):
    return core.handle(ChatMessage(text, chat_id=chat, **kw))


def verify_dialog(dialog, chat=1, core=None):
    """Send each message in turn; each reply must contain the expected piece of text."""
    core = core or make_core()
    for message, expected in dialog:
        reply = ask(core, message, chat)
        assert expected in reply.text, f"{message!r} → {reply.text!r}"
    return core


@pytest.mark.parametrize(
    "message, expected",
    [
        ("", "/law 50D2"),
        ("   ", "桥牌规则助手"),
        ("/start", "你好"),
        ("/help", "/define 明手"),
        ("/help@BridgeBot", "/score"),
        ("/about", "中国桥牌竞赛规则(1999)"),
        ("/about", "规则 第41、50、52、77条(共 4 条)"),
        ("/about", "暂缺：第51条"),
        # A clause comes with its parent's stem and, in a list, its siblings by title.
        ("第50条D款2", "第50条D款2 罚张的处理\nD. 罚张的处理\n  罚张按下列规定处理:\n  1. 大罚张\n  2. 违规者同伴引牌时\n"),
        ("50D2", "庄家可以限制其引牌"),
        ("/law 50D2", "庄家可以限制其引牌"),
        ("/l 50d2", "违规者同伴引牌时"),
        ("/law 第五十条", "罚张必须面朝上留在桌上"),
        ("/law", "目录 · 中国桥牌竞赛规则(1999)\n请选择一章："),
        ("/law 50Z", "看不懂条款编号「50Z」"),
        ("/law 50.2", "看不懂条款编号「50.2」"),  # a number meant as a reference: how to write one, no search
        ("/law -1", "看不懂条款编号「-1」"),
        ("/law 999", "没有第999条"),
        ("第51条", "本版语料暂未收录第51条"),
        ("第50条F款", "第50条没有「50F」这一款"),
        ("/define 明手", "定义 · 明手 (DUMMY)\n庄家的同伴。"),
        ("/d 明手", "庄家的同伴"),
        ("/define DUMMY", "庄家的同伴"),
        ("/define 飞机", "没有「飞机」这个定义。已有的定义例如：明手、罚张"),
        ("/define", "例如：/define 明手"),
        ("/search 限制其引牌", "第50条D款2"),
        ("/s", "例如：/search 罚张"),
        ("大罚张怎么处理", "大罚张必须在第一个合法机会打出"),
        ("飞机大炮", "没有找到与「飞机大炮」相关的条款"),
        ("4S+1", "score(4S+1) zh"),
        ("/score 3NTx-2 有局", "score(3NTx-2 有局) zh"),
        ("/score 8S=", "定约写错了。例如: 4S+1 有局"),
        ("/score", "例如：/score 4S+1 有局"),
        ("/imp 620 -170", "imp(620 -170) zh"),
        ("/mp 420 450", "计分功能暂时不可用"),
        ("/frobnicate", "不认识的命令 /frobnicate"),
        ("全文", "请先问一条规则"),
        ("下一条", "请先问一条规则"),
        ("罚" * 2001, "消息太长(2001 个字符，最多 2000 个)"),
    ],
)
def test_single_messages(message, expected):
    verify_dialog([(message, expected)])


@pytest.mark.parametrize(
    "message, expected",
    [
        ("what is a dummy", "Nothing in the Laws matches"),
        ("/law 50Z please", "Cannot read the law reference"),
        ("/define frog", "There is no definition of \"frog\""),
        ("/about this bot", "Not yet included: Laws 51"),
        ("/frobnicate please", "Unknown command /frobnicate"),
        ("Law 51", "Law 51 is not in this corpus yet"),
        ("more", "Ask about a law first"),
    ],
)
def test_english_messages_get_english_words(message, expected):
    verify_dialog([(message, expected)])


def test_follow_ups_move_through_the_laws_present():
    verify_dialog([
        ("50D2", "第50条D款2"),
        ("全文", "罚张必须面朝上留在桌上"),
        ("下一条", "第52条 未能打出罚张"),   # 51 is missing from the corpus
        ("下一条", "第77条 计分表"),
        ("下一条", "已经是最后一条了(第77条)"),
        ("上一条", "第52条"),
        ("上一条", "第50条"),
        ("上一条", "第41条"),
        ("上一条", "已经是第一条了(第41条)"),
    ])


def test_follow_up_commands_without_arguments_use_the_context():
    verify_dialog([
        ("/next", "请先问一条规则，例如「第50条」，然后再发「/next」。"),
        ("第41条", "第41条 开始打牌"),
        ("/next", "第50条 罚张的处理"),
        ("/prev", "第41条 开始打牌"),
        ("/more", "第41条已全部显示。"),   # it was all on screen: nothing more to send
        ("/more 77", "请这样写：/more 50 2(第50条的第2页)"),
        ("/next 五十", "请这样写：/next 50，或者直接发「下一条」「上一条」"),
        ("/prev fifty", "Type it like /prev 50, or just send next or prev"),
    ])


def test_search_answer_becomes_the_context_of_follow_ups():
    verify_dialog([("违规者同伴取得出牌权", "第50条D款2"), ("下一条", "第52条")])


def test_contexts_of_two_chats_are_separate():
    core = make_core()
    ask(core, "第77条", chat="a")
    ask(core, "第41条", chat="b")
    assert "第50条" in ask(core, "下一条", chat="b").title
    assert "已经是最后一条" in ask(core, "下一条", chat="a").body


def test_long_law_is_split_in_pages_with_a_more_button():
    core = make_core()
    first = ask(core, "第77条")
    assert [b.data for b in first.flat_buttons] == ["/more 77 2", "/prev 77"]
    assert first.flat_buttons[0].label == "更多 (2/3)"
    pages = [first.body]
    for data in ("/more 77 2", "/more 77 3"):
        pages.append(core.press(ChatMessage(data, chat_id=1)).body)
    assert all(len(p) <= 3500 for p in pages)
    assert "".join(pages).count("长") == 9000
    assert ask(core, "more").body == ask(core, "/more 77 1").body   # nothing pending → the whole law


def test_more_follow_up_continues_the_pending_page():
    core = make_core()
    ask(core, "第77条")
    second = ask(core, "更多")
    assert second.flat_buttons[0].data == "/more 77 3"


def test_clause_answer_has_cross_reference_full_text_and_navigation_buttons():
    reply = ask(make_core(), "50D2")
    assert [[(b.label, b.data) for b in row] for row in reply.buttons] == [
        [("→ 第41条A款", "/law 41A")],   # Law 59 is not in the corpus: no button
        [("全文", "/full 50")],
        [("◀ 上一条", "/prev 50"), ("下一条 ▶", "/next 50")],
    ]
    assert reply.refers_to == "50D2"


def test_search_offers_two_alternatives_as_buttons():
    reply = ask(make_core(), "罚张")
    assert reply.title == "定义 · 罚张 (PENALTY CARD)"
    assert [[b.data for b in row] for row in reply.buttons[:2]] == [["/law 50A"], ["/law 50D"]]
    assert reply.highlights == ("罚张",)


def test_unconfident_search_says_so():
    reply = ask(make_core(), "大罚张?")
    assert (reply.title, reply.body) == ("", "没有找到很确定的答案，最接近的是：")   # a guess is not quoted
    assert [[b.data for b in row] for row in reply.buttons] == [["/law 50D1"]]


def test_navigation_taps_replace_the_message_and_other_taps_do_not():
    core = make_core()
    assert core.press(ChatMessage("/next 50")).edit is True
    assert core.press(ChatMessage("/prev 50")).edit is True
    assert core.press(ChatMessage("/law 41")).edit is False
    assert core.press(ChatMessage("/next 77")).edit is False   # 「已经是最后一条了」 keeps the law in view


@pytest.mark.parametrize(
    "message, title, body_piece",
    [
        ("第50條D款2", "第50條D款2 罰張的處理", "莊家可以限制其引牌"),
        ("/define 罰張", "定義 · 罰張 (PENALTY CARD)", "防守方違規亮出的牌"),
    ],
)
def test_traditional_in_traditional_out(message, title, body_piece):
    reply = ask(make_core(), message)
    assert reply.title == title
    assert body_piece in reply.body


def test_script_neutral_follow_up_keeps_the_users_script():
    core = make_core()
    ask(core, "第50條D款2")
    assert ask(core, "全文").title == "第50條 罰張的處理"
    assert ask(core, "全文").body == "第50條已全部顯示。"   # already whole: said, not sent again


def test_traditional_highlights_and_buttons():
    reply = ask(make_core(), "罰張")
    assert reply.highlights == ("罰張",)
    assert [b.label for b in reply.flat_buttons] == ["第50條A款 罰張留在桌上", "第50條D款 罰張的處理", "→ 第50條"]


def test_club_commands_reach_the_club_with_chat_user_and_language():
    club_calls = []

    def club(command, args, **kw):
        club_calls.append((command, args, kw))
        from chat_fakes import ClubAnswer
        return ClubAnswer("ok", ("s.csv", b"x") if command == "export" else None)

    core = make_core(club=club)
    reply = core.handle(ChatMessage("/r 5 NS1-EW3 4S+1 N", chat_id=-100, user_id=7, user_is_admin=False))
    assert club_calls[0] == ("r", "5 NS1-EW3 4S+1 N", {
        "chat_id": -100, "user_id": 7, "user_is_admin": False, "lang": "zh", "attachment": None})
    assert reply.body == "ok" and reply.document is None
    assert core.handle(ChatMessage("/export")).document == ("s.csv", b"x")


def test_missing_services_answer_politely():
    core = make_core(ask=None, club=None, scorers={})
    assert "搜索功能暂时不可用" in ask(core, "罚张怎么办").body
    assert "俱乐部比赛功能暂时不可用" in ask(core, "/session new pairs").body
    assert "计分功能暂时不可用" in ask(core, "/score 4S+1 vul").body


def test_every_button_fits_telegram_callback_data():
    core = make_core()
    for message in ("50D2", "第77条", "罚张", "/define 明手", "第52条"):
        for button in ask(core, message).flat_buttons:
            assert len(button.data.encode()) <= CALLBACK_BYTES


def test_inline_lists_matching_clauses():
    items = make_core().inline("罚张")
    assert [i.id for i in items] == ["罚张", "50A", "50D", "50D1", "52A"]
    assert items[1].title == "第50条A款 罚张的处理"
    assert items[1].description == "罚张必须面朝上留在桌上。"
    assert all(i.reply.buttons == () for i in items)


@pytest.mark.parametrize("query", ["", "飞机大炮", "50Z"])
def test_inline_without_results(query):
    assert make_core().inline(query) == []


@pytest.mark.parametrize(
    "text, fallback, expected",
    [("罚张", "en", "zh"), ("what is dummy", "zh", "en"), ("50D2", "en", "en"), ("50D2", "zh", "zh"), ("4S+1 vul", "zh", "zh"), ("Law 51", "zh", "en")],
)
def test_detect_lang(text, fallback, expected):
    assert detect_lang(text, fallback) == expected


def test_language_of_a_neutral_message_follows_the_chat():
    core = make_core()
    ask(core, "what about penalty cards")
    assert "Put a term after /define" in ask(core, "/define").body


def test_notation_commands_keep_the_chats_language():
    verify_dialog([
        ("/session new pairs", "club session new pairs"),
        ("what about penalty cards", "Nothing in the Laws"),
        ("/score 8S= vulnerable", "Bad contract. For example: 4S+1 vul"),
    ])


def test_telegram_language_hint_decides_for_neutral_messages():
    core = make_core()
    assert "Put a term after /define" in core.handle(ChatMessage("/define", chat_id=5, lang_hint="en-GB")).body


@pytest.mark.parametrize(
    "blocks, limit, expected",
    [
        (["ab", "cd", "ef"], 5, ["ab\ncd", "ef"]),
        (["abcdefg"], 3, ["abc", "def", "g"]),
        (["aa\nb", "c", "dd"], 3, ["aa", "b\nc", "dd"]),
        ([], 3, [""]),
    ],
)
def test_paginate(blocks, limit, expected):
    assert paginate(blocks, limit) == expected


@pytest.mark.parametrize("numbers, expected", [([1, 2, 3, 5, 7, 8], "1–3、5、7–8"), ([], ""), ([4], "4")])
def test_number_ranges(numbers, expected):
    assert number_ranges(numbers) == expected


def test_a_likely_answer_is_quoted_under_a_line_saying_so():
    # an unsure search answered with three bare titles even when the first was right: a likely clause is quoted
    core = make_core()
    reply = ask(core, "大罚张 大概怎么处理")
    assert reply.title.startswith("最可能相关：")
    assert "大罚张必须在第一个合法机会打出" in reply.body
    assert ask(core, "全文").refers_to == "50"          # 全文 goes on from the likely clause's law
    unsure = ask(core, "大罚张 怎么处理?")            # not likely either: titles to choose from, nothing quoted
    assert unsure.text.startswith("没有找到很确定的答案") and unsure.buttons

