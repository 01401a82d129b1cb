"""The chat core over the real corpus, search, scorer and club store: dialogues a user would have."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.chat.core import ChatMessage, Core


@pytest.fixture(scope="module")
def core():
    return Core.open()


@pytest.mark.parametrize(
    "message, title, refers_to",
    [
        ("第50条D款2", "第50条D款2 罚张的处理", "50D2"),
        ("50d2", "第50条D款2 罚张的处理", "50D2"),
        ("第五十条", "第50条 罚张的处理", "50"),
        ("Law 77", "第77条 复式桥牌比赛记分表", "77"),
        ("/l 43A1b", "第43条A款1(b) 明手的限制", "43A1b"),
        ("第50條", "第50條 罰張的處理", "50"),
        ("/define 明手", "定义 · 明手 (DUMMY)", "明手"),
        ("/define revoke", "Definition · 藏牌 (REVOKE)", "藏牌"),
    ],
)
def test_references_and_definitions(core, message, title, refers_to):
    reply = core.handle(ChatMessage(message, chat_id=message))
    assert (reply.title, reply.refers_to) == (title, refers_to)


@pytest.mark.parametrize(
    "question, laws",
    [
        ("罚张怎么处理", {"50", "51", "52"}),
        ("明手可以做什么", {"42", "43"}),
        ("藏牌", {"藏牌", "61", "62", "63", "64"}),
        ("声称以后有争议怎么办", {"68", "69", "70"}),
    ],
)
def test_questions_lead_with_the_right_law(core, question, laws):
    """A confident answer is quoted with its matched words; an unsure one offers the nearest
    as buttons — either way the first law the user sees is the right one."""
    reply = core.handle(ChatMessage(question, chat_id=question))
    if reply.refers_to:
        law = reply.refers_to if not reply.refers_to[0].isdigit() else "".join(ch for ch in reply.refers_to[:2] if ch.isdigit())
        assert reply.highlights
    else:
        assert reply.body.startswith("没有找到很确定的答案") and not reply.title
        first = reply.buttons[0][0].data.split()[1]
        law = first if not first[0].isdigit() else "".join(ch for ch in first[:2] if ch.isdigit())
    assert law in laws, reply.text


@pytest.mark.parametrize(
    "message, expected",
    [
        ("4S+1 有局", "4♠+1 有局: 庄家方 +650"),
        ("/imp 620 -170", "+13 IMP"),
        ("/board 7", "第7副: 南发牌, 双方有局"),
        ("/score 8S=", "例如"),
        ("第51条", "第51条 两张或更多的罚张"),
        ("第53条", "本版语料暂未收录第53条"),
        ("第27条", "本版语料暂未收录第27条(不足叫牌)。"),
        ("law 61", "Law 61 (Failure to Follow Suit - Inquiries Concerning a Revoke) is not in this corpus yet. "
                   "Present: Laws 1–6, 12–20, 22, 40–52, 65–79."),
        ("/about", "规则 第1–6、12–20、22、40–52、65–79条(共 44 条)"),
    ],
)
def test_scores_boards_and_coverage(core, message, expected):
    assert expected in core.handle(ChatMessage(message, chat_id=message)).text


def test_follow_ups_skip_laws_missing_from_the_corpus(core):
    chat = "follow"
    assert core.handle(ChatMessage("第52条", chat_id=chat)).title.startswith("第52条")
    assert core.handle(ChatMessage("下一条", chat_id=chat)).title.startswith("第65条")
    assert core.handle(ChatMessage("上一条", chat_id=chat)).title.startswith("第52条")
    assert core.handle(ChatMessage("全文", chat_id=chat)).body == "第52条已全部显示。"   # shown whole already


def test_a_club_session_through_the_core(core):
    chat = ChatMessage("/session new pairs 周三", chat_id=-42, user_id=1)
    assert "周三" in core.handle(chat).text
    recorded = core.handle(ChatMessage("/r 1 NS1-EW2 4S+1 N", chat_id=-42, user_id=2, user_is_admin=False))
    assert "+450" in recorded.text
    exported = core.handle(ChatMessage("/export", chat_id=-42, user_id=2))
    assert exported.document is not None and exported.document[0].endswith(".csv")
    assert b"4S+1" in exported.document[1]


# ----- issue 11 over the real corpus: answers a player can act on from a phone ------------------

def _say(core, text, chat):
    from bot.chat.html import reply_messages

    reply = core.handle(ChatMessage(text, chat_id=chat))
    assert all(len(m) <= 4096 for m in reply_messages(reply))
    assert all(len(b.data.encode()) <= 64 for b in reply.flat_buttons)
    return reply


@pytest.mark.parametrize("message", ["70C1", "Law 70C1"])
def test_a_sub_clause_reads_right_on_its_own(core, message):
    reply = _say(core, message, message)
    assert reply.title == "第70条C款1 有争议的声称"
    assert reply.body.startswith("C. 外面还有一张将牌\n  当某对手手中尚持有一张将牌时")
    assert "  2. 可能未察觉将牌\n  3. 该将牌上可能失墩" in reply.body
    assert reply.flat_buttons[0].label in ("全文", "Full text")


@pytest.mark.parametrize(
    "question, note",
    [("罚张是什么意思", "「罚张」不是第一章定义的术语。规则里这样说明它："),
     ("what is a penalty card", "\"penalty card\" is not a defined term of chapter 1. This is what the Laws say about it:")],
)
def test_what_is_a_penalty_card_is_answered_in_a_phone_screen(core, question, note):
    reply = _say(core, question, question)
    assert reply.title == "第50条 罚张的处理"
    assert reply.body.startswith(note + "\n防家过早暴露")
    assert "即成为轻罚张" in reply.body
    assert len(reply.text) <= 700   # not the whole of Law 50 (≈ 1 100 characters)
    assert "/law 50" in [b.data for b in reply.flat_buttons]


@pytest.mark.parametrize("question, lead", [("什么是声称", "「声称」不是第一章定义的术语"), ("what is a claim", "\"claim\" is not")])
def test_what_is_a_claim_shows_the_clause_titled_its_definition(core, question, lead):
    reply = _say(core, question, question)
    assert reply.title == "第68条 对牌墩的声称或承认"
    assert reply.body.startswith(lead)
    assert "即为对这些牌墩所作的声称" in reply.body     # 68A's text, not its title only
    assert "本语料未收录" not in reply.text and "not in this corpus" not in reply.text


@pytest.mark.parametrize("question", ["明手是什么意思", "what is a dummy", "什么是庄家", "明手的定义是啥", "明手指的是",
                                      "what counts as dummy"])
def test_a_defined_term_comes_first_then_the_laws_using_it(core, question):
    reply = _say(core, question, question)
    assert reply.title.split(" · ")[0] in ("定义", "Definition")
    assert any(b.data.startswith("/law ") for b in reply.flat_buttons)


@pytest.mark.parametrize("command, note", [("/define 飞牌", "没有「飞牌」这个定义。规则里用到它的地方："),
                                           ("/define finesse", "There is no definition of \"finesse\". Where the Laws use it:")])
def test_define_of_a_word_the_rulebook_uses_but_does_not_define(core, command, note):
    reply = _say(core, command, command)
    assert reply.body.startswith(note)
    assert reply.refers_to == "70E"


@pytest.mark.parametrize(
    "message, expected",
    [("17号牌", "第17副: 北发牌, 双方无局"), ("第17副", "第17副: 北发牌, 双方无局"),
     ("board 7", "Board 7: dealer South, both sides vulnerable"), ("bd 7", "第7副: 南发牌, 双方有局"),
     ("620比170", "620 对 170: 分差 450 → +10 IMP"), ("620对-170", "620 对 -170: 分差 790 → +13 IMP"),
     ("620 vs 170 imp", "620 对 170: 分差 450 → +10 IMP"),
     ("77 table", "第77条 复式桥牌比赛记分表\n墩分："), ("77表", "第77条 复式桥牌比赛记分表\n墩分："),
     ("IMP表", "第78条B款 记分表\nB. 国际比赛分(IMP)记分法")],
)
def test_boards_imps_and_tables_in_natural_phrasing(core, message, expected):
    assert expected in _say(core, message, message).text


def test_follow_ups_after_a_score_and_across_absent_laws(core):
    chat = "score-follow"
    _say(core, "4S+1 有局", chat)
    assert _say(core, "全文", chat).title == "第77条 复式桥牌比赛记分表"
    _say(core, "第52条", chat)
    after = _say(core, "下一条", chat)
    assert after.title.startswith("第65条") and after.body.startswith("(第53–64条本语料未收录。)")


@pytest.mark.parametrize("message", ["今天中午吃什么", "what shall we have for lunch"])
def test_off_topic_chat_is_not_quoted_as_law(core, message):
    reply = _say(core, message, message)
    assert reply.title == ""
    assert reply.body.startswith(("没找到和这个问题相关的规则", "I found no rule about that", "没有找到与",
                                  "Nothing in the Laws"))


def test_inline_mode_drops_weak_matches(core):
    assert core.inline("天气") == []
    assert core.inline("罚张")


def test_contents_lead_from_chapters_to_laws(core):
    chat = "toc"
    contents = _say(core, "/law", chat)
    assert all(len(row) == 1 for row in contents.buttons)
    play = next(b for row in contents.buttons for b in row if b.label.startswith("第六章"))
    laws = core.press(ChatMessage(play.data, chat_id=chat))
    assert [b.data for row in laws.buttons for b in row][:3] == ["/law 41", "/law 42", "/law 43"]


@pytest.mark.parametrize("message, term", [("超墩是多打的那几墩吗", "超墩"),
                                           ("which player is the declarer's partner, the dummy?", "明手")])
def test_a_named_term_found_unsure_is_offered_not_called_unrelated(core, message, term):
    reply = _say(core, message, message)
    assert not reply.body.startswith(("没找到和这个问题相关的规则", "I found no rule about that"))
    assert reply.buttons[0][0].data == f"/define {term}"


@pytest.mark.parametrize("message", ["对方没有alert", "the opponents didn't alert"])
def test_a_question_meeting_a_word_the_rules_define_is_not_called_unrelated(core, message):
    # the act not done (no alert) is the question, not the word's meaning; the laws near it are offered as such
    reply = _say(core, message, message)
    assert not reply.body.startswith(("没找到和这个问题相关的规则", "I found no rule about that", "Nothing in the Laws"))
    assert reply.buttons and all(not row[0].data.startswith("/define") for row in reply.buttons)


def test_inline_mode_offers_the_definition_of_a_word_named_though_unsure(core):
    items = core.inline("超墩是多打的那几墩吗")
    assert items and items[0].title.startswith("定义 · 超墩")


REAL_DEV = Path(__file__).resolve().parents[2] / "bench" / "sets" / "real_dev.jsonl"


def test_what_the_chat_shows_is_what_ask_reports_as_shown(core):
    # one decision in one place: `bridgebot ask --json`'s "shown" is read off the same function the chat answers with
    from bot.chat.answers.search import shown

    seen = set()
    for n, line in enumerate(REAL_DEV.read_text(encoding="utf-8").splitlines()):
        question = json.loads(line)["q"]
        if core.services.score_kind(question):
            continue   # (the scorer's, not the search's: a story told with its result and a score)
        kind = shown(core.services, core.services.search(question), question)
        reply = core.handle(ChatMessage(question, chat_id=f"shown-{n}"))
        likely = reply.title.startswith(("最可能相关：", "最可能相關：", "Most likely:"))
        assert likely == (kind == "likely"), (question, kind, reply.title)
        if kind in ("choices", "absent", "none", "clarify"):
            assert reply.refers_to is None and reply.buttons, (question, kind)
        else:
            assert reply.refers_to is not None, (question, kind)
        seen.add(kind)
    assert {"answer", "likely", "choices", "absent"} <= seen
