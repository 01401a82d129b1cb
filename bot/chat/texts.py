"""The chat's own words (not the Laws): help, usage hints, errors, button labels, in Chinese and English.

Every message that answers a mistake carries an example of the right form.
"""

from __future__ import annotations

from bot.base.textnorm import prose_punctuation

HELP_ZH = """桥牌规则助手 — 中国桥牌竞赛规则(1999)
直接发送问题、条款号或计分即可,例如:
  50D2 或 第50条D款2 — 查条款
  罚张怎么处理 — 搜索规则
  4S+1 有局 — 计算得分

命令:
/law 50D2 — 查条款(简写 /l)
/search 罚张 — 搜索规则(/s)
/define 明手 — 查定义(/d)
/score 3NTx-2 有局 — 计分
/imp 620 -170 — 换算IMP
/mp 420 420 450 -50 — 比赛分
/board 7 — 牌号的发牌人和局况
/about — 版本与收录范围

接着上一个回答可以发: 全文、更多、下一条、上一条。
俱乐部比赛(群组): /session new pairs,/r 5 NS1-EW3 4S+1 N,/traveller 5,/standings,/export"""

HELP_EN = """Bridge rules assistant — the Chinese Laws of Duplicate Bridge (1999)
Send a question, a law reference or a score, for example:
  50D2 or Law 50D2 — show a law
  penalty card — search the Laws (Chinese words work best: 罚张)
  4S+1 vul — score a contract

Commands:
/law 50D2 — show a law or clause (/l)
/search revoke — search the Laws (/s)
/define dummy — a definition (/d)
/score 3NTx-2 vul — contract score
/imp 620 -170 — IMPs
/mp 420 420 450 -50 — matchpoints
/board 7 — dealer and vulnerability of a board
/about — edition and coverage

After an answer you can send: full, more, next, prev.
Club sessions (groups): /session new pairs, /r 5 NS1-EW3 4S+1 N, /traveller 5, /standings, /export"""

TEXTS: dict[str, tuple[str, str]] = {
    "help": (HELP_ZH, HELP_EN),
    "greeting": ("你好!我是桥牌规则助手。", "Hello! I answer questions on the Laws of Duplicate Bridge."),
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
    "usage_law": ("请在 /law 后面写条款号,例如: /law 50D2", "Put a law reference after /law, e.g. /law 50D2"),
    "usage_search": ("请在 /search 后面写要找的内容,例如: /search 罚张", "Put what to look for after /search, e.g. /search 罚张"),
    "usage_define": ("请在 /define 后面写术语,例如: /define 明手", "Put a term after /define, e.g. /define dummy"),
    "usage_score": ("请在 /score 后面写定约和结果,例如: /score 4S+1 有局", "Put a contract and result after /score, e.g. /score 4S+1 vul"),
    "usage_imp": ("请写出两个分数,例如: /imp 620 -170", "Give two scores, e.g. /imp 620 -170"),
    "usage_mp": ("请写出同一副牌的各桌得分,例如: /mp 420 420 450 -50", "Give the scores of every table on one board, e.g. /mp 420 420 450 -50"),
    "usage_board": ("请写牌号,例如: /board 7", "Give a board number, e.g. /board 7"),
    "usage_step": ("请这样写: /{name} 50,或者直接发「下一条」「上一条」", "Type it like /{name} 50, or just send next or prev"),
    "usage_more": ("请这样写: /more 50 2(第50条的第2页)", "Type it like /more 50 2 (page 2 of Law 50)"),
    "law_missing": (
        "本版语料暂未收录第{law}条。已收录: 第{present}条。例如: 第50条",
        "Law {law} is not in this corpus yet. Present: Laws {present}. For example: Law 50",
    ),
    "clause_missing": (
        "第{law}条没有「{clause}」这一款。以下是第{law}条全文:",
        "Law {law} has no clause {clause}. Here is the whole of Law {law}:",
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
    "no_definition": (
        "没有「{term}」这个定义。已有的定义例如: {some}。例如: /define 明手",
        "There is no definition of \"{term}\". Defined terms include: {some}. E.g. /define dummy",
    ),
    "unavailable": ("{what}功能暂时不可用,请稍后再试。", "{what} is not available right now; please try again later."),
    "apology": ("抱歉,出了点问题,请稍后再试。发送 /help 查看用法。", "Sorry, something went wrong. Please try again; /help shows how to ask."),
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
