"""The finished replies the chat core and the CLI show, as dialogue tables of whole texts."""

import pytest

from bot.base.errors import ScoringInputError
from bot.scoring.replies import (
    adjusted_reply,
    auto_reply,
    board_reply,
    imp_reply,
    mp_reply,
    reply_kind,
    score_reply,
    vp_reply,
)
from bot.scoring.inputs import table_request

MP_TABLE_ZH = """比赛分 (第78条A款: 每胜一个成绩得2分, 相同得1分; 4个成绩, 顶分 6)
  成绩  比赛分  百分比
   450       6  100.0%
   420       3   50.0% ← 我们
   420       3   50.0%
   -50       0    0.0%"""


@pytest.mark.parametrize(
    "reply, text, lang, expected",
    [
        (score_reply, "4♠+1 有局", "zh",
         "4♠+1 有局: 庄家方 +650  (墩分 120 + 超墩 30 + 成局奖分 500)\n第77条 记分表"),
        (score_reply, "4S+1", "zh",
         "4♠+1:\n  无局: 庄家方 +450  (墩分 120 + 超墩 30 + 成局奖分 300)\n"
         "  有局: 庄家方 +650  (墩分 120 + 超墩 30 + 成局奖分 500)\n第77条 记分表"),
        (score_reply, "3NTx-2 N board 7", "en",
         "Board 7: dealer South, both sides vulnerable\n"
         "3NTx-2 by North vul: East-West +500, i.e. North-South -500  (2 down doubled: 200 + 300)\nLaw 77"),
        (score_reply, "1C-1 E 1号牌", "zh",
         "第1副: 北发牌, 双方无局\n1♣-1 庄家东 无局: 南北 +50, 即东西 -50  (宕1墩 未加倍: 50)\n第77条 记分表"),
        (score_reply, "6HXX= 无局 E", "zh",
         "6♥xx= 庄家东 无局: 东西 +1620  (墩分 720 + 成局奖分 300 + 满贯奖分 500 + 再加倍完成奖分 100)\n第77条 记分表"),
        (score_reply, "2HX= nv", "en",
         "2♥x= non-vul: declarer +470  (trick score 120 + game bonus 300 + insult bonus 50)\nLaw 77"),
        (score_reply, "3NT 有局多少分", "zh",
         "3NT= 有局: 庄家方 +600  (墩分 100 + 成局奖分 500)\n(没有写结果, 按刚好完成计算。)\n第77条 记分表"),
        (score_reply, "4S+1 EW", "zh",
         "4♠+1:\n  庄家为南北 (无局): 南北 +450  (墩分 120 + 超墩 30 + 成局奖分 300)\n"
         "  庄家为东西 (有局): 东西 +650  (墩分 120 + 超墩 30 + 成局奖分 500)\n第77条 记分表"),
        (score_reply, "3NT-1 2号牌", "en",
         "Board 2: dealer East, North-South vulnerable\n3NT-1:\n"
         "  declared by North-South (vul): East-West +100, i.e. North-South -100  (1 down undoubled: 100)\n"
         "  declared by East-West (non-vul): North-South +50, i.e. East-West -50  (1 down undoubled: 50)\nLaw 77"),
        (imp_reply, "620 对 -100", "zh", "620 对 -100: 分差 720 → +12 IMP\n第78条B款: 分差 600–740 → 12 IMP"),
        (imp_reply, "-4500", "en", "Difference -4500 → -24 IMPs\nLaw 78B: 4000+ → 24 IMPs"),
        (imp_reply, "10", "zh", "分差 10 → 0 IMP\n第78条B款: 分差 0–10 → 0 IMP"),
        (mp_reply, "这副牌我们 420, 别桌 450、420、-50, 比赛分多少", "zh", MP_TABLE_ZH),
        (mp_reply, "420 450 -50", "en",
         "Matchpoints (Law 78A: 2 per score beaten, 1 per tie; 3 scores, top 4)\n score      MP       %\n"
         "   450       4  100.0%\n   420       2   50.0%\n   -50       0    0.0%"),
        (mp_reply, "我们 420 450 420 -50 交叉", "zh",
         "交叉IMP: 每个成绩与其余每个成绩比较后相加\n  成绩     IMP\n   450     +13\n   420      +9 ← 我们\n"
         "   420      +9\n   -50     -31"),
        (mp_reply, "we 420 450 420 -50 butler", "en",
         "Butler IMPs against a datum of 310 (mean of the scores, to the nearest 10)\n score    IMPs\n"
         "   450      +4\n   420      +3 ← ours\n   420      +3\n   -50      -8"),
        (board_reply, "7号牌谁发牌", "zh", "第7副: 南发牌, 双方有局 (第2条)"),
        (board_reply, "board 23", "en",
         "Board 23: dealer South, both sides vulnerable (same as board 7; Law 2, repeats every 16)"),
        (adjusted_reply, "平均正分 顶分 12", "zh",
         "平均正分: 双人赛至少60%, 队式赛 +3 IMP; 顶分 12 时为 7.2 比赛分\n"
         "第12条C款1项规定百分比; 队式赛 ±3 IMP 是通行惯例 (第12条C款1项未给出IMP数值)。"),
    ],
)
def test_replies(reply, text, lang, expected):
    assert reply(text, lang) == expected


def test_one_half_scale():
    assert mp_reply("420 450 420 -50", scale=1).splitlines()[0] == (
        "比赛分 (第78条A款: 每胜一个成绩得1分, 相同得½分; 4个成绩, 顶分 3)")


@pytest.mark.parametrize(
    "text, kind",
    [
        ("4♠+1 有局多少分", "score"),
        ("3NTx-2", "score"),
        ("8S=", "score"),
        ("620 对 -100 多少IMP", "imp"),
        ("差520是多少imp", "imp"),
        ("这副牌我们 420, 别桌 450、420、-50, 比赛分多少", "mp"),
        ("420 450 420 -50 butler", "mp"),
        ("7号牌谁发牌", "board"),
        ("第23副是什么局况", "board"),
        ("平均正分是多少", "adjusted"),
        # A board number alone asks for the board; two scores set against each other, for IMPs.
        ("17号牌", "board"),
        ("第17副", "board"),
        ("board 7", "board"),
        ("bd 7?", "board"),
        ("620比170", "imp"),
        ("620对-170", "imp"),
        ("620 vs 170 imp", "imp"),
        ("620 vs 170", "imp"),
        ("3比2", None),
        ("7号牌的明手可以看牌吗", None),
        ("明手能不能提醒庄家", None),
        ("第50条", None),
        ("国际比赛分是怎么算的", None),
        # a number of IMPs won or lost is no score to convert; a difference named with IMPs is one
        ("我们输了7个IMP，IMP是什么", None),
        ("We lost 7 IMPs on the last deal. What is an IMP?", None),
        ("450 imp", "imp"),
        # what an adjusted score is worth, or the word alone; not a question that only mentions one
        ("平均负分是百分之几", "adjusted"),
        ("平均正分？", "adjusted"),
        ("裁判给了平均正分，我们还能申诉吗？", None),
        ("the TD gave us average plus, can we appeal?", None),
        # Victory Points of a match (its IMPs named too); a table count beside matchpoint scores is none of them
        ("我们队赢了25 imp，8副，VP多少", "vp"),
        ("30 21 8 boards vp?", "vp"),
        ("VP是什么", None),
        ("我们赢了20 VP，排名第三，下一轮打谁？", None),
        ("双人赛13桌，我们比8桌好，比赛分怎么算", None),
        # one board at two tables
        ("3NT+1 对 4♠= 有局", "imp"),
        ("对方开叫1♥，我叫了1♠", None),
        ("", None),
    ],
)
def test_reply_kind(text, kind):
    assert reply_kind(text) == kind


@pytest.mark.parametrize("text, lang, expected", [
    # the WBF's own example of its 2013 scale: 30 : 21 in 8 boards
    ("30 21 8 boards", "en", "8-board match, IMPs 30 : 21 → VPs 13.45 : 6.55\n"
                             "WBF 2013 continuous 20-point scale (a margin of 43 IMPs or more: 20.00 : 0.00)"),
    ("输了9 imp，8副", "zh", "8副的比赛, IMP 0 : 9 → VP 6.55 : 13.45\nWBF 2013 连续 20 分制 VP 表 (分差 43 IMP 及以上: 20.00 : 0.00)"),
    ("赢了50 imp，8副", "zh", "8副的比赛, IMP 50 : 0 → VP 20.00 : 0.00\nWBF 2013 连续 20 分制 VP 表 (分差 43 IMP 及以上: 20.00 : 0.00)"),
])
def test_vp_reply(text, lang, expected):
    assert vp_reply(text, lang) == expected


@pytest.mark.parametrize(
    "text, clause",
    [
        ("77表", "77"), ("77 table", "77"), ("law 77 table", "77"), ("看一下77表", "77"), ("score table", "77"),
        ("IMP表", "78B"), ("imp table", "78B"), ("show me the IMP table", "78B"), ("国际比赛分表", "78B"),
        ("局况表", "2"), ("board table", "2"),
        ("记分表", None),             # the score sheet, not Law 77
        ("记分表填错了怎么办", None),
        ("imp表怎么用", None),        # a question about the table goes to the search
        ("第77条", None), ("", None),
    ],
)
def test_table_request(text, clause):
    assert table_request(text) == clause


def test_auto_reply_answers_or_declines():
    assert auto_reply("7号牌谁发牌") == "第7副: 南发牌, 双方有局 (第2条)"
    assert auto_reply("第50条") is None


@pytest.mark.parametrize(
    "reply, text, zh, en",
    [
        (score_reply, "8S=", "不是 8", "not 8"),
        (score_reply, "4S+4", "最多超 3 墩", "at most 3 overtricks"),
        (score_reply, "0NT", "不是 0", "not 0"),
        (score_reply, "4Q=", "不认识的花色 Q", "Unknown strain Q"),
        (score_reply, "3NT-14", "最多宕 9 墩", "at most 9 down"),
        (score_reply, "", "请写出定约和结果", "Please give a contract"),
        (score_reply, "4S=" + " " * 10000, "输入太长", "too long"),
        (imp_reply, "abc", "看不懂 “abc”", "Cannot read “abc”"),
        (imp_reply, "", "请写出要算的内容", "Please say what to work out"),
        (imp_reply, "1 2 3", "找到 3 个数", "found 3 numbers"),
        (imp_reply, "99999", "不像桥牌分数", "does not look like a bridge score"),
        (board_reply, "0", "不是 0", "not 0"),
        (board_reply, "board -3", "不是 -3", "not -3"),
        (board_reply, "-3", "不是 -3", "not -3"),
        (board_reply, "谁发牌", "请给一个牌号", "one board number"),
        (mp_reply, "420", "至少要两个成绩", "At least two scores"),
        (mp_reply, "420 42", "42 不是桥牌分数", "42 is not a bridge score"),
        (mp_reply, " ".join(["420"] * 101), "成绩太多", "Too many scores"),
        (mp_reply, "1" * 10000, "输入太长", "too long"),
    ],
)
def test_bad_input_gives_both_languages_with_an_example(reply, text, zh, en):
    with pytest.raises(ScoringInputError) as err:
        reply(text)
    assert zh in err.value.message("zh") and "例如" in err.value.message("zh")
    assert en in err.value.message("en") and "e.g." in err.value.message("en")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_longest_matchpoint_table_fits_a_telegram_message(lang):
    scores = " ".join(str(-7600 + 10 * i) for i in range(100))
    for method in ("mp", "butler", "cross"):
        assert len(mp_reply(scores, lang, method=method)) < 4000


@pytest.mark.parametrize("story", [
    "东家打3NT，打到第九墩时南家说剩下都是他的。北家反对，继续打。庄家能要求补偿吗？",
    "North is in 4♠ with seven tricks in. He claims the rest. East objects. What now?",
    "東家打3NT，打到第九墩時南家說剩下都是他的。北家反對。這樣可以叫裁判嗎？",
])
def test_a_told_board_that_asks_a_rules_question_is_no_score_request(story):
    # real players tell the contract and result, then ask about the rules: the scorer answered 「一次只算一个定约」
    from bot.scoring.inputs import reply_kind

    assert reply_kind(story) is None


@pytest.mark.parametrize("message, kind", [
    ("3♥做成9墩，记多少分？有局吗？", "score"),
    ("We made 630, the other table 600. How many IMPs is that?", "imp"),
    ("4S+1 有局", "score"),
])
def test_a_question_asking_for_the_score_is_still_one(message, kind):
    from bot.scoring.inputs import reply_kind

    assert reply_kind(message) == kind
