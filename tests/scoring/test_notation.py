"""What people type for a result, and telling score requests from rules questions."""

import pytest

from bot.base.errors import ScoringInputError
from bot.scoring.notation import ContractResult, looks_like_score, parse_result
from bot.scoring.replies import score_reply

R = ContractResult


@pytest.mark.parametrize(
    "text, expected",
    [
        ("4S=", R(4, "S", 0, 10)),
        ("4S+1", R(4, "S", 0, 11)),
        ("4♠+1", R(4, "S", 0, 11)),
        ("4♠️+1", R(4, "S", 0, 11)),
        ("3NTx-2", R(3, "NT", 1, 7)),
        ("3NX-2", R(3, "NT", 1, 7)),
        ("6HXX=", R(6, "H", 2, 12)),
        ("4H-1", R(4, "H", 0, 9)),
        ("7NT=", R(7, "NT", 0, 13)),
        ("4s+1", R(4, "S", 0, 11)),
        ("4SX-3", R(4, "S", 1, 7)),
        ("１Ｄ＋２", R(1, "D", 0, 9)),
        ("2C* -1", R(2, "C", 1, 7)),
        ("4红心超1", R(4, "H", 0, 11)),
        ("3无将加倍宕2", R(3, "NT", 1, 7)),
        ("6黑桃 做成", R(6, "S", 0, 12)),
        ("四红桃宕一", R(4, "H", 0, 9)),
        ("5梅花再加倍 超两墩", R(5, "C", 2, 13)),
        ("3無將加倍宕2", R(3, "NT", 1, 7)),
        ("4S 10墩", R(4, "S", 0, 10)),
        ("4S down 2", R(4, "S", 0, 8)),
        ("4S+1 vul", R(4, "S", 0, 11, vulnerable=True)),
        ("4S+1 nv", R(4, "S", 0, 11, vulnerable=False)),
        ("4♠+1 有局多少分", R(4, "S", 0, 11, vulnerable=True)),
        ("3NT= 无局", R(3, "NT", 0, 9, vulnerable=False)),
        ("4S= NS", R(4, "S", 0, 10, vulnerability="NS", vulnerability_known=True)),
        ("4S= N EW", R(4, "S", 0, 10, "N", False, "EW", True)),
        ("4S= Both", R(4, "S", 0, 10, vulnerable=True, vulnerability="Both", vulnerability_known=True)),
        ("4H-1 双方有局 西", R(4, "H", 0, 9, "W", True, "Both", True)),
        ("4H-1 双方无局", R(4, "H", 0, 9, None, False, None, True)),
        ("3NT= 南北无局 北", R(3, "NT", 0, 9, "N", False)),
        ("3NT= 南北无局 E", R(3, "NT", 0, 9, "E", None)),
        ("4S+1 board 7 N", R(4, "S", 0, 11, "N", True, "Both", True, 7)),
        ("7号牌 4S+1 北", R(4, "S", 0, 11, "N", True, "Both", True, 7)),
        ("第2副 4S+1 东", R(4, "S", 0, 11, "E", False, "NS", True, 2)),
        ("4S+1 2号牌", R(4, "S", 0, 11, None, None, "NS", True, 2)),
        ("4S+1 有局 2号牌", R(4, "S", 0, 11, None, True, "NS", True, 2)),
        ("what's the score for 4S+1 by South vul", R(4, "S", 0, 11, "S", True)),
        ("what is 4H= worth if we are vulnerable", R(4, "H", 0, 10, vulnerable=True)),
        ("3NT 有局多少分", R(3, "NT", 0, 9, vulnerable=True, assumed_made=True)),
    ],
)
def test_parse_result(text, expected):
    assert parse_result(text) == expected


@pytest.mark.parametrize(
    "text, label, result",
    [("4S+1", "4♠+1", 1), ("3NX-2", "3NTx-2", -2), ("6HXX=", "6♥xx=", 0), ("1C-7", "1♣-7", -7)],
)
def test_label_and_result(text, label, result):
    parsed = parse_result(text)
    assert (parsed.label, parsed.result) == (label, result)


# Overtricks and undertricks as players write them, 了 and all: never read as the tricks taken in all.
@pytest.mark.parametrize(
    "text, label",
    [("我打3NT超了一墩", "3NT+1"), ("4♠宕了两墩", "4♠-2"), ("4红心超了1", "4♥+1"), ("3NT宕了1", "3NT-1"),
     ("3NT我们多拿了一墩", "3NT+1"), ("4♠，结果宕了两墩", "4♠-2"), ("4♠差一墩", "4♠-1"), ("3NT少拿了两墩", "3NT-2"),
     ("3NT拿了10墩", "3NT+1"), ("4♠宕了", "4♠-1"), ("我们打了5♣，做成了11墩", "5♣="), ("4♠做成了12墩", "4♠+2"),
     ("4S made 11 tricks", "4♠+1"), ("4S took 9 tricks", "4♠-1")],
)
def test_overtricks_and_undertricks_in_players_words(text, label):
    assert parse_result(text).label == label


def test_overtricks_told_further_on_are_checked_against_the_deal():
    with pytest.raises(ScoringInputError, match="最多超 1 墩"):
        parse_result("6NT多了两墩")


@pytest.mark.parametrize(
    "text, zh, en",
    [
        ("8S=", "1 到 7, 不是 8", "1 to 7, not 8"),
        ("4S+4", "最多超 3 墩", "at most 3 overtricks"),
        ("0NT", "1 到 7, 不是 0", "1 to 7, not 0"),
        ("10S=", "1 到 7, 不是 10", "1 to 7, not 10"),
        ("12红心超1", "1 到 7, 不是 12", "1 to 7, not 12"),
        ("4Q=", "不认识的花色 Q", "Unknown strain Q"),
        ("3NT-14", "最多宕 9 墩", "at most 9 down"),
        ("", "请写出定约和结果", "Please give a contract"),
        ("   ", "请写出定约和结果", "Please give a contract"),
        ("x" * 10000, "输入太长 (10000 个字符", "too long (10000 characters"),
        ("明手能不能提醒庄家", "没有找到定约", "No contract"),
        ("4S+1 vull", "看不懂 “vull”", "Cannot read “vull”"),
        ("4S+1 7", "多余的数字 7", "Unexpected number 7"),
        ("4S+1 3NT-1", "一次只算一个定约", "one contract at a time"),
        ("4S+1 有局 无局", "局况写了两次", "given twice"),
        ("4S+1 N E", "庄家只能有一个", "only one declarer"),
        ("4S+1 有局 1号牌 N", "第1副庄家无局", "board 1 declarer is not vulnerable"),
        ("4S+1 board 0", "不是 0", "not 0"),
        ("4S 14墩", "不能超过 13", "cannot exceed 13"),
    ],
)
def test_bad_input_has_a_message_with_an_example(text, zh, en):
    with pytest.raises(ScoringInputError) as err:
        parse_result(text)
    assert zh in err.value.message_zh and "例如" in err.value.message_zh
    assert en in err.value.message_en and "e.g." in err.value.message_en


@pytest.mark.parametrize(
    "text, expected",
    [
        ("4S+1", True),
        ("4♠+1 有局多少分", True),
        ("3NTx-2 N board 7", True),
        ("3NT 有局多少分", True),
        ("4红心超1", True),
        ("6黑桃 做成", True),
        ("4S 拿了10墩", True),
        ("8S=", True),  # malformed, but a score request: the user should get the error message
        ("4Q=", True),
        ("10S=", True),
        ("我打4S, 宕1", True),
        ("1NT开叫要多少点", False),
        ("第68D条罚分多少分", False),
        ("明手能不能提醒庄家", False),
        ("第50条", False),
        ("第12条C款1项", False),
        ("Law 12C1", False),
        ("1NT开叫后同伴叫2C是什么意思", False),
        ("1NT-2♣ 是什么约定", False),
        # a contract alone asks what it scores (it was read as a malformed law reference); a question about it does not
        ("4S", True),
        ("6NT有局", True),
        ("3NT是什么意思", False),
        ("", False),
        ("620 对 -100 多少IMP", False),
        ("7号牌谁发牌", False),
        ("x" * 10000, False),
    ],
)
def test_looks_like_score(text, expected):
    assert looks_like_score(text) is expected


# English club talk: tricks counted in words, the number before "down", the doubling said after the result.
@pytest.mark.parametrize(
    "text, label",
    [("3NT down one", "3NT-1"), ("3NT two down", "3NT-2"), ("4H-2 doubled", "4♥x-2"), ("4H 2 down redoubled", "4♥xx-2"),
     ("4S made eleven tricks", "4♠+1"), ("4H-2 dbl nv", "4♥x-2")],
)
def test_results_in_english_club_talk(text, label):
    assert parse_result(text).label == label


# The result told before the contract, or apart from it: "2 down doubled not vul in 4H".
@pytest.mark.parametrize(
    "text, label",
    [("2 down doubled not vul in 4H", "4♥x-2"), ("one off in 3NT vul", "3NT-1"), ("down 2 in 4H doubled", "4♥x-2"),
     ("我们打4♠，最后宕2，有局", "4♠-2"), ("3NT，最后超1", "3NT+1")],
)
def test_results_told_apart_from_the_contract(text, label):
    assert looks_like_score(text)
    assert parse_result(text).label == label


def test_a_result_apart_from_the_contract_is_still_checked():
    with pytest.raises(ScoringInputError, match="宕"):
        parse_result("down 9 in 2S")


def test_a_contract_doubled_twice_over_is_reported():
    with pytest.raises(ScoringInputError, match="doubled"):
        parse_result("4Sx-2 doubled")


# 「被加倍」 says the contract was doubled, before the result or after it; 「对方说要加倍」 only that someone wanted to.
@pytest.mark.parametrize(
    "text, label",
    [("5♦被加倍宕了两墩，无局", "5♦x-2"), ("3NT被加倍超了一墩", "3NTx+1"), ("4♠宕两墩，被加倍了", "4♠x-2"),
     ("4♠宕两墩，被再加倍", "4♠xx-2"), ("3NT加倍了，宕一", "3NTx-1"), ("我打3NT超了一墩，对方说要加倍", "3NT+1"),
     ("1NT宕五 加倍 有局", "1NTx-5"), ("4♠宕两墩，加倍，有局", "4♠x-2"), ("4S-2 对方想加倍", "4♠-2")],
)
def test_a_contract_said_to_be_doubled_is_scored_doubled(text, label):
    assert parse_result(text).label == label


# The other side's vulnerability says nothing about the declarer's: both are shown, never the wrong one.
@pytest.mark.parametrize("text, vulnerable", [("4♠+1 对方有局", None), ("4S+1 they are vul", None), ("4♠+1 防守方有局", None),
                                             ("4♠+1 我们无局对方有局", False), ("4S+1 nv opps vul", False),
                                             ("4♠+1 有局", True)])
def test_the_other_sides_vulnerability_is_not_the_declarers(text, vulnerable):
    assert parse_result(text).vulnerable is vulnerable


# A rules question told with its result is asked about, not scored; a score asked for still is.
@pytest.mark.parametrize("text, expected", [("4♠做成了，对方说我们藏牌，怎么判", False), ("我们3NT宕一，明手在打牌时提醒了庄家，这样可以吗", False),
                                            ("4S+1 but dummy touched a card, is that ok?", False), ("3NT宕1 罚多少", True),
                                            ("can you score 4S+1", True)])
def test_a_rules_question_told_with_its_result_is_not_scored(text, expected):
    assert looks_like_score(text) is expected


def test_a_score_asked_politely_is_read():
    assert parse_result("can you score 4S+1").label == "4♠+1"


# Strains in English words, and the level reached ("4 spades making 5": eleven tricks).
@pytest.mark.parametrize("text, label", [("4 spades making 5 vul", "4♠+1"), ("3 no trump down 2", "3NT-2"),
                                         ("4 hearts doubled making", "4♥x="), ("3NT making 4", "3NT+1"), ("4S made 5", "4♠+1"),
                                         ("2 clubs made 3", "2♣+1"), ("7 hearts making 6", "7♥-1")])
def test_english_strains_and_the_level_reached(text, label):
    assert parse_result(text).label == label


# A number no level can be is the tricks taken: "3NT making 9" is 3NT=, "4S made 11" 4S+1.
@pytest.mark.parametrize("text, label", [("3NT making 9 vul", "3NT="), ("4S made 11", "4♠+1"), ("4H making ten", "4♥="),
                                         ("6NT made 13", "6NT+1"), ("4S made 9 tricks", "4♠-1"), ("5C making 8", "5♣-3")])
def test_english_tricks_taken_after_making(text, label):
    assert parse_result(text).label == label


# A side named right before the contract declared it; named elsewhere it stays the table's vulnerability.
@pytest.mark.parametrize("text, side, vulnerable", [
    ("东西4红心加倍宕3 有局", "EW", True), ("南北方打3NT超1", "NS", None), ("NS played 4S+1 board 3", "NS", False),
    ("东西4♥= 南北有局", "EW", False), ("东西4♥= 东西无局", "EW", False),
])
def test_a_side_named_before_the_contract_declared_it(text, side, vulnerable):
    result = parse_result(text)
    assert (result.declarer, result.declaring_side, result.vulnerable) == (None, side, vulnerable)


def test_a_side_named_after_the_contract_is_still_the_vulnerability():
    result = parse_result("4S+1 NS")
    assert result.declaring_side is None and result.vulnerability == "NS" and result.vulnerability_known


def test_the_side_declaring_scores_from_its_view():
    assert "东西做庄 有局: 南北 +800, 即东西 -800" in score_reply("东西4红心加倍宕3 有局")


@pytest.mark.parametrize("text", ["4S+1 NS vul board 3", "3NT+1 南北无局 第5副", "4H= both vul board 1", "东西4♥= 北"])
def test_a_board_or_seat_contradicting_the_text_is_reported(text):
    with pytest.raises(ScoringInputError):
        parse_result(text)
