"""Issue 32: bidi controls refused in every name, ZWJ emoji sequences allowed; one digit helper."""

from __future__ import annotations

import pytest

from bot.base.inputs import ascii_number, name_problem, odd_digits, plain_digits
from bot.club import ClubStore, handle_command

FAMILY = "👨\u200d👩\u200d👧\u200d👦"
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e",
        "\u200f", "\u061c"]


@pytest.fixture
def store():
    s = ClubStore(":memory:")
    yield s
    s.close()


def _say(store, command, args, chat="c", lang="zh"):
    return handle_command(command, args, chat, 1, True, lang, store=store).text


@pytest.mark.parametrize("mark", BIDI)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_session_name_with_a_direction_control_is_refused(store, mark, lang):
    text = _say(store, "session", f"new pairs 周三{mark}双人赛", lang=lang)
    assert ("改变文字方向" if lang == "zh" else "direction") in text
    assert "/session new pairs" in text
    assert "改变文字方向" not in _say(store, "session", "new pairs 周三双人赛", lang=lang)  # the plain name is taken


def test_a_team_name_with_a_right_to_left_override_is_refused(store):
    assert "改变文字方向" in _say(store, "session", "new teams 狮子\u202e vs 老虎")
    _say(store, "session", "new teams 狮子 vs 老虎")
    assert "改变文字方向" in _say(store, "team", "狮子 张三 李\u2067四")


def test_a_pair_name_refuses_bidi_and_takes_a_zwj_family(store):
    _say(store, "session", "new pairs")
    assert "改变文字方向" in _say(store, "pair", "NS3 张三\u202e 李四")
    assert "direction" in _say(store, "pair", "NS3 Smith\u200f Jones", lang="en")
    assert FAMILY in _say(store, "pair", f"NS3 {FAMILY} 李四")


def test_one_digit_helper():
    assert plain_digits("120") and not plain_digits("²") and not plain_digits("٣") and not plain_digits("")
    assert ascii_number("²", 0, 99) is None and ascii_number("１２", 0, 99) == 12
    assert odd_digits("1²٣") == ["²", "٣"]
    assert name_problem(FAMILY) is None and name_problem("a\u202eb") == "bidi" and name_problem("a\x07") == "control"
