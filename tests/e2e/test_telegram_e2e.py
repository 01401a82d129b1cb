"""The real Telegram Application against the Bot API emulator: what users see."""

from __future__ import annotations

import re

from harness import BOT_ID, User


def test_start_replies_with_help_in_html(e2e):
    async def scenario(bot):
        await bot.send("/start")
        [reply] = await bot.replies()
        assert reply["parse_mode"] == "HTML"
        assert reply["text"].startswith("你好！我是桥牌规则助手。\n桥牌规则助手 — 中国桥牌竞赛规则(1999)")
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
        # The clause under the stem of 50D that governs it.
        assert reply["text"].startswith("<b>第50条D款2 罚张的处理</b>\nD. 重罚张的处理\n  当防家有重罚张时，")
        assert "\n  2. 违规者同伴引牌时\n" in reply["text"]
        assert "参阅第59条" in reply["text"]
        buttons = [[(b["text"], b["callback_data"]) for b in row] for row in reply["reply_markup"]["inline_keyboard"]]
        assert buttons[0] == [("→ 第49条", "/law 49"), ("→ 第51条", "/law 51")]  # 59 is not in the corpus
        assert buttons[1:] == [[("全文", "/full 50")], [("◀ 上一条", "/prev 50"), ("下一条 ▶", "/next 50")]]

    e2e(scenario)


def test_chinese_question_quotes_the_best_clause_with_matched_words_bold(e2e):
    async def scenario(bot):
        await bot.send("明手可以看防家的牌吗")
        [reply] = await bot.replies()
        title = reply["text"].split("\n", 1)[0]
        assert title.startswith("<b>") and "条" in title
        assert "<b>明手</b>" in reply["text"]
        keyboard = reply["reply_markup"]["inline_keyboard"]
        alternatives = [row for row in keyboard[:2]]
        assert [len(row) for row in alternatives] == [1, 1]   # long labels: one button a row
        assert all(row[0]["callback_data"].startswith(("/law ", "/define ")) for row in alternatives)

    e2e(scenario)


def test_score_in_plain_text(e2e):
    async def scenario(bot):
        await bot.send("4S+1 有局")
        [reply] = await bot.replies()
        assert "+650" in reply["text"]
        await bot.send("/score 8S=")
        [reply] = await bot.replies()
        assert "例如" in reply["text"]

    e2e(scenario)


def test_next_law_button_edits_the_message_and_a_cross_reference_sends_a_new_one(e2e):
    async def scenario(bot):
        await bot.send("第50条")
        [law50] = await bot.replies()
        await bot.tap(law50, "/next 50")
        [edit] = await bot.replies(method="editMessageText")
        assert edit["message_id"] == law50["message_id"]
        assert edit["text"].startswith("<b>第51条 ")
        stored = [h["message"] for h in await bot.history() if h.get("messageId") == law50["message_id"]]
        assert stored[0]["text"].startswith("<b>第51条 ")
        await bot.tap(law50, "/law 49")
        [law49] = await bot.replies()
        assert law49["text"].startswith("<b>第49条 ")
        assert bot.calls("answerCallbackQuery")

    e2e(scenario)


def test_follow_up_words_in_the_same_chat(e2e):
    async def scenario(bot):
        await bot.send("50D2")
        await bot.replies()
        await bot.send("全文")
        [full] = await bot.replies()
        assert full["text"].startswith("<b>第50条 罚张的处理</b>\n")
        await bot.send("下一条")
        [law51] = await bot.replies()
        assert law51["text"].startswith("<b>第51条 ")

    e2e(scenario)


def test_traditional_question_gets_a_traditional_answer(e2e):
    async def scenario(bot):
        await bot.send("第50條D款2")
        [reply] = await bot.replies()
        assert reply["text"].startswith("<b>第50條D款2 罰張的處理</b>")

    e2e(scenario)


def test_group_chatter_is_ignored_mentions_commands_and_replies_are_answered(e2e):
    member = User(id=2002, chat_id=-100123, chat_type="supergroup")

    async def scenario(bot):
        await bot.send("今晚谁来打牌?", member)
        await bot.send("@TestNameBot 罚张", member)
        [answer] = await bot.replies(user=member)   # the only reply is to the mention
        assert "罚张" in answer["text"]
        await bot.send("明天也打", member)
        await bot.send("/law@TestNameBot 50A", member)
        [law] = await bot.replies(user=member)
        assert law["text"].startswith("<b>第50条A款")
        bot_message = {"message_id": law["message_id"], "from": {"id": BOT_ID, "is_bot": True, "first_name": "Bot"},
                       "chat": member.chat(), "date": 1, "text": "第50条A款"}
        await bot.send("下一条", member, reply_to=bot_message)
        [reply] = await bot.replies(user=member)
        assert reply["text"].startswith("<b>第51条 ")
        assert len([c for c in bot.calls("sendMessage") if c.params["chat_id"] == member.chat_id]) == 3

    e2e(scenario)


def test_a_member_who_floods_is_told_once_and_the_rest_of_the_group_is_still_answered(e2e):
    from bot.chat.guard import FloodGuard

    spammer = User(id=7101, first_name="Spam", chat_id=-100710, chat_type="supergroup")
    friend = User(id=7102, first_name="Friend", chat_id=-100710, chat_type="supergroup")

    async def scenario(bot):
        for _ in range(8):
            await bot.send("/law 50", spammer)
        await bot.send("/law 49", friend)
        replies = await bot.replies(5, user=friend)   # the chat's replies, in order
        texts = [r["text"] for r in replies]
        assert [t[:12] for t in texts[:3]] == ["<b>第50条 罚张的处理"[:12]] * 3
        assert "Spam，你的消息太快了，请稍等几秒再发。" in texts
        assert texts[-1].startswith("<b>第49条 ")
        # The friend's answer came after all of the spammer's messages: nothing more is coming.
        assert len([c for c in bot.calls("sendMessage") if c.params["chat_id"] == spammer.chat_id]) == 5

    e2e(scenario, flood=FloodGuard(burst=3, interval=3600))


def test_twelve_members_recording_at_once_lose_no_result(e2e):
    from bot.chat.guard import FloodGuard

    chat = -100711
    members = [User(id=7200 + n, chat_id=chat, chat_type="supergroup") for n in range(12)]

    async def scenario(bot):
        await bot.send("/session new pairs 十二桌 12副", members[0])
        await bot.replies(user=members[0])
        for n, member in enumerate(members):
            await bot.send(f"/r {n + 1} {2 * n + 1}-{2 * n + 2} 3NT= N", member)
        recorded = await bot.replies(12, user=members[0])
        boards = [re.match(r"已记录: (\d+)号牌 .* 3NT= N: 南北 \+[46]00 \(第 \1 副共 1 个成绩\)$", r["text"])
                  for r in recorded]
        assert sorted(int(m.group(1)) for m in boards if m) == list(range(1, 13))

    # A chat ceiling far below twelve: results are queued, never dropped.
    e2e(scenario, flood=FloodGuard(burst=1, interval=3600, chat_burst=2, chat_interval=3600))


def test_a_bug_is_logged_the_user_gets_an_apology_and_the_bot_keeps_running(e2e, chat_core, caplog):
    class Broken:
        def __init__(self, core):
            self.core = core

        def handle(self, message):
            if message.text == "崩溃":
                raise RuntimeError("bug in the core")
            return self.core.handle(message)

        def __getattr__(self, name):
            return getattr(self.core, name)

    async def scenario(bot):
        await bot.send("崩溃")
        [apology] = await bot.replies()
        assert apology["text"] == "抱歉，出了点问题，请稍后再试。发送 /help 查看用法。"
        await bot.send("第50条")
        [law] = await bot.replies()
        assert law["text"].startswith("<b>第50条 ")

    e2e(scenario, core=Broken(chat_core))
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert "'text': '崩溃'" in errors[0].getMessage()
    assert "bug in the core" in str(errors[0].exc_info[1])


def test_inline_query_lists_clauses_as_articles(e2e):
    from telegram import Update

    async def scenario(bot):
        raw = {"update_id": 900001, "inline_query": {
            "id": "4242", "from": {"id": 1001, "is_bot": False, "first_name": "Test", "language_code": "zh-hans"},
            "query": "罚张", "offset": ""}}
        await bot.application.process_update(Update.de_json(raw, bot.application.bot))
        [answer] = bot.calls("answerInlineQuery")
        results = answer.params["results"]
        assert str(answer.params["inline_query_id"]) == "4242"
        assert 1 <= len(results) <= 50
        assert all(r["type"] == "article" and r["title"] and r["description"] for r in results)
        assert results[0]["input_message_content"]["parse_mode"] == "HTML"
        assert "<b>罚张</b>" in results[0]["input_message_content"]["message_text"]
        assert answer.params["button"] == {"text": "私聊提问", "start_parameter": "inline"}

        raw["update_id"], raw["inline_query"]["id"], raw["inline_query"]["query"] = 900002, "4243", "xyzzy"
        await bot.application.process_update(Update.de_json(raw, bot.application.bot))
        none = bot.calls("answerInlineQuery")[1].params["results"]
        assert [(r["id"], r["title"]) for r in none] == [("none", "没有找到相关条款")]

    e2e(scenario)


def test_a_flood_of_inline_queries_is_held_by_the_flood_guard(e2e, chat_core):
    # 400 inline queries of one member delayed another user's question by 1.2–1.8 s: each was a search
    from telegram import Update

    asked = []

    class Counting:
        def __getattr__(self, name):
            return getattr(chat_core, name)

        def inline(self, query, lang_hint=None):
            asked.append(query)
            return chat_core.inline(query, lang_hint)

    def inline_update(n, user):
        return {"update_id": 910000 + n, "inline_query": {
            "id": str(5000 + n), "from": {"id": user, "is_bot": False, "first_name": "T", "language_code": "zh-hans"},
            "query": "罚张", "offset": ""}}

    async def scenario(bot):
        for n in range(40):
            await bot.application.process_update(Update.de_json(inline_update(n, 1001), bot.application.bot))
        flooded = len(bot.calls("answerInlineQuery"))
        await bot.application.process_update(Update.de_json(inline_update(99, 1002), bot.application.bot))
        assert flooded <= 8 and len(asked) == flooded + 1
        assert str(bot.calls("answerInlineQuery")[-1].params["inline_query_id"]) == "5099"

    e2e(scenario, core=Counting())


def test_a_club_result_is_recorded_read_back_and_exported(e2e):
    async def scenario(bot):
        await bot.send("/session new pairs 周三")
        await bot.send("/r 1 NS1-EW2 4S+1 N")
        await bot.send("/traveller 1")
        opened, recorded, traveller = await bot.replies(3)
        assert "周三" in opened["text"]
        assert "+450" in recorded["text"]
        assert "<pre>" in traveller["text"] and "4S+1" in traveller["text"]
        await bot.send("/export")
        await bot.replies()
        [document] = await bot.replies(method="sendDocument")
        filename, data = bot.calls("sendDocument")[0].files["document"]
        assert filename.endswith(".csv")
        assert data.decode("utf-8-sig").splitlines()[1].startswith("1,1,2,4S+1,N,450,")

    e2e(scenario)


def test_webhook_mode_receives_updates_pushed_by_the_api(e2e):
    async def scenario(bot):
        [registered] = bot.calls("setWebhook")
        assert registered.params["url"].endswith("/telegram")
        await bot.send("/law 50D2")
        [reply] = await bot.replies()
        assert reply["text"].startswith("<b>第50条D款2 罚张的处理</b>")

    e2e(scenario, webhook=True)


def test_import_takes_the_csv_sent_with_the_command(e2e):
    async def scenario(bot):
        await bot.send("/session new pairs 周四")
        await bot.replies()
        csv = "board,ns,ew,contract,declarer\n1,1,2,4S+1,N\n1,3,4,4S=,N\n".encode()
        await bot.upload(csv, "results.csv", "/import")
        [imported] = await bot.replies()
        assert imported["text"].startswith("已导入 2 个成绩到 “周四”。")
        await bot.send("/traveller 1")
        [traveller] = await bot.replies()
        rows = [line.split() for line in traveller["text"].split("\n") if line[:1].isdigit()]
        assert [row[:5] for row in rows] == [["1", "2", "4S+1", "N", "450"], ["3", "4", "4S=", "N", "420"]]

    e2e(scenario)


def test_an_import_file_too_large_is_refused_before_download_and_nothing_is_recorded(e2e):
    async def scenario(bot):
        await bot.send("/session new pairs 周五")
        await bot.replies()
        # Over the club importer's 512 KB, well under what Telegram would let the bot download.
        await bot.upload(b"board,ns,ew,contract,declarer\n" + b"x" * 600_000, "big.csv", "/import")
        [refused] = await bot.replies()
        assert refused["text"].startswith("文件太大(585 KB，最多 512 KB)，没有导入。")
        assert bot.calls("getFile") == []
        await bot.send("/session show")
        [show] = await bot.replies()
        assert "0 个成绩" in show["text"] or "还没有成绩" in show["text"]

    e2e(scenario)
