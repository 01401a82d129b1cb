"""The chat's own words (not the Laws): help, usage hints, errors, button labels, in Chinese and English.

Every message that answers a mistake carries an example of the right form.
"""

from __future__ import annotations

from bot.base.textnorm import prose_punctuation

HELP_INTRO_ZH = """桥牌规则助手 — 中国桥牌竞赛规则(1999)
直接发送问题、条款号或计分即可,例如:
  50D2 或 第50条D款2 — 查条款
  罚张怎么处理 — 搜索规则
  4S+1 有局 — 计算得分
  17号牌、620比170、77表 — 局况、IMP、计分表
"""

HELP_INTRO_EN = """Bridge rules assistant — the Chinese Laws of Duplicate Bridge (1999)
Send a question, a law reference or a score, for example:
  50D2 or Law 50D2 — show a law
  penalty card — search the Laws (Chinese words work best: 罚张)
  4S+1 vul — score a contract
  board 7, 620 vs 170, IMP table — a board, IMPs, a scoring table
"""

HELP_AFTER_ZH = """接着上一个回答可以发: 全文、更多、下一条、上一条,或者「如果是庄家呢」。
在群里回复别人的消息发 /law 50,答案就回复那条消息。
俱乐部比赛(群组): /session new pairs,/r 5 NS1-EW3 4S+1 N,/traveller 5,/standings,/export"""

HELP_AFTER_EN = """After an answer you can send: full, more, next, prev, or "what if it was declarer?".
In a group, reply to someone's message with /law 50 and the answer goes to that message.
Club sessions (groups): /session new pairs, /r 5 NS1-EW3 4S+1 N, /traveller 5, /standings, /export"""

TEXTS: dict[str, tuple[str, str]] = {
    "help_intro": (HELP_INTRO_ZH, HELP_INTRO_EN),
    "help_commands": ("命令:", "Commands:"),
    "help_after": (HELP_AFTER_ZH, HELP_AFTER_EN),
    "greeting": ("你好!我是桥牌规则助手。", "Hello! I answer questions on the Laws of Duplicate Bridge."),
    # In a group Telegram shows the bot only what is addressed to it (privacy mode): say how to address it.
    "group_how": ("在群里请这样问我：\n"
                  "• 提到我：{mention} 明手能提醒庄家吗\n"
                  "• 或回复我的任何一条消息\n"
                  "• 或用命令：/law 50、/search 罚张、/score 4S+1 有局\n"
                  "没有提到我的消息我看不到，也不会插话。\n"
                  "开一场比赛：/session new pairs mitchell 7桌 每轮3副 周三双人赛（队式赛：/session new teams A队 vs B队）",
                  "In a group, ask me like this:\n"
                  "• mention me: {mention} can dummy warn declarer?\n"
                  "• or reply to any message of mine\n"
                  "• or use a command: /law 50, /search penalty card, /score 4S+1 vul\n"
                  "Messages that do not address me I do not see, and I never join in.\n"
                  "To run a session: /session new pairs mitchell 7 tables 3 boards a round Wed pairs "
                  "(teams: /session new teams Lions vs Tigers)"),
    "too_long": (
        "消息太长({n} 个字符,最多 {limit} 个)。请只发问题本身,例如: 罚张怎么处理",
        "That message is too long ({n} characters, at most {limit}). Send just the question, e.g. penalty card",
    ),
    "file_too_large": (
        "文件太大({kb} KB,最多 {limit} KB),没有导入。请发送成绩 CSV,例如 /export 得到的文件。",
        "That file is too large ({kb} KB, at most {limit} KB); nothing was imported. Send a results CSV like the one /export gives.",
    ),
    "unknown_command": (
        "不认识的命令 /{name}。发送 /help 查看所有命令,例如 /law 50D2",
        "Unknown command /{name}. Send /help for the list, e.g. /law 50D2",
    ),
    "unknown_command_suggest": (
        "不认识的命令 /{name}。你是不是想用 {suggestion} ?发送 /help 查看所有命令。",
        "Unknown command /{name}. Did you mean {suggestion}? Send /help for the list.",
    ),
    "usage_as": ("请这样写: /as declarer(庄家)、/as defender(防家)或 /as dummy(明手)", "Type it like /as declarer, /as defender or /as dummy"),
    "no_question": (
        "请先提一个问题,例如「亮了一张牌怎么办」,然后再说「如果是庄家呢」。",
        "Ask a question first (e.g. \"a card was exposed, what now?\"), then \"what if it was declarer?\"",
    ),
    "which_actor": ("是谁做的?", "Who was it?"),
    "not_defined": (
        "「{term}」不是第一章定义的术语。规则里这样说明它:",
        "\"{term}\" is not a defined term of chapter 1. This is what the Laws say about it:",
    ),
    "not_defined_used": (
        "没有「{term}」这个定义。规则里用到它的地方:",
        "There is no definition of \"{term}\". Where the Laws use it:",
    ),
    "definition_whole": ("「{term}」的定义已全部显示。用到它的条款:", "That is the whole definition of {term}. Laws that use it:"),
    "law_whole": ("第{law}条已全部显示。", "That was the whole of Law {law}."),
    "skipped_laws": ("(第{laws}条本语料未收录。)", "(Laws {laws} are not in this corpus.)"),
    "toc_title": ("目录 · {edition}", "Contents · {edition}"),
    "toc_chapters": ("请选择一章:", "Choose a chapter:"),
    "toc_english_title": ("本章的中文标题不见于任何来源,这里给出的是1997年英文版规则的标题。",
                          "No source prints this chapter's Chinese title; shown is the 1997 Laws' English title."),
    "toc_laws": ("本章收录 {n} 条,点条款查看:", "{n} laws in this chapter; tap one to read it:"),
    "toc_definitions": ("共 {n} 个定义,点术语查看:", "{n} defined terms; tap one to read it:"),
    "toc_back": ("◀ 目录", "◀ Contents"),
    "toc_page": ("第 {page}/{pages} 页", "page {page}/{pages}"),
    "toc_next": ("下一页 ▶", "Next page ▶"),
    "toc_prev": ("◀ 上一页", "◀ Previous page"),
    "toc_no_chapter": ("没有第 {n} 章(共 {count} 章)。", "There is no chapter {n} (there are {count})."),
    "about_sources": (
        "条款文字整理自 {n} 份来源文本(简体录入本、繁体录入本和论坛转帖),每一处校订都记录在 corpus/corrections.yaml。",
        "The text was assembled from {n} source texts (simplified and traditional transcriptions and a forum copy); every correction is listed in corpus/corrections.yaml.",
    ),
    "usage_law": ("请在 /law 后面写条款号,例如: /law 50D2", "Put a law reference after /law, e.g. /law 50D2"),
    "usage_search": ("请在 /search 后面写要找的内容,例如: /search 罚张", "Put what to look for after /search, e.g. /search 罚张"),
    "usage_define": ("请在 /define 后面写术语,例如: /define 明手", "Put a term after /define, e.g. /define dummy"),
    "usage_score": ("请在 /score 后面写定约和结果,例如: /score 4S+1 有局", "Put a contract and result after /score, e.g. /score 4S+1 vul"),
    "usage_imp": ("请写出两个分数,例如: /imp 620 -170", "Give two scores, e.g. /imp 620 -170"),
    "usage_vp": ("请写出 IMP 差和副数,例如: /vp 25 8副 或 /vp 30 21 8副",
                 "Give the IMP margin and the boards, e.g. /vp 25 8 boards or /vp 30 21 8 boards"),
    "usage_mp": ("请写出同一副牌的各桌得分,例如: /mp 420 420 450 -50", "Give the scores of every table on one board, e.g. /mp 420 420 450 -50"),
    "usage_board": ("请写牌号,例如: /board 7", "Give a board number, e.g. /board 7"),
    "usage_step": ("请这样写: /{name} 50,或者直接发「下一条」「上一条」", "Type it like /{name} 50, or just send next or prev"),
    "usage_more": ("请这样写: /more 50 2(第50条的第2页)", "Type it like /more 50 2 (page 2 of Law 50)"),
    "law_missing": (
        "本版语料暂未收录第{law}条{title}。已收录: 第{present}条。例如: 第50条",
        "Law {law}{title} is not in this corpus yet. Present: Laws {present}. For example: Law 50",
    ),
    "clause_missing": (
        "第{law}条没有「{clause}」这一款。以下是第{law}条全文:",
        "Law {law} has no clause {clause}. Here is the whole of Law {law}:",
    ),
    "ack": ("好的。还有问题随时发。", "OK. Ask any time."),
    "why": (
        "我只能引用规则原文,说不出规则背后的理由。想看整条请发「全文」,或者把情况说得具体些。",
        "I can quote the Laws but not the reasons behind them. Send \"full\" for the whole law, or tell me more about the situation.",
    ),
    "ask_away": (
        "请直接发问题,例如「明手可以提醒庄家吗」、「第50条」或「4S+1 有局」。",
        "Go ahead and send the question itself, e.g. \"can dummy warn declarer?\", \"law 50\" or \"4S+1 vul\".",
    ),
    "pick_first": (
        "请先点上面的一个选项,再发「{word}」。",
        "Tap one of the options above first, then send \"{word}\".",
    ),
    "no_context": (
        "请先问一条规则,例如「第50条」,然后再发「{word}」。",
        "Ask about a law first (e.g. Law 50), then send \"{word}\".",
    ),
    "last_law": ("已经是最后一条了(第{law}条)。", "That is the last law in the corpus (Law {law})."),
    "first_law": ("已经是第一条了(第{law}条)。", "That is the first law in the corpus (Law {law})."),
    "no_hits": (
        "没有找到与「{query}」相关的条款。换个说法试试,或者直接写条款号,例如: 罚张、第50条",
        "Nothing in the Laws matches \"{query}\". Try other words (Chinese works best, e.g. 罚张) or a law reference like 50D2.",
    ),
    "not_confident": ("没有找到很确定的答案,最接近的是:", "No exact match; the closest is:"),
    "likely": ("最可能相关:", "Most likely:"),
    "related_present": ("本语料中相关的条文:", "Related laws in this corpus:"),
    "thanks": ("不客气。还有规则问题随时问,例如「罚张怎么处理」或 50D2。",
               "You're welcome. Ask again any time, e.g. \"what happens to a penalty card\" or 50D2."),
    "off_topic": ("没找到和这个问题相关的规则。如果问的是桥牌规则,可以换个说法,或发 /toc 看目录。最接近的几条:",
                  "I found no rule about that. For a bridge rules question try other words, or /toc for the "
                  "contents. The nearest:"),
    "no_definition": (
        "没有「{term}」这个定义。已有的定义例如: {some}。例如: /define 明手",
        "There is no definition of \"{term}\". Defined terms include: {some}. E.g. /define dummy",
    ),
    "unavailable": ("{what}功能暂时不可用,请稍后再试。", "{what} is not available right now; please try again later."),
    "apology": ("抱歉,出了点问题,请稍后再试。发送 /help 查看用法。", "Sorry, something went wrong. Please try again; /help shows how to ask."),
    "report_as_file": ("完整报告共 {lines} 行, 太长不便在群里刷屏, 已作为文件发送: {name}",
                       "The whole report is {lines} lines, too long for the chat; it is sent as a file: {name}"),
    "nothing_to_show": ("这里还没有可显示的内容。例如 /standings 要先有打过的成绩: /r 5 1-3 4S+1 N",
                        "Nothing to show here yet. /standings, for one, needs a played result first: /r 5 1-3 4S+1 N"),
    "flood": ("消息太快了,请稍等几秒再发。", "Too many messages at once; please wait a few seconds."),
    "flood_member": ("{name},你的消息太快了,请稍等几秒再发。", "{name}, you are sending too fast; please wait a few seconds."),
    "edited_club": ("编辑过的消息不会再执行比赛命令。要改成绩, 请发一条新的命令, 例如 /r 5 1-3 4S+1 N",
                    "An edited message does not run a club command again. Send a new command instead, e.g. /r 5 1-3 4S+1 N"),
    "about": (
        "{edition}\n收录: 第一章定义 {definitions} 条;规则 第{present}条(共 {count} 条)。\n暂缺: 第{missing}条。\n条款原文来自上述版本,本助手不代替裁判的判决。",
        "{edition}\nCovers: {definitions} definitions of chapter 1; Laws {present} ({count} laws).\nNot yet included: Laws {missing}.\nThe law text is quoted from that edition; this assistant does not replace the Director's ruling.",
    ),
    "definition": ("定义", "Definition"),
    "full": ("全文", "Full text"),
    "more": ("更多 ({page}/{pages})", "More ({page}/{pages})"),
    "next": ("下一条 ▶", "Next ▶"),
    "prev": ("◀ 上一条", "◀ Previous"),
    "see": ("→ {label}", "→ {label}"),
    "score_feature": ("计分", "Scoring"),
    "search_feature": ("搜索", "Search"),
    "club_feature": ("俱乐部比赛", "Club sessions"),
    "inline_none": ("没有找到相关条款", "No matching clause"),
    "inline_none_hint": ("私聊我可以提问、查条款和计分。", "Open a private chat with me to ask, look up laws and score."),
    "inline_private": ("私聊提问", "Ask in private chat"),
}


# Written with ASCII punctuation for easy editing; shown with the corpus's full-width
# Chinese punctuation (「，」「：」), which also keeps the replies consistent with the law text.
TEXTS = {key: (prose_punctuation(zh).replace("： ", "："), en) for key, (zh, en) in TEXTS.items()}


def say(key: str, lang: str = "zh", **values) -> str:
    """The UI string ``key`` in ``lang`` ("en" or Chinese), with ``values`` filled in."""
    zh, en = TEXTS[key]
    return (en if lang == "en" else zh).format(**values)
