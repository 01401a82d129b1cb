"""Normalisation at the edge: traditional → simplified, full-width → half-width."""

import pytest

from bot.base.textnorm import is_traditional, normalize_query, prose_punctuation, to_halfwidth, to_traditional


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("對方亮了一張牌怎麼辦", "对方亮了一张牌怎么办"),
        ("第５０條Ｄ款２", "第50条d款2"),
        ("  LAW   50  ", "law 50"),
        ("明手", "明手"),
    ],
)
def test_normalize_query(raw, expected):
    assert normalize_query(raw) == expected


def test_halfwidth_keeps_chinese():
    assert to_halfwidth("（ＤＵＭＭＹ）　明手") == "(DUMMY) 明手"


def test_script_detection():
    assert is_traditional("個人賽裡面同伴是固定的嗎")
    assert not is_traditional("个人赛里面同伴是固定的吗")
    assert not is_traditional("law 50")


def test_to_traditional_round_trip_of_law_title():
    assert to_traditional("罚张的处理") == "罰張的處理"


@pytest.mark.parametrize(
    "raw, expected",
    [("甲,乙:丙;丁", "甲，乙：丙；丁"), ("得分1,000分", "得分1,000分"), ("（参阅第７７条）", "(参阅第77条)")],
)
def test_prose_punctuation(raw, expected):
    assert prose_punctuation(raw) == expected


def test_traditional_replies_use_the_usual_character_forms():
    assert to_traditional("认为均为罚张") == "認為均為罰張"


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("佢冇跟花色，係咪藏牌？", "他没有跟花色,是不是藏牌?"),
        ("明手可唔可以睇莊家嘅牌", "明手可不可以看庄家的牌"),
        ("點解裁判話我哋要罰", "为什么裁判说我们要罚"),
        ("IMP係咩嚟㗎？", "imp是什么?"),
        ("我做緊莊家，佢咁講得唔得？", "我正在做庄家,他这样讲行不行?"),
        ("佢將啲牌攤晒出嚟，點處理？", "他将些牌全摊出来,怎么处理?"),
        ("佢跌咗張牌落枱面", "他掉了张牌落桌面"),
        ("再加倍係咩嚟？", "再加倍是什么?"),
        ("防家係邊兩個人？同莊家有咩分別？", "防家是哪两个人?同庄家有什么分别?"),
        ("獎分究竟指邊啲分？", "奖分究竟指哪些分?"),
        ("TD係負責啲咩？", "td是负责什么?"),
    ],
)
def test_cantonese_becomes_mandarin(raw, expected):
    assert normalize_query(raw) == expected


@pytest.mark.parametrize("raw, expected", [("莊家係指打定約的賽員", "庄家系指打定约的赛员"), ("關係到定約", "关系到定约"),
                                           ("點數是多少", "点数是多少"), ("叫牌體系", "叫牌体系"),
                                           ("差一點出錯了", "差一点出错了"), ("今天曬太陽", "今天晒太阳"), ("佢哋要求仲裁", "他们要求仲裁")])
def test_mandarin_words_written_like_cantonese_stay(raw, expected):
    assert normalize_query(raw) == expected
