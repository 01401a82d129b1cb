"""The real Telegram Application against the Bot API emulator: what users see."""

from __future__ import annotations

from harness import BOT_ID, User


def test_start_replies_with_help_in_html(e2e):
    async def scenario(bot):
        await bot.send("/start")
        [reply] = await bot.replies()
        assert reply["parse_mode"] == "HTML"
        assert reply["text"].startswith("你好!我是桥牌规则助手。\n桥牌规则助手 — 中国桥牌竞赛规则(1999)")
        assert "/law 50D2 — 查条款(简写 /l)" in reply["text"]

    e2e(scenario)


def test_start_up_publishes_commands_and_survives_an_api_that_refuses(e2e):
    async def scenario(bot):
        calls = bot.calls("setMyCommands")
        assert [c.params.get("language_code") for c in calls] == [None, "en"]
        chinese = {c["command"]: c["description"] for c in calls[0].params["commands"]}
        assert chinese["law"] == "查条款,例如 /law 50D2"
        await bot.send("/help")
        [reply] = await bot.replies()
        assert "/define 明手" in reply["text"]

    e2e(scenario)


def test_law_reference_shows_the_clause_with_buttons(e2e):
    async def scenario(bot):
        await bot.send("/law 50D2")
        [reply] = await bot.replies()
        assert reply["text"].startswith("<b>第50条D款2 罚张的处理</b>\n2. 违规者同伴引牌时\n")
        assert "参阅第59条" in reply["text"]
        buttons = [[(b["text"], b["callback_data"]) for b in row] for row in reply["reply_markup"]["inline_keyboard"]]
        assert buttons[0] == [("→ 第49条", "/law 49"), ("→ 第51条", "/law 51")]  # 59 is not in the corpus
        assert buttons[1:] == [[("全文", "/law 50")], [("◀ 上一条", "/prev 50"), ("下一条 ▶", "/next 50")]]

    e2e(scenario)
