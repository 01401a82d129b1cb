"""The chat core wired to the real modules: plain messages reach the right answerer."""

from __future__ import annotations

import pytest

from bot.chat.core import ChatMessage, Core


@pytest.fixture(scope="module")
def core():
    return Core.open()


@pytest.mark.parametrize(
    "message, expected",
    [
        ("7号牌谁发牌", "第7副: 南发牌, 双方有局"),
        ("620 对 -100 多少IMP", "+12 IMP"),
        ("这副牌我们 420, 别桌 450、420、-50, 比赛分多少", "顶分 6"),
        ("4S+1 vul", "+650"),
        ("8S=", "1 到 7"),
        ("第50条D款2", "第50条D款2 罚张的处理"),
        ("law 30", "Law 30 (Pass Out of Rotation) is not in this corpus"),
        ("宕2墩加倍有局罚多少", "宕2墩 加倍 有局: 庄家方 -500"),
        ("what's 3 down doubled not vul", "3 down doubled non-vul: declarer -500"),
    ],
)
def test_plain_messages_reach_the_scorer_the_law_or_search(core, message, expected):
    # each in a chat of its own: a reference keeps the language of a chat's earlier messages
    assert expected in core.handle(ChatMessage(message, chat_id=f"plain {message}")).text


def test_an_ordinary_question_is_not_taken_for_a_score(core):
    reply = core.handle(ChatMessage("明手能不能提醒庄家从错的手引牌", chat_id=2))
    offered = reply.refers_to or reply.buttons[0][0].data.split()[1]
    assert offered.startswith(("42", "43")) and "IMP" not in reply.text


@pytest.mark.parametrize("message", ["我们输了7个IMP，IMP是什么", "We lost 7 IMPs on the last deal. What is an IMP?"])
def test_a_number_of_imps_told_is_no_imp_request(core, message):
    reply = core.handle(ChatMessage(message, chat_id=3))
    assert "国际比赛分" in reply.text and "分差" not in reply.text and "Cannot read" not in reply.text


@pytest.mark.parametrize("message", ["我们第5副只拿了2个比赛分，比赛分是怎么算的", "双人赛13桌，我们比8桌好，比赛分怎么算"])
def test_a_question_how_matchpoints_work_is_answered_not_scored(core, message):
    reply = core.handle(ChatMessage(message, chat_id=4))
    shown = reply.text + " ".join(button.label for row in reply.buttons for button in row)
    assert "第78条A款" in shown and "例如" not in reply.text


def test_scores_with_a_typo_still_get_the_scorers_example(core):
    assert "例如" in core.handle(ChatMessage("620 对 -1O 多少IMP", chat_id=5)).text


@pytest.mark.parametrize("command, first", [("/define 罚张", "第50条"), ("/define 不足叫牌", "第18条D款")])
def test_define_of_a_word_a_law_defines_shows_that_law(core, command, first):
    reply = core.handle(ChatMessage(command, chat_id=6))
    assert reply.text.startswith(first) and "定义 · " not in reply.text


def test_after_options_the_full_text_asks_to_pick_one_not_the_law_before(core):
    core.handle(ChatMessage("第50条", chat_id=7))
    offered = core.handle(ChatMessage("防守方亮了一张牌", chat_id=7))   # (too unsure even to quote as likely)
    assert offered.buttons and not offered.refers_to
    reply = core.handle(ChatMessage("全文", chat_id=7))
    assert "罚张" not in reply.text and "选项" in reply.text


@pytest.mark.parametrize("message", ["有个问题想问", "请教一个问题", "能问个问题吗？", "quick question", "I have a question"])
def test_asking_to_ask_gets_an_invitation_not_a_law(core, message):
    reply = core.handle(ChatMessage(message, chat_id=8))
    assert ("请直接发问题" in reply.text or "send the question" in reply.text) and "第61条" not in reply.text


@pytest.mark.parametrize("message", ["有个问题：明手可以提醒庄家吗", "问题"])
def test_a_question_after_the_words_is_still_searched(core, message):
    assert "请直接发问题" not in core.handle(ChatMessage(message, chat_id=8)).text


# What a chat says around its questions gets a word back, never a search: no missing-law note for 「为什么」.
@pytest.mark.parametrize("message, reply_has", [
    ("谢谢你的回答", "不客气"), ("thanks a lot", "welcome"), ("大家晚上好", "桥牌规则助手"), ("hi all", "Hello"),
    ("这个机器人怎么用", "/define"), ("help", "/define"), ("收到", "随时"), ("好", "随时"), ("got it", "Ask any time"),
    ("为什么", "理由"), ("why?", "reasons"),
])
def test_small_talk_gets_a_word_back(core, message, reply_has):
    reply = core.handle(ChatMessage(message, chat_id=14))
    assert reply_has in reply.text and "本语料未收录" not in reply.text


@pytest.mark.parametrize("message", ["谢谢，再问一下明手可以提醒庄家吗", "好的罚张怎么处理"])
def test_a_question_after_thanks_or_ok_is_still_a_question(core, message):
    reply = core.handle(ChatMessage(message, chat_id=15))
    assert "不客气" not in reply.text and "随时" not in reply.text


# A contract alone asks what it scores, made — unless it is a clause of the Laws (6D is Law 6's).
@pytest.mark.parametrize("message, expected", [("3NT", "+400"), ("4H", "4♥="), ("6NT有局", "+1440"), ("4S vul", "+620"),
                                               ("6D", "第6条D款"), ("第4条H款", "第4条"), ("3NT是什么意思", "")])
def test_a_contract_alone_is_scored_a_clause_is_shown(core, message, expected):
    reply = core.handle(ChatMessage(message, chat_id=16))
    assert expected in reply.text and "看不懂条款编号" not in reply.text
    if message == "3NT是什么意思":
        assert "庄家方" not in reply.text


def test_a_missing_law_beside_the_question_who_acted_is_one_reading_not_the_answer(core):
    # 「对方亮了一张牌」: a card shown in the play (49/50 or 48) — or in the auction, or a lead, which the corpus lacks
    reply = core.handle(ChatMessage("对方亮了一张牌怎么办", chat_id=9))
    assert "庄家还是防家" in reply.text
    assert "也可能属于" in reply.text and "这属于" not in reply.text
    told = core.handle(ChatMessage("对方不足叫了怎么办", chat_id=9))
    assert told.text.startswith("提示：不足叫牌在第27条") and "也可能" not in told.text


def test_a_question_about_one_scoring_table_gets_that_table_not_all_of_law_77(core):
    reply = core.handle(ChatMessage("小满贯奖分多少", chat_id=10))
    assert reply.title.startswith("第77条") and "小满贯(12墩)     500   750" in reply.text
    assert "有局再加倍" not in reply.text   # the undertrick table is one tap away
    assert any(button.data == "/full 77" for row in reply.buttons for button in row)


@pytest.mark.parametrize("message, expected", [
    ("pass out", "Passed out: the board is not played and scores 0 to both sides"),
    ("passed out?", "Law 22A"),
    ("all pass", "scores 0 to both sides"),
    ("四家不叫", "四家不叫: 这副牌不打, 双方都是 0 分"),
    ("四家不叫多少分", "第22条A款"),
])
def test_a_bare_passed_out_board_is_its_score_not_law_30(core, message, expected):
    text = core.handle(ChatMessage(message, chat_id=3)).text
    assert expected in text and "30" not in text


@pytest.mark.parametrize("message, expected", [("pass out of rotation", "Law 30"), ("越序不叫", "第30条"),
                                               ("不叫", "定义 · 不叫")])
def test_a_pass_out_of_rotation_and_the_call_are_still_the_laws(core, message, expected):
    assert expected in core.handle(ChatMessage(message, chat_id=4)).text
