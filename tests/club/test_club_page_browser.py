"""The results page in a real browser: headless Chromium (Debian's package; ``make test`` installs it)
opens the hand-computed 5-table Mitchell at 390 px (a phone) and at 1280 px (a desktop), and the
tests read what a reader sees there.  The screenshots are kept in pytest's temporary folder (the
path is printed: ``pytest -s``)."""

import os

import pytest

from bot.club.html_page import results_page
from browser import Browser, chromium
from club_five_tables import DEALS, EXPECTED, NAMES, five_tables

if chromium() is None:
    if os.environ.get("CI"):
        raise RuntimeError("chromium is missing: `make test` installs it (apt-get install chromium)")
    pytest.skip("chromium is not installed (make test installs it)", allow_module_level=True)

WIDTHS = (390, 1280)


@pytest.fixture(scope="module")
def browser():
    opened = Browser()
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    folder = tmp_path_factory.mktemp("screenshots")
    print(f"\nscreenshots of the results page: {folder}")
    return folder


@pytest.fixture(scope="module")
def page_file(tmp_path_factory):
    from bot.club import ClubStore

    store = ClubStore(":memory:")
    chat = five_tables(store)
    session = store.latest_session(chat.chat_id)
    page = results_page(session, store.results(session.id), "zh", store.names(session.id), store.hands(session.id))
    store.close()
    path = tmp_path_factory.mktemp("page") / "session.html"
    path.write_bytes(page.encode("utf-8"))
    return path


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda w: f"{w}px")
def seen(request, browser, page_file, shots):
    width = request.param
    browser.open(page_file, width, mobile=width < 500)
    view = browser.view()
    shot = browser.screenshot(shots / f"results-{width}px.png")
    return width, view, shot


def test_the_page_fills_the_viewport_and_never_scrolls_sideways(seen):
    width, view, _ = seen
    assert view.width == width
    assert view.scroll_width <= width, f"the page is {view.scroll_width} px wide at {width} px"
    assert view.overflowing == []  # only a table's own box may be wider than the screen


def test_every_pair_percentage_and_board_shows(seen):
    _, view, _ = seen
    rows = [line.strip("\t").split("\t") for line in view.text.splitlines()]
    for direction, ranking in EXPECTED.items():
        for rank, (pair, mp, top, pct) in enumerate(ranking, start=1):
            # A standings row: rank and pair, then MP, top, %, boards (a named pair's names come
            # between, on a line of their own).
            at = next(i for i, row in enumerate(rows) if row[:2] == [str(rank), pair] and (
                row[2:5] == [mp, top, pct] or rows[i + 2][:3] == [mp, top, pct]))
            assert at, (direction, pair)
    for board in DEALS:
        assert f"第{board}副" in view.text
    for name in NAMES.values():
        assert name in view.text  # the escaped names read as typed
    assert view.text.count("最优定约") == len(DEALS)


def test_a_table_outside_its_box_would_be_caught(browser, page_file, tmp_path):
    broken = tmp_path / "broken.html"
    # The compass fixed at 600 px, as a careless style would: the measurement must see it.
    broken.write_text(page_file.read_text(encoding="utf-8").replace(
        "</style>", ".deal{min-width:600px}</style>", 1), encoding="utf-8")
    browser.open(broken, 390, mobile=True)
    view = browser.view()
    assert view.scroll_width > 390 and view.overflowing


def test_screenshots_are_kept_and_as_wide_as_the_viewport(seen):
    from PIL import Image

    width, view, shot = seen
    with Image.open(shot) as image:
        assert image.width == width
        assert image.height >= view.height - 1 > 1000  # the whole page, not just the first screen


def test_print_keeps_each_board_in_one_block(browser, page_file):
    browser.open(page_file, 1280)
    browser.send("Emulation.setEmulatedMedia", session=True, media="print")
    try:
        result = browser.send("Runtime.evaluate", session=True, returnByValue=True, expression=(
            "[getComputedStyle(document.querySelector('nav')).display,"
            " getComputedStyle(document.querySelector('.board')).breakInside]"))
    finally:
        browser.send("Emulation.setEmulatedMedia", session=True, media="")
    assert result["result"]["value"] == ["none", "avoid"]


def test_a_teams_page_fits_a_phone_too(browser, tmp_path):
    from bot.club import ClubStore
    from club_helpers import Chat

    store = ClubStore(":memory:")
    chat = Chat(store, chat_id=-69, lang="en")
    assert chat.text("/session new teams ShanghaiDragonsBridgeClub vs 北京猛虎桥牌俱乐部 3boards").startswith("Started")
    for line in ("1 open 4S= N", "1 closed 4S-1 N", "2 open 6NTX-3 S", "2 closed 3NT+3 S", "3 open A+ A-"):
        assert chat.text(f"/r {line}").startswith("Recorded"), line
    session = store.latest_session(chat.chat_id)
    path = tmp_path / "teams.html"
    path.write_text(results_page(session, store.results(session.id), "en", store.names(session.id)), encoding="utf-8")
    store.close()
    browser.open(path, 390, mobile=True)
    view = browser.view()
    assert view.scroll_width <= 390 and view.overflowing == []
    assert "ShanghaiDragonsBridgeClub +10 IMPs" in view.text and "VP" in view.text
