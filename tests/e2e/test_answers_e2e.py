"""Issue 11 through the real Application and the Bot API emulator: threaded group answers, /law as
a reply, a mistyped command, the table of contents and a clarifying question, tapped."""

from __future__ import annotations


from harness import User

GROUP = dict(chat_id=-100777, chat_type="supergroup")


def keyboard(reply: dict) -> list[list[tuple[str, str]]]:
    return [[(b["text"], b["callback_data"]) for b in row] for row in reply["reply_markup"]["inline_keyboard"]]


def fits_telegram(bot) -> None:
    """Every message the bot sent so far within Telegram's limits."""
    for call in bot.calls("sendMessage") + bot.calls("editMessageText"):
        assert len(call.params["text"]) <= 4096
        for row in (call.params.get("reply_markup") or {}).get("inline_keyboard", []):
            assert all(len(b["callback_data"].encode()) <= 64 for b in row)


async def message_id(bot, text: str) -> int:
    """The id the emulator gave the latest user message with this text."""
    stored = [h for h in await bot.history() if h["message"].get("text") == text and "from" in h["message"]]
    return stored[-1]["messageId"]


def as_message(bot_user: User, message_id_: int, text: str) -> dict:
    return {"message_id": message_id_, "from": bot_user.sender(), "chat": bot_user.chat(), "date": 1, "text": text}


def test_a_group_answer_replies_to_the_message_that_asked(e2e):
    member = User(id=3001, **GROUP)

    async def scenario(bot):
        await bot.send("@TestNameBot 罚张是什么意思", member)
        [answer] = await bot.replies(user=member)
        asked = await message_id(bot, "@TestNameBot 罚张是什么意思")
        params = bot.calls("sendMessage")[-1].params
        assert params["reply_parameters"]["message_id"] == asked
        assert answer["text"].startswith("<b>第50条 罚张的处理</b>\n「<b>罚张</b>」不是第一章定义的术语。")
        await bot.send("4S+1 有局", User(id=3002, chat_id=3002))   # private chats are not threaded
        await bot.replies(user=User(id=3002, chat_id=3002))
        assert "reply_parameters" not in bot.calls("sendMessage")[-1].params
        fits_telegram(bot)

    e2e(scenario)


def test_law_sent_as_a_reply_answers_that_message(e2e):
    asker, helper = User(id=3011, **GROUP), User(id=3012, first_name="Helper", **GROUP)

    async def scenario(bot):
        await bot.send("防家亮了一张牌，之后怎么办？", asker)        # chatter: the bot stays silent
        question = await message_id(bot, "防家亮了一张牌，之后怎么办？")
        await bot.send("/law 50", helper, reply_to=as_message(asker, question, "防家亮了一张牌，之后怎么办？"))
        [law] = await bot.replies(user=helper)
        assert law["text"].startswith("<b>第50条 罚张的处理</b>")
        assert bot.calls("sendMessage")[-1].params["reply_parameters"]["message_id"] == question
        # Bare /law as a reply looks up the quoted message itself.
        await bot.send("第50条D款2说的是什么", asker)
        quoted = await message_id(bot, "第50条D款2说的是什么")
        await bot.send("/law", helper, reply_to=as_message(asker, quoted, "第50条D款2说的是什么"))
        [clause] = await bot.replies(user=helper)
        assert clause["text"].startswith("<b>第50条D款2 罚张的处理</b>")
        assert len([c for c in bot.calls("sendMessage") if c.params["chat_id"] == helper.chat_id]) == 2
        fits_telegram(bot)

    e2e(scenario)


def test_a_mistyped_command_gets_the_nearest_one_and_other_bots_commands_pass_by(e2e):
    member = User(id=3021, **GROUP)

    async def scenario(bot):
        await bot.send("/standing")
        [private] = await bot.replies()
        assert private["text"].startswith("不认识的命令 /standing。你是不是想用 /standings ？")
        assert keyboard(private) == [[("/standings", "/standings")]]
        await bot.send("/foo")
        [unknown] = await bot.replies()
        assert unknown["text"].startswith("不认识的命令 /foo。")
        await bot.send("/weather", member)               # other bots' commands in a group: silence
        await bot.send("/law@OtherBot 50", member)
        await bot.send("/travel 1", member)
        [suggestion] = await bot.replies(user=member)
        assert "/traveller 1" in suggestion["text"]
        assert len([c for c in bot.calls("sendMessage") if c.params["chat_id"] == member.chat_id]) == 1
        fits_telegram(bot)

    e2e(scenario)


def test_table_of_contents_buttons_lead_to_a_law(e2e):
    async def scenario(bot):
        await bot.send("/law")
        [contents] = await bot.replies()
        assert contents["text"].startswith("<b>目录 · 中国桥牌竞赛规则(1999)</b>")
        chapters = keyboard(contents)
        assert all(len(row) == 1 for row in chapters)
        play = next(data for [(label, data)] in chapters if label.startswith("第六章 打牌"))
        await bot.tap(contents, play)
        [laws] = await bot.replies()
        assert keyboard(laws)[0] == [("第41条 打牌的开始", "/law 41")]
        await bot.tap(laws, "/law 41")
        [law] = await bot.replies()
        assert law["text"].startswith("<b>第41条 打牌的开始</b>")
        await bot.send("目录")
        [again] = await bot.replies()
        assert keyboard(again) == chapters
        fits_telegram(bot)

    e2e(scenario)


def first_law(reply: dict) -> str:
    """The law a reply leads with: its bold title when it quotes one (as the answer or as the likely
    clause), else its first button."""
    text = reply["text"].replace("<b>最可能相关：", "<b>", 1)
    if text.startswith("<b>第"):
        return text[len("<b>第"):].split("条", 1)[0]
    data = keyboard(reply)[0][0][1]            # "/law 48A"
    return "".join(ch for ch in data.split()[1][:2] if ch.isdigit())


def test_a_clarifying_question_and_its_buttons(e2e):
    async def scenario(bot):
        await bot.send("打牌时对方亮了一张牌怎么办")      # who showed it decides the law (48 vs 49/50)
        [question] = await bot.replies()
        # (a note on a missing law the question may also be about can come first: 54, a lead faced out of turn)
        assert question["text"].splitlines()[-1] == "亮牌的是庄家还是防家？"
        buttons = keyboard(question)
        assert [label for [(label, _)] in buttons] == ["庄家", "防家"]
        await bot.tap(question, buttons[0][0][1])
        [declarer] = await bot.replies()
        assert first_law(declarer) == "48"
        await bot.send("那防家呢")                         # the same question, for the other reading
        [defender] = await bot.replies()
        assert first_law(defender) in ("49", "50")
        fits_telegram(bot)

    e2e(scenario)
