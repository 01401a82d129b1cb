"""A 5-table Mitchell of 5 boards with hand records, its standings worked out by hand.

NS pair t stays at table t; on board b it meets EW pair (t + b − 2) mod 5 + 1.  Each board has a
top of 8 (5 tables).  Board 3 is not played at table 3 and board 4 gets A+/A- there, so both are
matchpointed over 4 scores and factored up by Neuberg, (MP + 1) · 5/4 − 1: 6 4 2 0 → 7.75 5.25 2.75
0.25; the A+ is 60 % of 8 = 4.8, the A- 3.2.

Board 1 (none vul)  450 T1 · 430 T4 · 420 T2 = T5 · −50 T3             NS MP 8 3 0 6 3
Board 2 (NS vul)    600 T1 · −100 T2 · −110 T3 · 0 T4 · 630 T5          NS MP 6 2 0 4 8
Board 3 (EW vul)    90 T1 · 110 T2 · NP T3 · 500 T4 · 120 T5            NS MP .25 2.75 – 7.75 5.25
Board 4 (both vul)  −620 T1 · 100 T2 · A+/A- T3 · 200 T4 · −500 T5       NS MP .25 5.25 4.8 7.75 2.75
Board 5 (NS vul)    170 T1 · 620 T2 · 170 T3 · −100 T4 · 650 T5          NS MP 3 6 3 0 8

NS: 1 17.5/40 43.75 · 2 19/40 47.50 · 3 7.8/32 24.38 · 4 25.5/40 63.75 · 5 27/40 67.50
EW (8 − NS's at the table met): 1 5.45/40 13.63 · 2 15/40 37.50 · 3 35/40 87.50 · 4 23/40 57.50 ·
5 16.75/32 52.34."""

from __future__ import annotations

from club_helpers import Chat

TABLES = 5
CONTRACTS = {
    1: ["4S+1 N", "4S= N", "4S-1 N", "3NT+1 S", "4S= N"],
    2: ["3NT= S", "3NT-1 S", "2H= E", "pass", "3NT+1 S"],
    3: ["1NT= N", "2S= N", "NP", "3DX-2 W", "1NT+1 N"],
    4: ["4H= E", "4H-1 E", "A+ A-", "4HX-1 E", "5CX-2 N"],
    5: ["2S+2 N", "4S= N", "3S+1 N", "4S-1 N", "4S+1 N"],
}
DEALS = {
    1: "N:642.AKT43.J74.Q7 AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT93",
    2: "N:AK2.K9.AQJ974.A9 53.QT32.K865.T76 QJ94.AJ764.2.Q42 T876.85.T3.KJ853",
    3: "N:932.J4.Q862.AT76 AJT76.Q965.T.K54 K.AK732.743.J983 Q854.T8.AKJ95.Q2",
    4: "N:AKQJT98765432... .AKQJT98.AKQ.AKQ .765432.JT98.JT9 ..765432.8765432",
    5: "N:AKT53.QJ976..A42 Q7.82.AQ853.K865 J98.5.KT962.JT93 642.AKT43.J74.Q7",
}
# (pair, MP, top, %) best first, as worked out above.
EXPECTED = {
    "NS": [("5", "27", "40", "67.50"), ("4", "25.50", "40", "63.75"), ("2", "19", "40", "47.50"),
           ("1", "17.50", "40", "43.75"), ("3", "7.80", "32", "24.38")],
    "EW": [("3", "35", "40", "87.50"), ("4", "23", "40", "57.50"), ("5", "16.75", "32", "52.34"),
           ("2", "15", "40", "37.50"), ("1", "5.45", "40", "13.63")],
}
NAMES = {("NS", "1"): "张三 李四", ("EW", "3"): "Smith & Jones", ("NS", "5"): "<b>王五</b> 赵六"}


def ew_pair(table: int, board: int) -> int:
    """The EW pair at ``table`` on ``board``."""
    return (table + board - 2) % TABLES + 1


def pbn_file(deals: dict[int, str]) -> bytes:
    """A dealing program's file of the deals (written from North)."""
    return "\n".join(f'[Event "hands"]\n[Board "{b}"]\n[Dealer "N"]\n[Deal "{d}"]\n'
                     for b, d in deals.items()).encode()


def five_tables(store, lang: str = "zh", hands: bool = True) -> Chat:
    """The session recorded through the chat, with names and (by default) the hand records."""
    chat = Chat(store, chat_id=-55, lang=lang)
    assert chat.text("/session new pairs mitchell 周三双人赛 5副").startswith("已开始")
    for board, contracts in CONTRACTS.items():
        for table, contract in enumerate(contracts, start=1):
            reply = chat.text(f"/r {board} {table}-{ew_pair(table, board)} {contract}")
            assert reply.startswith("已记录"), reply
    for (side, label), name in NAMES.items():
        assert chat.text(f"/pair {side}{label} {name}").startswith(f"第 {side}{label} 对")
    if hands:
        assert chat.text("/hands", attachment=pbn_file(DEALS)).startswith("已导入 5 副牌例")
    return chat
