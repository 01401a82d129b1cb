"""A club session through the real Telegram Application and the Bot API emulator: record a
result in a group and read it back."""

from __future__ import annotations

from harness import User


def test_a_group_records_a_result_and_reads_back_the_traveller(e2e):
    # A chat id of its own: the club database is shared by every e2e test of the run.
    member = User(id=3003, chat_id=-100777, chat_type="supergroup")

    async def scenario(bot):
        await bot.send("/session new pairs 周三双人赛 8副", member)
        started = (await bot.replies(user=member))[-1]
        assert started["text"].startswith("已开始 “周三双人赛” (牌号 1–8)。")

        await bot.send("/r 5 NS1-EW3 4S+1 N", member)
        recorded = (await bot.replies(user=member))[-1]
        assert recorded["text"] == "已记录: 5号牌 1-3 4S+1 N: 南北 +650 (第 5 副共 1 个成绩)"

        await bot.send("/r 5 2-4 4S= N", member)
        await bot.replies(user=member)
        await bot.send("/traveller@TestNameBot 5", member)
        traveller = (await bot.replies(user=member))[-1]
        # 650 beats 620: 2 MP of a top of 2 for pair 1, none for pair 2; the table is monospace.
        assert traveller["parse_mode"] == "HTML"
        assert traveller["text"] == (
            "第5副 · 北发牌 · 南北有局\n"
            "<pre>南北  东西  定约  庄  南北得分  东西得分  南北MP  东西MP   南北%   东西%\n"
            "1     3     4S+1  N        650         -       2       0  100.00    0.00\n"
            "2     4     4S=   N        620         -       0       2    0.00  100.00</pre>\n"
            "共 2 桌, 满分 2 MP")

        await bot.send("/session end", User(id=3004, chat_id=-100777, chat_type="supergroup"))
        refused = (await bot.replies(user=member))[-1]
        assert refused["text"].startswith("只有开这场比赛的人或群管理员可以结束比赛。")

    e2e(scenario)

