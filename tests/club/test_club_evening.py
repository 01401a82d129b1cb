"""What a club scorer ran into on an evening (issue 29): passed-out boards in every usual form,
a result without a declarer, ``/session new`` with tables and rounds, teams totals, A+, CSV round
trips — each through ``/r`` and the other commands as the scorer typed them."""

import pytest

from club_helpers import Chat, flat, rows

PASSED_OUT = ["pass", "passed out", "pass out", "all pass", "四家不叫", "PO", "po", "Passed Out", "全不叫"]


@pytest.mark.parametrize("words", PASSED_OUT)
def test_a_passed_out_board_in_every_usual_form(store, words):
    chat = Chat(store)
    chat.text("/session new pairs")
    assert chat.text(f"/r 3 4-7 {words}") == "已记录: 3号牌 4-7 PASS: 0 (第 3 副共 1 个成绩)"


@pytest.mark.parametrize("words", PASSED_OUT)
def test_a_passed_out_board_in_a_csv_row(store, words):
    chat = Chat(store)
    chat.text("/session new pairs")
    data = f"board,ns,ew,contract,declarer\r\n3,4,7,{words},\r\n".encode()
    assert chat.text("/import", attachment=data).startswith("已导入 1 个成绩")
    assert "PASS" in chat.text("/traveller 3")


@pytest.mark.parametrize("line, asked", [
    ("/r 8 1-2 4S-1 东西", "请写出庄家 N/E/S/W (或 北/东/南/西); 南北、东西只是一方, 不是庄家。"),
    ("/r 8 1-2 4S-1 NS", "请写出庄家 N/E/S/W (或 北/东/南/西); 南北、东西只是一方, 不是庄家。"),
    ("/r 8 1-2 4S-1 有局", "请写出庄家 N/E/S/W (或 北/东/南/西)。"),
    ("/r 8 1-2 4S-1 7号牌", "请写出庄家 N/E/S/W (或 北/东/南/西)。"),
    ("/r 8 1-2 4S-1", "请写出庄家 N/E/S/W (或 北/东/南/西)。"),
])
def test_a_result_without_a_declarer_always_asks_for_the_declarer(store, line, asked):
    chat = Chat(store)
    chat.text("/session new pairs")
    assert chat.text(line).startswith(asked)
    assert chat.text(line, lang="en").startswith("Add the declarer: N, E, S or W")


def test_session_new_takes_tables_and_boards_a_round_and_shows_the_mitchell(store):
    chat = Chat(store)
    text = chat.text("/session new pairs mitchell 7桌 每轮3副 周三双人赛 21副")
    assert text.startswith("已开始 “周三双人赛” (牌号 1–21)。")
    assert "没有用到" not in text
    assert "米切尔移位: 7 桌, 14 对, 7 轮, 每轮 3 副, 共 21 副牌。" in text
    # Round 2: EW pairs have moved up a table, the boards down one (table 7 has boards 1–3).
    assert "第2轮\n桌  南北-东西  牌号\n1   1-7        4–6\n2   2-1        7–9\n" in text
    assert "7   7-6        1–3\n第3轮" in text
    assert "米切尔移位" in chat.text("/session show")


@pytest.mark.parametrize("line, name, boards", [
    ("/session new pairs mitchell 7 tables 3 boards a round Wed pairs", "Wed pairs", 21),
    ("/session new pairs 7桌 21副", "双人赛", 21),
    ("/session new pairs howell 4桌 每轮2副", "双人赛", 14),
    ("/session new pairs 周三 8副", "周三", 8),
])
def test_session_new_in_both_languages(store, line, name, boards):
    assert Chat(store).text(line).startswith(f"已开始 “{name}” (牌号 1–{boards})")


def test_words_it_did_not_use_are_named_not_folded_into_the_name(store):
    text = Chat(store).text("/session new pairs 周三 5轮 8副")
    assert text.startswith("已开始 “周三” (牌号 1–8)")
    assert "没有用到: 5轮" in text
    en = Chat(store, chat_id=5).text("/session new pairs Wed 5 rounds", lang="en")
    assert en.startswith("Started “Wed” (boards 1–36)") and "\nNot used: 5 rounds (tables as 7 tables" in en


@pytest.mark.parametrize("line, error", [
    ("/session new pairs 7桌 22副", "请写出每轮几副 (7 桌打 7 轮, 共 7 组牌)。例如 /session new pairs mitchell 7桌 每轮3副 21副"),
    ("/session new pairs 7桌 每轮3副 30副", "每轮 3 副就是 21 副, 不是 30 副"),
    ("/session new pairs 1桌 每轮3副", "桌数要在 2 到 30 之间"),
    ("/session new pairs howell 16桌 每轮1副", "桌数要在 2 到 15 之间"),
])
def test_tables_and_boards_that_do_not_fit_are_refused_with_a_form_that_does(store, line, error):
    assert error in Chat(store).text(line)


def _check_howell(text, tables):
    """Read the printed Howell back: every pair meets every other once and plays each set once."""
    met, sets = set(), {}
    for line in text.splitlines():
        cells = line.split()
        if len(cells) == 3 and cells[0].isdigit() and "-" in cells[1]:
            a, b = cells[1].split("-")
            met.add(frozenset((a, b)))
            for pair in (a, b):
                sets.setdefault(pair, []).append(cells[2])
    assert len(met) == tables * (2 * tables - 1)
    assert all(len(set(s)) == len(s) == 2 * tables - 1 for s in sets.values())


@pytest.mark.parametrize("tables", [2, 3, 4, 5, 6, 7, 8])
def test_the_howell_printed_is_a_complete_howell(store, tables):
    text = Chat(store).text(f"/session new pairs howell {tables}桌 每轮2副")
    _check_howell(text, tables)
    assert ("共用" in text) == (tables < 4)


def test_the_movement_schedules_never_repeat_a_meeting_or_a_set():
    from bot.club import movements
    for tables in range(2, 16):
        schedule, shared = movements.howell(tables, movements.howell_rounds(tables))
        if not shared:
            assert all(len({t.board_set for t in row}) == tables for row in schedule)
        rounds = movements.mitchell_rounds(tables)
        mitchell = movements.mitchell(tables, rounds)
        for ew in range(1, tables + 1):
            seats = [t for row in mitchell for t in row if t.ew == ew]
            assert len({t.ns for t in seats}) == len({t.board_set for t in seats}) == rounds


def test_teams_totals_and_the_margin_add_up_on_one_line(store):
    chat = Chat(store)
    chat.text("/session new teams 狮子 vs 老虎 8副")
    for line in ("/r 1 open 3NT+1 S", "/r 1 closed 3NT= S", "/r 2 open 4S= N", "/r 2 closed 4S-1 N",
                 "/r 3 open A+ A-"):
        chat.text(line)
    text = flat(chat.text("/standings"))
    # Board 1: 430 − 400 = 30 → 1 IMP; board 2 (NS vul): 620 + 100 = 720 → 12 IMPs (Law 78B); board 3 A+ A-: +3.
    assert "合计130调整+3-3" in text
    assert "狮子领先16IMP(13−0+调整3)" in text
    chat.text("/r 3 open A+ A+")   # each team its own +3: both sums are shown
    assert "狮子领先16IMP(13−0+调整3;老虎:0−13+调整3=-10,各按自己的调整分)" in flat(chat.text("/standings"))


@pytest.fixture
def a_plus_evening(store):
    """Pair 1 wins both played boards (100 %) and gets A+ A- on board 2 against pair 2."""
    chat = Chat(store)
    chat.text("/session new pairs howell")
    for line in ("/r 2 1-2 A+ A-", "/r 1 1-2 4S= N", "/r 1 3-4 3NT= N", "/r 3 1-2 4S= N", "/r 3 3-4 3NT= N"):
        chat.text(line)
    return chat


def test_a_plus_is_the_pairs_own_percentage_when_more_than_60(a_plus_evening):
    text = a_plus_evening.text("/traveller 2")
    # Top 2 MP; pair 1 scored 4 of 4 MP elsewhere (100 %); pair 2 gets A- 40 % = 0.8 MP.
    assert flat("1-2 A+/A-: 南北 2 MP (100.00%), 东西 0.80 MP (40.00%)。") in flat(text)
    assert flat("A+ 取 60% 和该对在本场其他牌上的百分比中较高的 (A- 为 40%)。") in flat(text)
    standings = rows(a_plus_evening.text("/standings"), "名次")
    assert ("1=", "1", "6", "6", "100.00", "3") in standings
    csv_text = a_plus_evening.send("/export").document[1].decode("utf-8-sig")
    assert "2,1,2,A+/A-,,,,2,0.80,," in csv_text          # no score for an adjusted row; MPs as the standings
    pbn_text = a_plus_evening.send("/export pbn").document[1].decode("latin-1")
    assert "100.00" in pbn_text and "40.00" in pbn_text


def test_a_plus_stays_60_for_a_pair_below_it(a_plus_evening):
    a_plus_evening.text("/r 2 1-2 A- A+")   # now pair 2 (0 % elsewhere) has the A+: 60 %
    assert flat("东西 1.20 MP (60.00%)") in flat(a_plus_evening.text("/traveller 2"))


def test_a_board_with_only_adjusted_scores_has_its_real_top(store):
    chat = Chat(store)
    chat.text("/session new pairs mitchell 3桌 每轮2副")
    text = chat.text("/r 1 1-1 A+ A-") and chat.text("/traveller 1")
    assert "满分 4 MP" in text and flat("南北 2.40 MP (60.00%), 东西 1.60 MP (40.00%)") in flat(text)


def test_export_import_export_is_identical_names_included(store):
    chat = Chat(store)
    chat.text("/session new pairs mitchell 周三")
    for line in ("/pair NS1 张三 李四", "/pair EW2 Smith Jones", "/r 1 1-2 4S+1 N", "/r 1 2-1 passed out",
                 "/r 2 1-2 A+ A-", "/r 3 1-2 3NTX-2 S"):
        chat.text(line)
    first = chat.send("/export").document[1]
    chat.text("/session end", admin=True)
    again = Chat(store)
    again.text("/session new pairs mitchell 周三")
    assert again.text("/import", attachment=first) == "已导入 4 个成绩和 2 对的名字到 “周三”。撤销整个导入: /undo"
    assert again.send("/export").document[1] == first


def test_a_pair_named_two_ways_in_one_file_is_refused(store):
    chat = Chat(store)
    chat.text("/session new pairs howell")
    data = "board,ns,ew,contract,declarer,names_ns,names_ew\n1,1,2,4S=,N,张三 李四,\n2,1,2,4S=,N,王五,\n"
    assert chat.text("/import", attachment=data.encode()).startswith("第 3 行有错, 没有导入任何成绩: 第 1 对有两个名字")
