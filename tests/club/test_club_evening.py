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
