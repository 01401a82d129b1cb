"""What a club scorer ran into on an evening (issue 29): passed-out boards in every usual form,
a result without a declarer, ``/session new`` with tables and rounds, teams totals, A+, CSV round
trips — each through ``/r`` and the other commands as the scorer typed them."""

import pytest

from club_helpers import Chat

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
