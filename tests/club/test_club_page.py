"""The HTML results page read as text (no browser): one file, its figures equal to the text
replies' for the hand-computed 5-table Mitchell, names escaped, teams with IMPs and VPs."""

import re
from html.parser import HTMLParser

import pytest

from bot.club.html_page import results_page
from bot.club.reports import pairs_report
from club_five_tables import DEALS, EXPECTED, five_tables
from club_helpers import Chat


class _Page(HTMLParser):
    """The page's visible text (cells joined by spaces) and every URL it would fetch."""

    def __init__(self):
        super().__init__()
        self.text, self.fetches, self._skip = [], [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("style", "title"):
            self._skip += 1
        for key in ("src", "href"):
            if attrs.get(key) and not attrs[key].startswith("#"):
                self.fetches.append(attrs[key])
        if tag == "script":
            self.fetches.append("<script>")

    def handle_endtag(self, tag):
        if tag in ("style", "title"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.text.append(data.strip())


def parsed(page: str) -> _Page:
    reader = _Page()
    reader.feed(page)
    return reader


def session_page(store, lang="zh", hands=True):
    chat = five_tables(store, hands=hands)
    session = store.latest_session(chat.chat_id)
    return chat, session, results_page(session, store.results(session.id), lang, store.names(session.id),
                                       store.hands(session.id))


def test_the_page_is_one_file_with_nothing_to_fetch(store):
    _, session, page = session_page(store)
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert 'name="viewport"' in page and "@media print" in page
    assert parsed(page).fetches == []
    assert "url(" not in page and "@import" not in page


def test_standings_on_the_page_are_the_hand_computed_ones(store):
    chat, session, page = session_page(store)
    # Each standings row of the page as its cells; the names sit under the pair in the same row.
    ranking_rows = re.findall(r"<tr><td class=n>(\d+=?)</td><td><b>(\w+)</b>(?:<span class=\"names\">[^<]*"
                              r"(?:&lt;[^<]*)*</span>)?</td><td class=n>([\d.]+)</td><td class=n>(\d+)</td>"
                              r"<td class=n>([\d.]+)</td><td class=n>(\d)</td></tr>", page)
    got = [(pair, mp, top, pct) for _, pair, mp, top, pct, _ in ranking_rows]
    assert got == EXPECTED["NS"] + EXPECTED["EW"]
    # …and the same as the text reply's tables.
    text = chat.text("/standings")
    for block, direction in zip(text.split("\n\n"), ("NS", "EW")):
        cells = [line.split() for line in block.splitlines()[2:]]  # a name line under a pair has 1–2 cells
        assert [tuple(c[1:5]) for c in cells if len(c) == 6] == EXPECTED[direction]


def test_every_board_has_its_traveller_hands_and_par(store):
    chat, session, page = session_page(store)
    text = " ".join(parsed(page).text)
    for board in DEALS:
        assert f'id="b{board}"' in page
        assert f"第{board}副" in text
        # The par line is the text traveller's own.
        par = next(line for line in chat.text(f"/traveller {board}").splitlines() if line.startswith("最优定约"))
        assert par in text
    north, west, east, south = DEALS[3][2:].split()  # PBN order from North: N E S W
    north_spades = north.split(".")[0]
    assert f'<div class="hand seat-n"><b>北</b><div><span class="s">♠</span> {north_spades}</div>' in page
    # Board 3: not played at table 3, four scores factored by Neuberg; board 4: A+/A- at table 3.
    assert "Neuberg 折算: 只有 4 个成绩可比, 按 5 桌折算。" in text
    assert "未打 (NP)" in text and "调整分 A+/A-" in text
    assert "<td class=n>7.75</td><td class=n>0.25</td>" in page  # NS4 v EW1 on board 3


def test_names_are_text_never_html(store):
    _, _, page = session_page(store)
    assert "<b>王五</b>" not in page
    assert "&lt;b&gt;王五&lt;/b&gt; 赵六" in page
    assert "Smith &amp; Jones" in page


def test_english_labels_follow_the_language(store):
    _, session, _ = session_page(store)
    page = results_page(session, store.results(session.id), "en", store.names(session.id), store.hands(session.id))
    text = " ".join(parsed(page).text)
    assert "Standings" in text and "Board 3 · dealer S · EW vul" in text and "Double dummy, makeable" in text
    assert "成绩排名" not in text and 'lang="en"' in page


def test_a_session_without_hand_records_has_no_hand_block(store):
    _, _, page = session_page(store, hands=False)
    assert 'class="deal"' not in page and "双明手" not in page
    assert page.count('<article class="board"') == 5


def test_the_given_report_is_used_and_equals_a_fresh_one(store):
    _, session, page = session_page(store)
    results = store.results(session.id)
    report = pairs_report(results, mitchell=True)
    again = results_page(session, results, "zh", store.names(session.id), store.hands(session.id), report)
    assert again == page


@pytest.fixture
def match(store):
    chat = Chat(store, chat_id=-66, lang="en")
    chat.text("/session new teams Lions vs Tigers 4boards")
    for line in ("1 open 4S= N", "1 closed 4S-1 N", "2 open 3NT= S", "2 closed 3NT= S", "3 open A+ A-", "4 open 2H= E"):
        assert chat.text(f"/r {line}").startswith("Recorded"), line
    chat.text("/team Lions Smith Jones <i>Brown</i> Lee")
    return chat


def test_a_teams_page_has_the_match_in_imps_and_vps(store, match):
    session = store.latest_session(match.chat_id)
    page = results_page(session, store.results(session.id), "en", store.names(session.id))
    text = " ".join(parsed(page).text)
    reply = match.text("/standings")
    vp = next(line for line in reply.splitlines() if line.startswith("VP"))
    assert "VP " + " ".join(vp.split()[1:]) in text
    total = next(line for line in reply.splitlines() if line.startswith("Total")).split()
    assert f"Total {total[1]} {total[2]}" in text
    assert "Lions +10 IMPs" in text  # board 1: 420 + 50 = 470 → 10 IMPs
    assert "Not counted yet (one room only): 4" in text
    assert "Adjusted: Lions +3, Tigers -3 IMPs" in text
    assert "&lt;i&gt;Brown&lt;/i&gt;" in page and "<i>Brown" not in page


def test_a_howell_page_has_one_field_and_a_pass_scores_0_to_both(store):
    chat = Chat(store, chat_id=-68)
    chat.text("/session new pairs howell 周四 2副")
    for line in ("1 1-2 4S= N", "1 3-4 pass", "2 1-3 3NT= S", "2 2-4 3NT-1 S"):
        assert chat.text(f"/r {line}").startswith("已记录"), line
    chat.text("/pair 1 张三 李四")
    session = store.latest_session(chat.chat_id)
    page = results_page(session, store.results(session.id), "zh", store.names(session.id))
    assert page.count('<div class="ranking">') == 1 and "<h3>南北</h3>" not in page
    assert "豪厄尔" in page and '<span class="names">张三 李四</span>' in page
    assert "<td>不叫</td><td>-</td><td>-</td><td class=n>0</td><td class=n>0</td>" in page
