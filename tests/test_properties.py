"""Property-based tests (hypothesis) over every parser a user's text reaches, and over the chat
core and the club commands with arbitrary text: no exception escapes other than the typed
input errors, and every reply says something.

The club's own parsers (/r entries, CSV rows) are exercised through ``bot.club.handle_command``
with arbitrary arguments, so these properties hold whatever those parsers look like inside.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.base.errors import ReferenceInputError, ScoringInputError
from bot.club import COMMANDS as CLUB_COMMANDS
from bot.club import ClubStore, handle_command
from bot.rulebook.refs import LAST_LAW, find_reference, parse_reference
from bot.scoring.boards import board_info
from bot.scoring.notation import parse_board, parse_result, parse_undertricks

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

# Text people could send: any Unicode (lone surrogates and control characters included), and
# text built from the pieces commands and notation are made of, which reaches deeper paths.
PIECES = ["/law ", "/next ", "/prev ", "/more ", "/score ", "/imp ", "/mp ", "/board ", "/r ", "/undo",
          "/redo", "/session ", "new ", "pairs ", "teams ", "end", "restore", "/traveller ", "/standings",
          "第", "条", "款", "50", "D", "2", "(a)", "4S", "+1", "=", "-3", "x", "NT", "有局", "号牌", "顶分 ",
          "平均正分", "是多少", "1-3 ", "NS1-EW3 ", "open ", " N", "北", "²", "¹", "٣", "１", "\ud800", "\x00",
          "\u202e", "9" * 30, " ", "\n"]
ANY_TEXT = st.one_of(st.text(max_size=80), st.lists(st.sampled_from(PIECES), max_size=8).map("".join))


# ----- references --------------------------------------------------------------------------


@SETTINGS
@given(ANY_TEXT)
def test_parse_reference_returns_a_reference_none_or_a_typed_error(text):
    try:
        reference = parse_reference(text)
    except ReferenceInputError as err:
        assert err.message("zh") and err.message("en")
        return
    assert reference is None or 1 <= reference.law <= LAST_LAW
    try:
        find_reference(text)
    except ReferenceInputError:
        pass


@SETTINGS
@given(st.integers(1, LAST_LAW), st.sampled_from("ABCDEFGH"), st.integers(1, 9))
def test_every_written_form_of_a_clause_reads_back(law, letter, item):
    for text in (f"{law}{letter}{item}", f"第{law}条{letter}款{item}", f"Law {law}{letter}{item}",
                 f"law {law}{letter.lower()}{item}", f"law {law}-{letter}-{item}", f"Law {law}({letter})({item})",
                 f"L{law}.{letter}.{item}"):
        reference = parse_reference(text)
        assert reference is not None and reference.law == law, text
        assert reference.clause.upper() == f"{law}{letter}{item}", text


# ----- scoring notation and boards --------------------------------------------------------


@SETTINGS
@given(ANY_TEXT)
def test_parse_result_and_parse_board_raise_only_typed_errors(text):
    for parse in (parse_result, parse_board):
        try:
            parse(text)
        except ScoringInputError as err:
            assert err.message("zh") and err.message("en")


@SETTINGS
@given(ANY_TEXT)
def test_undertricks_without_a_contract_read_any_text_without_raising(text):
    found = parse_undertricks(text)
    assert found is None or (1 <= found.down <= 13 and found.doubled in (0, 1, 2))


@SETTINGS
@given(st.integers(1, 7), st.sampled_from(["S", "H", "D", "C", "NT"]), st.sampled_from(["", "X", "XX"]),
       st.integers(0, 13))
def test_every_contract_and_result_reads_back(level, strain, doubled, tricks):
    result = tricks - 6 - level
    written = "=" if result == 0 else f"{result:+d}"
    parsed = parse_result(f"{level}{strain}{doubled}{written}")
    assert (parsed.level, parsed.strain, parsed.doubled, parsed.tricks) == (level, strain, len(doubled), tricks)


@SETTINGS
@given(st.integers(1, 5000))
def test_board_numbers_read_back_and_repeat_every_sixteen(number):
    assert parse_board(f"board {number}") == number
    assert parse_board(f"{number}号牌") == number
    info, first = board_info(number), board_info((number - 1) % 16 + 1)
    assert (info.board, info.dealer, info.vulnerability) == (number, first.dealer, first.vulnerability)


# ----- the chat core ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def core():
    from bot.chat.core import Core

    return Core.open()


@SETTINGS
@given(ANY_TEXT, st.booleans())
def test_the_core_answers_any_text_without_raising(core, text, admin):
    from bot.chat.core import ChatMessage

    reply = core.handle(ChatMessage(text, chat_id="hypothesis", user_id=1, user_is_admin=admin))
    assert reply.text.strip()
    reply.text.encode("utf-8")  # no lone surrogate reaches a transport
    pressed = core.press(ChatMessage(text, chat_id="hypothesis-press"))
    assert pressed.text.strip()


# ----- club commands ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def club_store():
    store = ClubStore(":memory:")
    for chat, kind in (("pairs", "pairs"), ("teams", "teams A队 vs B队")):
        handle_command("session", f"new {kind}", chat, 1, True, "zh", store=store)
        handle_command("r", "1 1-2 4S= N" if chat == "pairs" else "1 open 4S= N", chat, 1, True, "zh", store=store)
    yield store
    store.close()


@SETTINGS
@given(st.sampled_from(CLUB_COMMANDS), ANY_TEXT, st.sampled_from(["pairs", "teams", "none"]),
       st.sampled_from(["zh", "en"]), st.booleans())
def test_club_commands_answer_any_arguments_without_raising(club_store, command, args, chat, lang, admin):
    assume(not (command == "session" and args.strip().lower().startswith(("end", "delete", "结束", "删除"))))
    reply = handle_command(command, args, chat, 2, admin, lang, store=club_store)
    assert reply.text.strip()


@SETTINGS
@given(st.binary(max_size=300), st.text(max_size=200))
def test_imports_of_arbitrary_bytes_and_text_answer_without_raising(club_store, data, text):
    for attachment in (data, ("board,ns,ew,contract,declarer\n" + text).encode("utf-8", "surrogatepass")):
        reply = handle_command("import", "", "pairs", 2, False, "zh", attachment=attachment, store=club_store)
        assert reply.text.strip()


DIGITS = st.sampled_from(["1", "3", "12", "１", "²", "¹", "٣", "⑤"])
ENTRIES = st.tuples(DIGITS, DIGITS, DIGITS, st.sampled_from(["4S=", "3NT+1", "2HX-1"]), st.sampled_from("NESW")).map(
    lambda parts: f"{parts[0]} {parts[1]}-{parts[2]} {parts[3]} {parts[4]}")


@SETTINGS
@given(ENTRIES)
def test_no_recorded_result_ever_breaks_the_reports(entry):
    store = ClubStore(":memory:")
    handle_command("session", "new pairs", "c", 1, True, "zh", store=store)
    handle_command("r", entry, "c", 1, True, "zh", store=store)
    for command in ("standings", "export", "traveller"):
        reply = handle_command(command, "1", "c", 1, True, "zh", store=store)
        assert "出了点问题" not in reply.text, (entry, command)
    store.close()
