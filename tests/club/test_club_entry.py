"""The forms people type a result in: each is recorded as the same canonical result."""

import pytest

from club_helpers import Chat

# Board 5: North-South vulnerable (Law 2).  4S+1 vul = 120 + 500 + 30 = 650; 3NTX-2 vul = 500.
PAIRS_FORMS = [
    ("/r 5 NS1-EW3 4S+1 N", "5号牌 1-3 4S+1 N: 南北 +650"),
    ("/r 5 1-3 4S+1 N", "5号牌 1-3 4S+1 N: 南北 +650"),
    ("/r 5 1 - 3 4S+1 N", "5号牌 1-3 4S+1 N: 南北 +650"),
    ("/r 5 1 -3 4S+1 N", "5号牌 1-3 4S+1 N: 南北 +650"),
    ("/r 5 NS1 EW3 4S+1 N", "5号牌 1-3 4S+1 N: 南北 +650"),
    ("/r #5 1–3 4♠+1 北", "5号牌 1-3 4S+1 N: 南北 +650"),
    ("/r 5号 1-3 4s+1 n", "5号牌 1-3 4S+1 N: 南北 +650"),
    ("/r ５ １－３ ４Ｓ＋１ Ｎ", "5号牌 1-3 4S+1 N: 南北 +650"),
    ("/r 5 1-3 4黑桃超1 南", "5号牌 1-3 4S+1 S: 南北 +650"),
    ("/r 5 张王-李赵 4红心超1 北", "5号牌 张王-李赵 4H+1 N: 南北 +650"),
    ("/r 5 張王-李趙 4H+1 N", "5号牌 张王-李赵 4H+1 N: 南北 +650"),
    ("/r 5 a-b 4H+1 N", "5号牌 A-B 4H+1 N: 南北 +650"),
    ("/r 5 1-3 3NTx-2 S", "5号牌 1-3 3NTX-2 S: 东西 +500"),
    ("/r 5 1-3 3无将加倍宕2 南", "5号牌 1-3 3NTX-2 S: 东西 +500"),
    ("/r 5 1-3 2HXX= E", "5号牌 1-3 2HXX= E: 东西 +640"),   # EW not vul: 240 + 300 + 100 = 640
    ("/r 5 1-3 pass", "5号牌 1-3 PASS: 0"),
    ("/r 5 1-3 p", "5号牌 1-3 PASS: 0"),
    ("/r 5 1-3 派司", "5号牌 1-3 PASS: 0"),
]


@pytest.mark.parametrize("line, recorded", PAIRS_FORMS)
def test_pairs_result_forms(store, line, recorded):
    chat = Chat(store)
    chat.text("/session new pairs")
    assert chat.text(line) == f"已记录: {recorded} (第 5 副共 1 个成绩)"


@pytest.mark.parametrize("line, recorded", [
    ("/r 5 open 4S+1 N", "5号牌 开室 4S+1 N: 南北 +650"),
    ("/r 5 开室 4S+1 N", "5号牌 开室 4S+1 N: 南北 +650"),
    ("/r 5 開室 4S+1 N", "5号牌 开室 4S+1 N: 南北 +650"),
    ("/r 5 o 4S+1 N", "5号牌 开室 4S+1 N: 南北 +650"),
    ("/r 5 closed 3NT= S", "5号牌 闭室 3NT= S: 南北 +600"),
    ("/r 5 闭室 3NT= S", "5号牌 闭室 3NT= S: 南北 +600"),
    ("/r 5 c 3NT= S", "5号牌 闭室 3NT= S: 南北 +600"),
    ("/r 5 closed pass", "5号牌 闭室 PASS: 0"),
])
def test_teams_result_forms(store, line, recorded):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎")
    assert chat.text(line) == f"已记录: {recorded} (第 5 副共 1 个成绩)"


def test_english_echo(store):
    chat = Chat(store, lang="en")
    chat.text("/session new teams Lions vs Tigers")
    assert chat.text("/r 5 closed 3NT-2 S") == "Recorded: board 5 closed 3NT-2 S: EW +200 (1 result(s) on board 5)"
