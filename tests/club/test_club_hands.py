"""Hand records (/hands with a dealing program's PBN file), their double-dummy analysis checked
against endplay, and the PBN 2.1 export parsed back with endplay's own PBN parser."""

import re
import sys

import pytest

from bot.club.hands import deal_from, normalize_deal
from bot.club.pbn import MANDATORY, local_date
from club_helpers import Chat, fits_phone

# Three deals as a dealing program writes them.
DEALS = {
    1: "N:642.AKT43.J74.Q7 AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT93",
    2: "N:AK2.K9.AQJ974.A9 53.QT32.K865.T76 QJ94.AJ764.2.Q42 T876.85.T3.KJ853",
    3: "N:932.J4.Q862.AT76 AJT76.Q965.T.K54 K.AK732.743.J983 Q854.T8.AKJ95.Q2",
}
# North holds all thirteen spades.  In spades North takes all 13 tricks whoever leads (every lead
# is ruffed, then the spades are cashed), and so does South with North as dummy: 7♠ for both,
# by hand.  In no trump East can never be stopped from cashing hearts first: North-South's
# levels there come from endplay.
ALL_SPADES = "N:AKQJT98765432... .AKQJT98.AKQ.AKQ .765432.JT98.JT9 ..765432.8765432"


def pbn_file(deals: dict[int, str], first: str = "N") -> bytes:
    """A dealing program's file: each game's Board, Dealer and Deal (written from ``first``)."""
    games = [f'[Event "hands"]\n[Board "{b}"]\n[Dealer "N"]\n[Deal "{deal_from(normalize_deal(d), first)}"]\n'
             for b, d in deals.items()]
    return "\n".join(games).encode()


@pytest.fixture
def club(store):
    chat = Chat(store, chat_id=-7)
    chat.text("/session new pairs howell 周二 4副")
    return chat


def endplay_levels(deal: str) -> dict[str, list[str]]:
    """The makeable level of each declarer in NT ♠ ♥ ♦ ♣, straight from endplay's solver."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(deal))
    order = (Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs)
    return {seat: [str(table[denom, Player.find(seat)] - 6) if table[denom, Player.find(seat)] >= 7 else "-"
                   for denom in order] for seat in "NSEW"}


def shown_levels(text: str) -> dict[str, list[str]]:
    """The makeable levels a traveller shows, by declarer."""
    seats = {"北": "N", "南": "S", "东": "E", "西": "W"}
    return {seats[line[0]]: line[1:].split() for line in text.splitlines() if line[:1] in seats
            and "♠" not in line and len(line[1:].split()) == 5}


def test_hands_show_on_the_traveller_with_endplays_double_dummy_figures(club):
    reply = club.text("/hands", attachment=pbn_file({**DEALS, 4: ALL_SPADES}, first="E"))
    assert reply == "已导入 4 副牌例 (牌号 1, 2, 3, 4)。/traveller 1 可以看牌和结果。"
    for board, deal in DEALS.items():
        club.text(f"/r {board} 1-2 pass")
        text = club.text(f"/traveller {board}")
        hands = dict(zip("NESW", deal[2:].split()))
        assert f"北 ♠{hands['N'].split('.')[0]} ♥{hands['N'].split('.')[1]}" in text
        assert shown_levels(text) == endplay_levels(deal)
        assert fits_phone(text) == []
    club.text("/r 4 1-2 pass")
    text = club.text("/traveller 4")
    assert "北 ♠AKQJT98765432 ♥- ♦- ♣-" in text
    levels = shown_levels(text)
    assert levels["N"][1] == levels["S"][1] == "7"
    assert levels == endplay_levels(ALL_SPADES)


def test_the_par_agrees_with_endplay(club):
    from endplay.dds import par
    from endplay.types import Deal, Player, Vul

    club.text("/hands", attachment=pbn_file(DEALS))
    # Board 1: none vul, dealer N; board 2: NS vul, dealer E; board 3: EW vul, dealer S (Law 2).
    for board, vul, dealer in ((1, Vul.none, Player.north), (2, Vul.ns, Player.east), (3, Vul.ew, Player.south)):
        club.text(f"/r {board} 1-2 pass")
        score = par(Deal(DEALS[board]), vul, dealer).score
        side = "南北" if score >= 0 else "东西"
        assert f", {side} +{abs(score)}" in club.text(f"/traveller {board}").splitlines()[-1]


def test_without_the_hands_extra_the_hand_still_shows_and_the_reply_says_how(club, monkeypatch):
    monkeypatch.setitem(sys.modules, "endplay.dds", None)   # as if endplay were not installed
    reply = club.text("/hands", attachment=pbn_file(DEALS))
    assert reply.endswith("双明手分析 (可做定约和最优定约) 需要另外安装: pip install 'bridgebot[hands]'")
    text = club.text("/traveller 2")
    assert text.startswith("第 2 副还没有成绩。")
    assert "北 ♠AK2 ♥K9 ♦AQJ974 ♣A9" in text
    assert text.endswith("双明手分析需要: pip install 'bridgebot[hands]'")
    assert club.text("/traveller 2", lang="en").endswith("Double-dummy analysis: pip install 'bridgebot[hands]'")
    monkeypatch.delitem(sys.modules, "endplay.dds")            # the extra installed afterwards
    assert shown_levels(club.text("/traveller 2")) == endplay_levels(DEALS[2])


@pytest.mark.parametrize("deal, problem", [
    ("N:642.AKT43.J74.Q7 AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT9", "has 12 cards, not 13"),
    ("N:642.AKT43.J74.Q7 AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT99", "is dealt twice"),
    ("N:642.AKT43.J74.Q7 AKT53.QJ976..A42 Q7.82.AQ853.K865", "not four hands"),
    ("N:642.AKT43.J74.Q1 AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT93", "not A K Q J T 9–2"),
    ("N:642.AKT43.J74Q7 AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT93", "does not have four suits"),
])
def test_a_broken_deal_is_refused_and_changes_nothing(club, deal, problem):
    club.text("/hands", attachment=pbn_file({1: DEALS[1]}))
    before = club.text("/session show")
    data = pbn_file({2: DEALS[2]}) + f'\n[Board "3"]\n[Deal "{deal}"]\n'.encode()
    reply = club.text("/hands", attachment=data)
    assert reply.startswith("第 3 副的 Deal 不对 (") and problem in reply
    assert reply.endswith("没有导入任何牌例。Deal 应是 “N:AKQ2.K4.A73.8652 J8.AQT65.Q4.KJ93 …”, 四手各 13 张。")
    assert club.text("/session show") == before == ("比赛 “周二” (双人赛, 豪厄尔), 进行中; 牌号 1–4。\n"
                                                    "共 0 个成绩; 有成绩的牌: 还没有。\n牌例: 1 副。")


def test_hands_beyond_the_session_are_left_out_and_other_files_refused(club):
    reply = club.text("/hands", attachment=pbn_file({**DEALS, 9: DEALS[1]}), lang="en")
    assert reply == ("Imported 3 hand record(s) (boards 1, 2, 3). /traveller 1 shows the hand with the results. "
                     "This session has boards 1–4; 1 board(s) of the file were left out.")
    assert club.text("/hands", attachment=b"board,ns\n1,2\n").startswith("文件里没有本场 (牌号 1–4) 的牌例")
    assert club.text("/hands").startswith("请把发牌程序的 PBN 文件和 /hands 一起发送")


# ----- PBN export -------------------------------------------------------------------------------

RESULTS = ["/r 1 1-2 4S= N", "/r 1 3-4 4S+1 N", "/r 1 5-6 A+ A-", "/r 2 1-3 3NT= S"]


def games(text: str) -> list[str]:
    return [game for game in text.split("\r\n\r\n") if "[Event" in game]


def cells(line: str, widths: list[int]) -> list[str]:
    """A ScoreTable row cut by the declared widths (one space between columns)."""
    out, at = [], 0
    for w in widths:
        out.append(line[at:at + w])
        at += w + 1
    return out


def check_score_table(game: str) -> list[list[str]]:
    """Every row's cells fill their declared widths exactly, aligned as declared; returns the rows."""
    lines = game.split("\r\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("[ScoreTable"))
    columns = re.findall(r"(\w+)\\(\d+)([LR])", lines[at])
    widths = [int(w) for _, w, _ in columns]
    table = []
    for line in filter(None, lines[at + 1:]):
        row = cells(line.ljust(sum(widths) + len(widths) - 1), widths)
        for cell, (_, _, align) in zip(row, columns):
            assert (cell == cell.strip().rjust(len(cell))) if align == "R" else (cell == cell.strip().ljust(len(cell)))
        table.append([cell.strip() for cell in row])
    return table


@pytest.fixture
def tuesday(store):
    chat = Chat(store, chat_id=-8)
    chat.text("/session new pairs howell Tuesday 4副")
    return chat


def test_pbn_export_has_every_mandatory_tag_and_padded_score_tables(tuesday):
    club = tuesday
    club.text("/hands", attachment=pbn_file(DEALS))
    club.text("/pair 1 Smith Jones")
    for line in RESULTS:
        club.text(line)
    name, data = club.send("/export pbn").document
    text = data.decode("latin-1")   # ASCII names and event: plain ISO 8859-1, as the standard asks
    assert name == "session-1.pbn" and "% Encoding" not in text
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    found = games(text)
    assert len(found) == 2
    for game in found:
        tags = re.findall(r'^\[(\w+) "', game, re.M)
        assert tags[:15] == list(MANDATORY)
    board_1 = found[0]
    assert '[Deal "N:642.AKT43.J74.Q7 AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT93"]' in board_1
    assert '[Site "?"]' in board_1 and '[West ""]' in board_1 and '[Contract ""]' in board_1
    # Board 2 is dealt by East: the Deal starts with the dealer.
    assert '[Deal "E:53.QT32.K865.T76 QJ94.AJ764.2.Q42 T876.85.T3.KJ853 AK2.K9.AQJ974.A9"]' in found[1]
    # Board 1 (none vul): 420 and 450 compared, the A+/A- table set aside; N = 3, top 4.
    # 450: 2 → (2 + 1)·3/2 − 1 = 3.5; 420: 0 → 0.5; A+ 60 % of 4 = 2.4, A- 1.6.
    assert check_score_table(board_1) == [
        ['"1"', '"2"', '"Smith;Jones"', '""', "4S", "N", "10", "420", "-", "0.50", "3.50", "12.50", "87.50"],
        ['"3"', '"4"', '""', '""', "4S", "N", "11", "450", "-", "3.50", "0.50", "87.50", "12.50"],
        ['"5"', '"6"', '""', '""', "A+A-", "-", "-", "-", "-", "2.40", "1.60", "60.00", "40.00"]]
    # Board 2: one table against N = 3: Neuberg gives it the average, (0 + 1)·3/1 − 1 = 2 of 4.
    assert check_score_table(found[1])[0][4:] == ["3NT", "S", "9", "600", "-", "2", "2", "50.00", "50.00"]


def test_pbn_export_reads_back_with_endplays_parser(tuesday):
    from endplay.parsers import pbn

    club = tuesday
    from endplay.types import Vul

    club.text("/hands", attachment=pbn_file(DEALS))
    for line in RESULTS:
        club.text(line)
    boards = pbn.loads(club.send("/export pbn").document[1].decode("latin-1"))
    assert [b.board_num for b in boards] == [1, 2]
    assert [b.vul for b in boards] == [Vul.none, Vul.ns]
    assert boards[0].deal.to_pbn() == DEALS[1]
    assert boards[1].deal.to_pbn() == DEALS[2]   # endplay writes every deal from North
    table = boards[0].info["ScoreTable"]
    assert [column["name"] for column in table["headers"]] == [
        "PairId_NS", "PairId_EW", "Names_NS", "Names_EW", "Contract", "Declarer", "Result", "Score_NS", "Score_EW",
        "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"]
    assert [row[7] for row in table["rows"]] == ["420", "450", "-"]
    assert (boards[0].info["Event"], boards[0].info["Site"], boards[0].info["Scoring"]) == ("Tuesday", "?", "MP;MP1")
    # endplay keeps the tags it has no field for: the rest of the mandatory set is there.
    assert {"Event", "Site", "Date", "West", "North", "East", "South", "Scoring"} <= set(boards[0].info)
    assert boards[0].info["Date"] == local_date(club.store.latest_session(club.chat_id).created_at)


def test_a_session_without_hands_or_with_chinese_names(store):
    from endplay.parsers import pbn

    chat = Chat(store)
    chat.text("/session new pairs 周三 4副")   # a Mitchell
    chat.text("/r 1 1-1 4S= N")
    chat.text("/pair NS1 张三 李四")
    data = chat.send("/export pbn").document[1]
    text = data.decode("utf-8")
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n% Encoding: UTF-8\r\n")
    assert '[Deal "N:- - - -"]' not in text and '[Deal "?"]' in text
    # One table only: no matchpoints, "-" in the MP and percentage columns.
    assert check_score_table(games(text)[0]) == [
        ['"1"', '"1"', '"张三;李四"', '""', "4S", "N", "10", "420", "-", "-", "-", "-", "-"]]
    assert pbn.loads(text.replace('[Deal "?"]', '[Deal ""]'))[0].info["Event"] == "周三"


def test_teams_pbn_has_rooms_team_names_and_imps(store):
    chat = Chat(store)
    chat.text("/session new teams Lions vs Tigers 8副")
    chat.text("/r 2 open 3NT= S")     # NS vul: 600
    chat.text("/r 2 closed 3NT-1 S")  # −100: 700 → 12 IMPs to Lions
    text = chat.send("/export pbn").document[1].decode("latin-1")
    assert "Room\\6L;Team_NS\\8L;Team_EW\\8L;" in text and ";IMP_NS\\2R;IMP_EW\\2R" in text
    assert check_score_table(games(text)[0]) == [
        ["Open", '"Lions"', '"Tigers"', "3NT", "S", "9", "600", "-", "12", "-"],
        ["Closed", '"Tigers"', '"Lions"', "3NT", "S", "8", "-", "100", "-", "12"]]
    assert '[Scoring "IMP"]' in text


@pytest.mark.parametrize("zone, date", [("Asia/Shanghai", "2026.12.01"), ("Europe/London", "2026.11.30"),
                                        ("", "2026.12.01"), ("Mars/Olympus", "2026.12.01")])
def test_the_pbn_date_is_the_local_date(monkeypatch, zone, date):
    monkeypatch.setenv("BRIDGEBOT_TZ", zone)
    assert local_date("2026-11-30T17:30:00+00:00") == date


def test_more_boards_than_dds_takes_in_one_call_are_analysed_in_batches():
    # 41 boards raised DDSError "Too many DD tables requested" (the user saw "Something went wrong")
    pytest.importorskip("endplay")
    from bot.club.hands import DDS_TABLES_PER_CALL, analyse

    deals = {b: normalize_deal(DEALS[b % 3 + 1]) for b in range(1, DDS_TABLES_PER_CALL + 2)}
    analysis = analyse(deals)
    assert sorted(analysis) == sorted(deals)
    last = max(deals)
    assert analysis[last] == analyse({last: deals[last]})[last]


def test_another_groups_result_is_recorded_while_a_hands_file_is_being_analysed(store, monkeypatch):
    """The analysis runs outside the store's lock: group B's /r is answered while group A's deals are
    still being solved (a stand-in solver that waits to be released; before, B waited for A)."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from bot.club import hands

    a, b = Chat(store, chat_id=-1), Chat(store, chat_id=-2)
    a.text("/session new pairs howell 甲 4副")
    b.text("/session new pairs howell 乙 4副")
    solving, release = threading.Event(), threading.Event()

    def slow_analyse(deals):
        if deals:
            solving.set()
            assert release.wait(30)
        return {board: '{"tricks": {}, "par": 0, "contracts": []}' for board in deals}

    monkeypatch.setattr(hands, "analyse", slow_analyse)
    with ThreadPoolExecutor(2) as pool:
        upload = pool.submit(a.send, "/hands", pbn_file(DEALS))
        assert solving.wait(30)
        other = pool.submit(b.text, "/r 1 1-2 4S= N")
        try:
            recorded = other.result(timeout=30)
            still_solving = not upload.done()
        finally:
            release.set()
        assert still_solving and recorded.startswith("已记录")
        assert upload.result(timeout=30).text.startswith("已导入 3 副牌例")
    assert sorted(store.hands(store.open_session(-1).id)) == [1, 2, 3]
