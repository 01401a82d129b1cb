"""The page and the pictures in the chat: ``/export html|png``, the 「图片」/"Picture" button under
``/standings`` and ``/traveller N``, and the console saving what they send."""

import functools
import io

import pytest
from PIL import Image

from bot.chat.console import ConsoleChat
from bot.club import handle_command, picture
from bot.club.html_page import results_page
from bot.club.reports import pairs_report
from chat_fakes import make_core
from club_five_tables import five_tables
from club_helpers import Chat


def png_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


@pytest.mark.parametrize("lang, label", [("zh", "图片"), ("en", "Picture")])
def test_standings_and_travellers_offer_their_picture(store, lang, label):
    chat = five_tables(store)
    assert chat.send("/standings", lang=lang).buttons == (((label, "/standings png"),),)
    assert chat.send("/traveller 3", lang=lang).buttons == (((label, "/traveller 3 png"),),)
    # The text itself is as it always was: the button is the only addition.
    assert chat.send("/standings", lang=lang).document is None


def test_the_standings_button_sends_the_standings_as_a_png(store):
    chat = five_tables(store)
    reply = chat.send("/standings png")
    session = store.latest_session(chat.chat_id)
    results = store.results(session.id)
    name, data = reply.document
    assert name == f"session-{session.id}-standings.png"
    assert reply.text == f"“周三双人赛” 的成绩排名 (图片): {name}"
    assert data == picture.standings_picture(session, results, pairs_report(results, True), "zh",
                                             store.names(session.id))
    width, height = png_size(data)
    assert width >= 480 and height > 10 * picture.ROW
    assert chat.send("/export png").document == reply.document


def test_the_traveller_button_sends_the_board_as_a_png(store):
    chat = five_tables(store)
    reply = chat.send("/traveller 3 png", lang="en")
    name, data = reply.document
    assert name.endswith("-board-3.png") and reply.text == f"Board 3 as a picture: {name}"
    assert png_size(data)[1] > 15 * 30  # the table, the notes and the hand
    # A board without results has no picture to offer.
    empty = Chat(store, chat_id=-77)
    empty.text("/session new pairs 空 4副")
    empty.text("/r 1 1-2 4S= N")
    assert empty.send("/traveller 2").buttons == () and empty.send("/traveller 2 png").document is None


def test_export_html_sends_the_results_page(store):
    chat = five_tables(store)
    session = store.latest_session(chat.chat_id)
    reply = chat.send("/export html")
    name, data = reply.document
    assert name == f"session-{session.id}.html"
    assert reply.text == f"“周三双人赛” 的 25 个成绩: {name}"
    assert data.decode("utf-8") == results_page(session, store.results(session.id), "zh", store.names(session.id),
                                                store.hands(session.id))


def test_an_unknown_format_lists_them_all(store):
    chat = five_tables(store)
    assert chat.text("/export pdf", lang="en") == ("The export formats are csv, pbn, html (a results page) and png "
                                                   "(the standings as a picture); e.g. /export or /export html")


def test_a_teams_match_has_its_picture_and_page_too(store):
    chat = Chat(store, chat_id=-78, lang="en")
    chat.text("/session new teams Lions vs Tigers 2boards")
    chat.text("/r 1 open 4S= N")
    chat.text("/r 1 closed 4S-1 N")
    assert chat.send("/standings").buttons == ((("Picture", "/standings png"),),)
    assert png_size(chat.send("/standings png").document[1])[0] >= 480
    assert png_size(chat.send("/traveller 1 png").document[1])[0] >= 480
    assert b"Lions +10 IMPs" in chat.send("/export html").document[1]


def test_the_console_saves_the_picture_a_tap_asks_for(store, tmp_path):
    core = make_core(club=functools.partial(handle_command, store=store))
    out = io.StringIO()
    console = ConsoleChat(core, out, directory=tmp_path)
    for line in ("/session new pairs 周五 2副", "/r 1 1-2 4S= N", "/r 1 3-4 4S+1 N", "/standings"):
        console.answer(line)
    assert out.getvalue().rstrip().endswith("[1] 图片")
    console.answer("1")  # the button's number
    console.answer("/export html")
    saved = sorted(p.name for p in tmp_path.iterdir())
    assert saved == ["session-1-standings.png", "session-1.html"]
    assert png_size((tmp_path / "session-1-standings.png").read_bytes())[0] >= 480
    assert "周五" in (tmp_path / "session-1.html").read_text(encoding="utf-8")
