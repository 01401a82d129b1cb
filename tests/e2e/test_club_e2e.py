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
        # 650 beats 620: 2 MP of a top of 2 for NS1, none for NS2; the table is monospace and
        # fits a phone (NS's score, MP and %; EW's are the mirror).
        assert traveller["parse_mode"] == "HTML"
        assert traveller["text"].startswith(
            "第5副 · 北发牌 · 南北有局\n"
            "<pre>南北 东西 定约 庄 得分 MP      %\n"
            "1    3    4S+1 N   650  2 100.00\n"
            "2    4    4S=  N   620  0   0.00</pre>\n"
            "共 2 桌, 满分 2 MP。")

        await bot.send("/session end", User(id=3004, chat_id=-100777, chat_type="supergroup"))
        refused = (await bot.replies(user=member))[-1]
        assert refused["text"].startswith("只有开这场比赛的人或群管理员可以结束比赛。")

    e2e(scenario)



def test_delete_asks_first_and_the_button_deletes(e2e):
    member = User(id=3005, chat_id=-100778, chat_type="supergroup")

    async def scenario(bot):
        await bot.send("/session new pairs 周六 4副", member)
        await bot.send("/r 1 1-2 4S= N", member)
        await bot.replies(2, user=member)
        await bot.send("/session delete", member)
        asked = (await bot.replies(user=member))[-1]
        assert asked["text"].startswith("确定要删除 “周六” 吗? 它的 1 个成绩 都会被删掉")
        [[button]] = asked["reply_markup"]["inline_keyboard"]
        assert (button["text"], button["callback_data"]) == ("确认删除", "/session delete confirm")
        await bot.tap(asked, button["callback_data"], user=member)
        deleted = (await bot.replies(user=member))[-1]
        assert deleted["text"] == "已删除 “周六” 和它的 1 个成绩。删错了可以 /session restore 恢复。"

    e2e(scenario)


def test_hands_take_the_pbn_sent_with_the_command(e2e):
    member = User(id=3006, chat_id=-100779, chat_type="supergroup")
    deal = "N:642.AKT43.J74.Q7 AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT93"

    async def scenario(bot):
        await bot.send("/session new pairs 周日 4副", member)
        await bot.replies(user=member)
        await bot.upload(f'[Board "1"]\n[Deal "{deal}"]\n'.encode(), "deals.pbn", "/hands", user=member)
        imported = (await bot.replies(user=member))[-1]
        assert imported["text"].startswith("已导入 1 副牌例 (牌号 1)。")
        await bot.send("/traveller 1", member)
        traveller = (await bot.replies(user=member))[-1]
        assert "北 ♠642 ♥AKT43 ♦J74 ♣Q7" in traveller["text"]

    e2e(scenario)


def test_the_picture_button_posts_the_standings_as_a_photo_in_the_group(e2e):
    member = User(id=3007, chat_id=-100780, chat_type="supergroup")

    async def scenario(bot):
        await bot.send("/session new pairs 周一 2副", member)
        await bot.send("/r 1 1-2 4S= N", member)
        await bot.send("/r 1 3-4 4S+1 N", member)
        await bot.replies(3, user=member)
        await bot.send("/standings", member)
        shown = (await bot.replies(user=member))[-1]
        assert "周一 — 成绩排名" in shown["text"]
        [[button]] = shown["reply_markup"]["inline_keyboard"]
        assert (button["text"], button["callback_data"]) == ("图片", "/standings png")
        await bot.tap(shown, button["callback_data"], user=member)
        said = (await bot.replies(user=member))[-1]
        assert said["text"].startswith("“周一” 的成绩排名 (图片): session-")
        await bot.replies(user=member, method="sendPhoto")
        [photo] = [c for c in bot.calls("sendPhoto") if str(c.params["chat_id"]) == str(member.chat_id)]
        filename, data = photo.files["photo"]
        assert filename.endswith("-standings.png") and data[:8] == b"\x89PNG\r\n\x1a\n"

    e2e(scenario)
