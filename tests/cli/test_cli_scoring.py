"""`bridgebot score|imp|mp|board|adjusted`: the same answers as the chat, JSON for scripts, one-line errors."""

import json

import pytest
from click.testing import CliRunner

from bot.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize(
    "args, expected",
    [
        (["score", "4S+1", "--vul"], "4♠+1 有局: 庄家方 +650  (墩分 120 + 超墩 30 + 成局奖分 500)\n第77条 记分表\n"),
        (["score", "4S+1", "--nv", "--lang", "en"],
         "4♠+1 non-vul: declarer +450  (trick score 120 + overtricks 30 + game bonus 300)\nLaw 77\n"),
        (["score", "3NTx-2", "N", "--board", "7"],
         "第7副: 南发牌, 双方有局\n3NTx-2 庄家北 有局: 东西 +500, 即南北 -500  (宕2墩 加倍: 200 + 300)\n第77条 记分表\n"),
        (["imp", "620", "-100"], "620 对 -100: 分差 720 → +12 IMP\n第78条B款: 分差 600–740 → 12 IMP\n"),
        (["imp", "--", "-100"], "分差 -100 → -3 IMP\n第78条B款: 分差 90–120 → 3 IMP\n"),
        (["imp", "-520"], "分差 -520 → -11 IMP\n第78条B款: 分差 500–590 → 11 IMP\n"),
        (["mp", "420", "450", "-50"],
         "比赛分 (第78条A款: 每胜一个成绩得2分, 相同得1分; 3个成绩, 顶分 4)\n  成绩  比赛分  百分比\n"
         "   450       4  100.0%\n   420       2   50.0%\n   -50       0    0.0%\n"),
        (["board", "7"], "第7副: 南发牌, 双方有局 (第2条)\n"),
        (["adjusted", "plus", "--top", "12"],
         "平均正分: 双人赛至少60%, 队式赛 +3 IMP; 顶分 12 时为 7.2 比赛分\n"
         "第12条C款1项规定百分比; 队式赛 ±3 IMP 是通行惯例 (第12条C款1项未给出IMP数值)。\n"),
    ],
)
def test_human_output(args, expected):
    result = run(*args)
    assert (result.exit_code, result.stdout) == (0, expected)


@pytest.mark.parametrize(
    "args, expected",
    [
        (["score", "--json", "4SX-3", "--nv"],
         {"contract": "4♠x-3", "level": 4, "strain": "S", "doubled": 1, "tricks": 7, "result": -3,
          "declarer": None, "board": None, "vulnerability": "unknown", "declarer_vulnerable": False,
          "assumed_made": False,
          "scores": {"nonvul": {"score": -500, "trick_points": 0, "overtricks": 0, "game_or_partscore": 0,
                                "slam": 0, "insult": 0, "undertricks": 500}}}),
        (["imp", "--json", "620", "-100"], {"scores": [620, -100], "difference": 720, "imps": 12}),
        (["imp", "--json", "520"], {"scores": None, "difference": 520, "imps": 11}),
        (["imp", "--json", "4S+1", "vs", "4S-1", "vul"],
         {"tables": ["4♠+1", "4♠-1"],
          "comparisons": [{"vulnerable": True, "scores": [650, -100], "difference": 750, "imps": 13}]}),
        (["mp", "--json", "420", "450", "420", "-50"],
         {"scores": [420, 450, 420, -50], "method": "mp", "top": 6, "matchpoints": [3, 6, 3, 0],
          "percent": [50, 100, 50, 0]}),
        (["mp", "--json", "--butler", "420", "450", "420", "-50"],
         {"scores": [420, 450, 420, -50], "method": "butler", "datum": 310, "imps": [3, 4, 3, -8]}),
        (["mp", "--json", "--cross", "420", "450", "420", "-50"],
         {"scores": [420, 450, 420, -50], "method": "cross", "imps": [9, 13, 9, -31]}),
        (["vp", "--json", "30", "21", "8", "boards"], {"imps": [30, 21], "boards": 8, "vps": [13.45, 6.55]}),
        (["board", "--json", "23"], {"board": 23, "dealer": "S", "vulnerability": "Both"}),
        (["board", "--json", "1"], {"board": 1, "dealer": "N", "vulnerability": None}),
        (["adjusted", "--json", "minus"], [{"kind": "minus", "percent": 40, "imps": -3, "matchpoints": None}]),
    ],
)
def test_json_output(args, expected):
    result = run(*args)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == expected


@pytest.mark.parametrize(
    "args, message",
    [
        (["score", "8S="], "定约阶数必须是 1 到 7, 不是 8"),
        (["score", "4S+4"], "4S 最多超 3 墩"),
        (["score", "0NT"], "定约阶数必须是 1 到 7, 不是 0"),
        (["score", "4Q="], "不认识的花色 Q"),
        (["score", "3NT-14"], "3NT 最多宕 9 墩"),
        (["score"], "请写出定约和结果"),
        (["score", "--json", ""], "请写出定约和结果"),
        (["imp", "abc"], "看不懂 “abc”"),
        (["imp"], "请写出要算的内容"),
        (["board", "0"], "不是 0"),
        (["board", "-3"], "不是 -3"),
        (["board", "--json", "-3"], "不是 -3"),
        (["mp", "420"], "至少要两个成绩"),
        (["mp", "--json", "420"], "至少要两个成绩"),
        (["score", "4S=" + "x" * 10000], "输入太长"),
        (["score", "8S=", "--lang", "en"], "The contract level must be 1 to 7, not 8"),
    ],
)
def test_bad_input_is_one_line_with_an_example_and_no_traceback(args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "例如" in lines[0] or "e.g." in lines[0]
