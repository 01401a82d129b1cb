"""Issue 29 through the real Application and the Bot API emulator: a group the bot is added to is
told how to address it; /start and /help in a group say the same; a long law in a group is its
governing part with 全文 a tap away, on phone-sized buttons."""

from __future__ import annotations

from harness import User

GROUP = dict(chat_id=-100929, chat_type="supergroup")


def test_a_new_group_is_told_how_to_address_the_bot(e2e):
    owner = User(id=3901, **GROUP)

    async def scenario(bot):
        await bot.add_to_group(owner)
        [welcome] = await bot.replies(user=owner)
        assert welcome["text"].startswith("你好！我是桥牌规则助手。\n在群里请这样问我：")
        assert "@TestNameBot 明手能提醒庄家吗" in welcome["text"]
        assert "/session new pairs" in welcome["text"]
        await bot.send("/help", owner)
        [help_] = await bot.replies(user=owner)
        assert "在群里请这样问我：" in help_["text"] and "@TestNameBot" in help_["text"]
        english = User(id=3902, chat_id=-100930, chat_type="group", language_code="en")
        await bot.add_to_group(english, status="administrator")
        [welcome_en] = await bot.replies(user=english)
        assert "In a group, ask me like this:" in welcome_en["text"]

    e2e(scenario)


def test_a_long_law_in_a_group_is_short_with_full_text_a_tap_away(e2e):
    member = User(id=3903, chat_id=-100931, chat_type="supergroup")

    async def scenario(bot):
        await bot.send("/law 75", member)
        [short] = await bot.replies(user=member)
        assert short["text"].count("\n") <= 10
        labels = [(b["text"], b["callback_data"]) for row in short["reply_markup"]["inline_keyboard"] for b in row]
        assert ("全文", "/full 75") in labels
        assert all(len(text) <= 16 for text, _ in labels)
        await bot.tap(short, "/full 75", member)
        [whole] = await bot.replies(user=member)
        assert whole["text"].count("\n") > 10

    e2e(scenario)
