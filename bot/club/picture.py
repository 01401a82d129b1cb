"""The standings and a board's traveller as a PNG to post in the chat (the 「图片」/"Picture" button,
``/export png``), drawn with Pillow in WenQuanYi Micro Hei — the CJK font the
``paperang-p2-fonts-cjk`` package ships — so the picture is the same on every machine and
Chinese names never turn into boxes.

The figures are those of the text replies, from the same report objects (:mod:`bot.club.reports`);
only the drawing differs: real columns, full names, no 40-column limit."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from bot.club.hands import board_hand_text
from bot.club.model import OPEN_ROOM, PASS, Session
from bot.club.reports import (EW, NS, MatchResult, PairsReport, PairStanding, TeamsBoard, Traveller, match_result,
                              mp_text, percent_text, teams_boards)
from bot.club.render import board_heading, match_board_rows

FONT_PACKAGE = "paperang_p2_fonts_cjk"
FONT_FILE = "fonts/wqy-microhei.ttc"
PROPORTIONAL, MONOSPACED = 0, 1  # the faces of the collection: Micro Hei, Micro Hei Mono
PAD = 24
TITLE_SIZE = 30
TEXT_SIZE = 24
ROW = 38
INK, MUTED, RULE, HEAD_BG, STRIPE, TITLE_INK = "#1a1a1a", "#555555", "#d0d0d0", "#e3ede4", "#f6f8f6", "#1f4d2a"
_SIDE_ZH = {NS: "南北", EW: "东西", "": ""}


def font_path() -> str:
    """Where the shipped CJK font collection is on this machine."""
    return str(resources.files(FONT_PACKAGE).joinpath(FONT_FILE))


@lru_cache(maxsize=8)
def font(size: int, face: int = PROPORTIONAL) -> ImageFont.FreeTypeFont:
    """The shipped font at ``size`` px (``face`` 1: its monospaced face, for the hand diagrams).

    Pillow's basic layout: Chinese, Latin and the suit symbols need no shaping, and it measures
    text several times faster than raqm."""
    return ImageFont.truetype(font_path(), size, index=face, layout_engine=ImageFont.Layout.BASIC)


@dataclass
class Block:
    """One part of a picture: a title, a table (first row the header) with its right-aligned
    columns, and lines of notes (``mono`` notes keep their column alignment)."""

    title: str = ""
    rows: list[list[str]] = field(default_factory=list)
    right: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    mono: list[str] = field(default_factory=list)


class _Widths(dict):
    """Text widths measured once per picture (a cell is measured to size its column, then to place it)."""

    def __call__(self, text: str, face: ImageFont.FreeTypeFont) -> float:
        key = (text, id(face))
        if key not in self:
            self[key] = face.getlength(text)
        return self[key]


def render(blocks: list[Block], min_width: int = 480) -> bytes:
    """Draw ``blocks`` one under another and return the PNG's bytes.  The first block's title is
    drawn at (:data:`PAD`, :data:`PAD`) in the :data:`TITLE_SIZE` face."""
    title_face, text_face, mono_face = font(TITLE_SIZE), font(TEXT_SIZE), font(TEXT_SIZE - 2, MONOSPACED)
    _text_width = _Widths()
    gap = 18
    layouts, width, height = [], min_width, PAD
    for block in blocks:
        widths = []
        if block.rows:
            columns = len(block.rows[0])
            widths = [max(_text_width(row[i], text_face) for row in block.rows) + gap for i in range(columns)]
        table_width = sum(widths)
        widest = max([table_width, _text_width(block.title, title_face) if block.title else 0,
                      *(_text_width(n, text_face) for n in block.notes),
                      *(_text_width(m, mono_face) for m in block.mono)], default=0)
        width = max(width, int(widest) + 2 * PAD)
        block_height = ((TITLE_SIZE + 16) if block.title else 0) + ROW * len(block.rows) \
            + (8 if block.notes or block.mono else 0) + 32 * len(block.notes) + 30 * len(block.mono) + 20
        layouts.append(widths)
        height += block_height
    height += PAD - 20
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    y = PAD
    for block, widths in zip(blocks, layouts):
        if block.title:
            draw.text((PAD, y), block.title, font=title_face, fill=TITLE_INK)
            y += TITLE_SIZE + 16
        for r, row in enumerate(block.rows):
            if r == 0 or r % 2 == 0:
                draw.rectangle((PAD, y, width - PAD, y + ROW - 1), fill=HEAD_BG if r == 0 else STRIPE)
            x = PAD
            for i, cell in enumerate(row):
                left = x + widths[i] - gap / 2 - _text_width(cell, text_face) if i in block.right else x + gap / 2
                draw.text((left, y + 6), cell, font=text_face, fill=INK)
                x += widths[i]
            y += ROW
        if block.rows:
            draw.line((PAD, y, width - PAD, y), fill=RULE, width=1)
        if block.notes or block.mono:
            y += 8
        for note in block.notes:
            draw.text((PAD, y), note, font=text_face, fill=MUTED)
            y += 32
        for line in block.mono:
            draw.text((PAD, y), line, font=mono_face, fill=INK)
            y += 30
        y += 20
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


# ----- what the pictures hold ---------------------------------------------------------------


def standings_blocks(session: Session, standings: dict[str, list[PairStanding]], lang: str,
                     names: dict | None = None) -> list[Block]:
    """The pairs standings as the text reply has them, one block per direction, names in full."""
    en, names = lang == "en", names or {}
    blocks = []
    for direction, ranking in standings.items():
        if not ranking:
            continue
        title = f"{session.name} — standings" if en else f"{session.name} — 成绩排名"
        if direction:
            title += f" · {direction}" if en else f" · {_SIDE_ZH[direction]}"
        head = ["Rank", "Pair", "Names", "MP", "Top", "%", "Bds"] if en else ["名次", "对", "名字", "MP", "满分", "%", "副数"]
        rows = [head] + [[f"{s.rank}{'=' if s.tied else ''}", s.pair, names.get((direction, s.pair), ""),
                          mp_text(s.mp), str(s.top), s.percent, str(s.boards)] for s in ranking]
        blocks.append(Block(title, rows, {0, 3, 4, 5, 6}))
    return blocks


def match_blocks(session: Session, boards: list[TeamsBoard], match: MatchResult, lang: str) -> list[Block]:
    """The teams match: IMPs board by board, the totals and the VPs."""
    en = lang == "en"
    rows = [["Board" if en else "牌号", session.home, session.away], *match_board_rows(boards, lang)]
    rows.append(["Total" if en else "合计", str(match.home_imps), str(match.away_imps)])
    if match.home_adjusted or match.away_adjusted:
        rows.append(["Adj." if en else "调整", f"{match.home_adjusted:+d}", f"{match.away_adjusted:+d}"])
    if match.boards:
        rows.append(["VP", f"{match.home_vp:.2f}", f"{match.away_vp:.2f}"])
    return [Block(session.name, rows, {1, 2})]


def traveller_blocks(traveller: Traveller, lang: str, names: dict | None = None,
                     record: tuple[str, str] | None = None, mitchell: bool = False) -> list[Block]:
    """A pairs traveller: each result with North-South's score, matchpoints and %, the notes, the
    named pairs and the hand."""
    en, names = lang == "en", names or {}
    head = ["NS", "EW", "Contract", "By", "Score", "MP", "%"] if en else ["南北", "东西", "定约", "庄", "得分", "MP", "%"]
    rows = [head]
    for line in traveller.lines:
        r = line.result
        if r.is_not_played:
            rows.append([r.ns, r.ew, r.contract, "-", "-", "-", "-"])
            continue
        score = "-" if r.is_adjusted else str(r.score_ns)
        pct = percent_text(line.mp_ns, line.top) if line.top else "-"
        rows.append([r.ns, r.ew, r.contract, r.declarer or "-", score, mp_text(line.mp_ns) if line.top else "-", pct])
    count = sum(1 for line in traveller.lines if not line.result.is_not_played)
    notes = [f"{count} table(s), top {traveller.top} MP. Score, MP and % are NS's." if en
             else f"共 {count} 桌, 满分 {traveller.top} MP。得分、MP 和 % 是南北的。"]
    if traveller.factored:
        notes.append(f"Neuberg: {traveller.compared} scores compared, factored up to {traveller.expected} tables."
                     if en else f"Neuberg 折算: 只有 {traveller.compared} 个成绩可比, 按 {traveller.expected} 桌折算。")
    seen = []
    for line in traveller.lines:
        for side, label in ((NS, line.result.ns), (EW, line.result.ew)):
            name = names.get((side if mitchell else "", label), "")
            who = f"{side if mitchell else ''}{label}" if en else f"{_SIDE_ZH[side] if mitchell else ''}{label}"
            if name and (who, name) not in seen:
                seen.append((who, name))
    notes += [f"{who} {name}" for who, name in seen]
    hand = board_hand_text(record, lang)
    return [Block(board_heading(traveller.board, lang), rows, {4, 5, 6}, notes, hand.splitlines() if hand else [])]


def teams_board_blocks(session: Session, board: TeamsBoard, lang: str,
                       record: tuple[str, str] | None = None) -> list[Block]:
    """A teams board: the two rooms and the IMPs."""
    en = lang == "en"
    rows = [["Room", "Contract", "By", "+NS", "+EW"] if en else ["房间", "定约", "庄", "南北", "东西"]]
    for r in (board.open, board.closed):
        if r is None:
            continue
        room = r.room if en else ("开室" if r.room == OPEN_ROOM else "闭室")
        if r.is_scored:
            scores = ["0", "0"] if r.contract == PASS else [str(r.score_ns) if r.score_ns > 0 else "-",
                                                            str(r.score_ew) if r.score_ew > 0 else "-"]
        else:
            scores = ["-", "-"]
        rows.append([room, r.contract, r.declarer or "-", *scores])
    scores = board.scores
    if scores is None:
        verdict = ("Not played." if en else "未打。") if board.not_played else ("Waiting for the other room." if en
                                                                             else "等待另一个房间的结果。")
    else:
        verdict = (f"{session.home} {scores[0]:+d}, {session.away} {scores[1]:+d} IMPs" if en
                   else f"{session.home} {scores[0]:+d}, {session.away} {scores[1]:+d} IMP")
    hand = board_hand_text(record, lang)
    return [Block(board_heading(board.board, lang), rows, {3, 4}, [verdict], hand.splitlines() if hand else [])]


def standings_picture(session: Session, results: list, report: PairsReport | None, lang: str,
                      names: dict | None = None) -> bytes:
    """The PNG of ``/standings``: the pairs ranking(s), or the teams match in IMPs and VPs."""
    if report is not None:
        return render(standings_blocks(session, report.standings, lang, names))
    return render(match_blocks(session, teams_boards(results), match_result(session, results), lang))


def board_picture(session: Session, board: int, results: list, report: PairsReport | None, lang: str,
                  names: dict | None = None, record: tuple[str, str] | None = None) -> bytes:
    """The PNG of ``/traveller N`` for a board with results."""
    if report is not None:
        return render(traveller_blocks(report.travellers[board], lang, names, record, session.is_mitchell))
    return render(teams_board_blocks(session, teams_boards([r for r in results if r.board == board])[0], lang, record))
