"""Law references in every usual form, and the friendly errors for malformed ones."""

import pytest

from bot.rulebook.refs import Reference, ReferenceInputError, chinese_number, find_reference, parse_reference


@pytest.mark.parametrize(
    "text, expected",
    [
        ("50", Reference(50)),
        ("50D", Reference(50, "50D")),
        ("50D2", Reference(50, "50D2")),
        ("50d2", Reference(50, "50D2")),
        ("50D2a", Reference(50, "50D2a")),
        ("43A1a", Reference(43, "43A1a")),
        ("第50条", Reference(50)),
        ("第50条D款", Reference(50, "50D")),
        ("50条D款2", Reference(50, "50D2")),
        ("第50条D款第2项", Reference(50, "50D2")),
        ("第43条A款1(a)", Reference(43, "43A1a")),
        ("45条C款4(b)", Reference(45, "45C4b")),
        ("第五十条", Reference(50)),
        ("第十条", Reference(10)),
        ("第十二条", Reference(12)),
        ("第七十七条", Reference(77)),
        ("第九十三条", Reference(93)),
        ("第二条", Reference(2)),
        ("law 50", Reference(50)),
        ("Law 50D2", Reference(50, "50D2")),
        ("LAW 50 D 2", Reference(50, "50D2")),
        ("L50D2", Reference(50, "50D2")),
        ("l50", Reference(50)),
        ("laws 12", Reference(12)),
        ("rule 77", Reference(77)),
        ("規則77", Reference(77)),
        ("规则77", Reference(77)),
        ("规则第77条", Reference(77)),
        ("第50條", Reference(50)),
        ("第50條D款", Reference(50, "50D")),
        ("第５０条", Reference(50)),
        ("５０Ｄ２", Reference(50, "50D2")),
        ("第４３条Ａ款１（ａ）", Reference(43, "43A1a")),
        ("  第50条？ ", Reference(50)),
        ("1", Reference(1)),
        ("93", Reference(93)),
        ("规则第七十三条F款第二项", Reference(73, "73F2")),  # the item in words
        ("Law 16(B)", Reference(16, "16B")),
        ("law 50-D-2-a", Reference(50, "50D2a")),
        ("law 50 - D - 2", Reference(50, "50D2")),
        ("L50.D.2", Reference(50, "50D2")),
        ("rule 45.C.4.a", Reference(45, "45C4a")),
        ("Law 50D(2)(a)", Reference(50, "50D2a")),
    ],
)
def test_reference_forms(text, expected):
    assert parse_reference(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "明手能不能提醒庄家",
        "what happens to a penalty card",
        "罚张",
        "第一次叫牌就叫错了怎么办",
        "五十",
        "law",
        "50张牌",
        "dummy",
        "第一章",
        "4H-1",
        "3D.2",
        "1-3",
    ],
)
def test_not_a_reference(text):
    assert parse_reference(text) is None


@pytest.mark.parametrize(
    "text",
    ["50Z", "law 50Z", "第五十五十条", "law 0", "law 999", "第0条", "第一百条", "50D2aa", "50条2", "L50(a)", "x" * 10000],
)
def test_malformed_reference(text):
    with pytest.raises(ReferenceInputError) as info:
        parse_reference(text)
    err = info.value
    assert "第50条D款2" in err.message_zh and "50D2" in err.message_zh
    assert "50D2" in err.message_en and err.message_en.isascii() is False  # example keeps the Chinese form
    assert err.message("en") == err.message_en
    assert str(err) == err.message_zh


@pytest.mark.parametrize(
    "text, expected",
    [("一", 1), ("十", 10), ("十五", 15), ("二十", 20), ("四十三", 43), ("九十九", 99), ("一百", 100), ("五十五十", None), ("百", None)],
)
def test_chinese_number(text, expected):
    assert chinese_number(text) == expected


def test_reference_id():
    assert Reference(50).id == "50"
    assert Reference(50, "50D2").id == "50D2"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("第50条D款说的是什么", Reference(50, "50D")),
        ("规则里第五十条讲了什么", Reference(50)),
        ("what does law 50D2 say", Reference(50, "50D2")),
        ("参阅第16条A款的规定", Reference(16, "16A")),
        ("第43条A款1(a)是什么", Reference(43, "43A1a")),
        ("第５０條呢", Reference(50)),
        ("law 999 and law 12", Reference(12)),
        ("一手有14张牌怎么办", None),
        ("3NT加倍宕一墩", None),
        ("第一次叫牌", None),
        ("lawyer 5", None),
        ("Law 16(B) — what does it cover?", Reference(16, "16B")),
        ("请问第五十条D款第二项说什么", Reference(50, "50D2")),
        ("what does law 50-D-2-a say", Reference(50, "50D2a")),
        ("see Law 50. A defender dropped a card", Reference(50)),
        ("I went 4H-1, is law 12 about that?", Reference(12)),
    ],
)
def test_find_reference_in_a_sentence(text, expected):
    assert find_reference(text) == expected
