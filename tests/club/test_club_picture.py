"""The standings and traveller pictures: real PNGs of a size a chat shows, their figures the text
reply's, and their text drawn in the shipped CJK font — no .notdef boxes."""

import io

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.club import picture
from bot.club.reports import pairs_report
from club_five_tables import five_tables

TITLE = "周三双人赛 — 成绩排名 · 南北"


@pytest.fixture
def session(store):
    chat = five_tables(store)
    current = store.latest_session(chat.chat_id)
    results = store.results(current.id)
    return chat, current, results, pairs_report(results, mitchell=True)


def decoded(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def glyph(face: ImageFont.FreeTypeFont, text: str) -> bytes:
    """The pixels ``face`` draws for ``text`` (its bitmap, as bytes)."""
    mask = face.getmask(text)
    return bytes(mask) + repr(mask.size).encode()


def test_the_font_is_the_packaged_one_and_has_every_character_drawn(session):
    from fontTools.ttLib import TTCollection

    chat, current, results, report = session
    assert picture.font_path().endswith("paperang_p2_fonts_cjk/fonts/wqy-microhei.ttc")
    cmap = TTCollection(picture.font_path(), lazy=True).fonts[picture.PROPORTIONAL].getBestCmap()
    drawn = "".join(cell for block in picture.standings_blocks(current, report.standings, "zh", store_names(chat))
                    for row in [[block.title], *block.rows, block.notes] for cell in row)
    drawn += "".join(line for block in picture.traveller_blocks(report.travellers[3], "zh", store_names(chat),
                                                                 chat.store.hands(current.id)[3], True)
                     for line in [block.title, *block.notes, *block.mono, *sum(block.rows, [])])
    missing = sorted({ch for ch in drawn if not ch.isspace() and ord(ch) not in cmap})
    assert missing == []


def store_names(chat):
    return chat.store.names(chat.store.latest_session(chat.chat_id).id)


def test_chinese_glyphs_are_the_fonts_own_not_notdef():
    face = picture.font(picture.TITLE_SIZE)
    notdef = glyph(face, "\U000f0000")  # a private-use character the font lacks: its .notdef box
    for ch in "周三双人赛成绩排名南北东西第副发牌♠♥♦♣":
        assert glyph(face, ch) != notdef, ch
    assert glyph(face, "\U000f0001") == notdef  # the comparison can tell


def test_the_title_is_drawn_in_the_shipped_font(session):
    chat, current, results, report = session
    image = decoded(picture.standings_picture(current, results, report, "zh", store_names(chat))).convert("RGB")
    # The same title drawn by the font itself at the same place, on the same white ground.
    face = picture.font(picture.TITLE_SIZE)
    expected = Image.new("RGB", image.size, "white")
    ImageDraw.Draw(expected).text((picture.PAD, picture.PAD), TITLE, font=face, fill=picture.TITLE_INK)
    box = (0, 0, image.width, picture.PAD + picture.TITLE_SIZE + 8)
    assert ImageChops.difference(image.crop(box), expected.crop(box)).getbbox() is None
    # Tofu would not match: the title with every Chinese character replaced by one the font lacks.
    tofu = Image.new("RGB", image.size, "white")
    boxed = "".join("\U000f0000" if "\u4e00" <= ch <= "\u9fff" else ch for ch in TITLE)
    ImageDraw.Draw(tofu).text((picture.PAD, picture.PAD), boxed, font=face, fill=picture.TITLE_INK)
    assert ImageChops.difference(image.crop(box), tofu.crop(box)).getbbox() is not None


def test_the_standings_picture_has_a_size_a_chat_shows(session):
    chat, current, results, report = session
    png = picture.standings_picture(current, results, report, "zh", store_names(chat))
    image = decoded(png)
    assert image.format == "PNG" and image.mode == "RGB"
    # Two rankings of 5 pairs: a header and 5 rows each under a title, wide enough for every column.
    rows = 2 * (picture.TITLE_SIZE + 16 + 6 * picture.ROW)
    assert rows < image.height < rows + 200
    assert 480 <= image.width <= 1200
    assert len(png) < 200_000
    # Telegram's limits for a photo: 10 MB, width + height ≤ 10 000, sides at most 1 : 20.
    assert image.width + image.height <= 10_000 and image.height / image.width <= 20


def test_a_long_name_widens_the_picture_instead_of_being_cut(session):
    chat, current, results, report = session
    short = decoded(picture.standings_picture(current, results, report, "zh", store_names(chat)))
    names = {**store_names(chat), ("NS", "2"): "欧阳明月 司马长风 上官飞燕"}
    wide = decoded(picture.standings_picture(current, results, report, "zh", names))
    assert wide.width > short.width


def test_the_traveller_picture_holds_the_text_replys_figures(session):
    chat, current, results, report = session
    blocks = picture.traveller_blocks(report.travellers[3], "zh", store_names(chat),
                                      chat.store.hands(current.id)[3], mitchell=True)
    text = chat.text("/traveller 3")
    table = [line.split() for line in text.splitlines()[2:7]]
    assert [row for row in blocks[0].rows[1:]] == table
    assert blocks[0].title == text.splitlines()[0]
    assert blocks[0].mono == text.splitlines()[-11:]  # the hand and its analysis, line for line
    image = decoded(picture.render(blocks))
    assert image.height > 15 * 30


def test_a_teams_picture_shows_imps_and_vps(store):
    from club_helpers import Chat

    chat = Chat(store, chat_id=-67, lang="en")
    chat.text("/session new teams Lions vs Tigers 2boards")
    chat.text("/r 1 open 4S= N")
    chat.text("/r 1 closed 4S-1 N")
    current = store.latest_session(chat.chat_id)
    results = store.results(current.id)
    blocks = picture.match_blocks(current, *picture_match(current, results), "en")
    reply = chat.text("/standings").splitlines()
    vp = next(line.split() for line in reply if line.startswith("VP"))
    assert blocks[0].rows[-1] == vp
    assert decoded(picture.standings_picture(current, results, None, "en")).width >= 480


def picture_match(current, results):
    from bot.club.reports import match_result, teams_boards

    return teams_boards(results), match_result(current, results)
