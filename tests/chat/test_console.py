"""The console chat: piped scripts, numbered choices, files, errors, and a real terminal session."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.chat.console import ConsoleChat, format_reply, run_console, save_document
from bot.chat.core import Button, Reply
from chat_fakes import make_core

BRIDGEBOT = Path(sys.executable).with_name("bridgebot")


def piped(text: str, core=None) -> str:
    out = io.StringIO()
    assert run_console(core or make_core(), io.StringIO(text), out) == 0
    return out.getvalue()


def test_piped_input_answers_each_line_and_exits():
    out = piped("50D2\n\n/define 明手\n")
    assert out == (
        "第50条D款2 罚张的处理\nD. 罚张的处理\n  罚张按下列规定处理:\n  1. 大罚张\n  2. 违规者同伴引牌时\n"
        "    违规者同伴取得出牌权时,庄家可以限制其引牌。\n"
        "[1] → 第41条A款  [2] 全文  [3] ◀ 上一条  [4] 下一条 ▶\n"
        "\n"
        "定义 · 明手 (DUMMY)\n庄家的同伴。\n[1] → 第41条\n"
    )


def test_a_number_chooses_a_button_of_the_last_reply():
    out = piped("50D2\n2\n")
    assert out.split("\n\n")[1].startswith("第50条 罚张的处理\n防守方亮出的牌是罚张。")


@pytest.mark.parametrize("typed", ["²", "٢"])
def test_a_digit_like_character_is_a_message_not_a_crash(typed, caplog):
    out = piped(f"50D2\n{typed}\n")
    assert "抱歉" not in out and not caplog.records


def test_a_full_width_number_chooses_a_button():
    assert piped("50D2\n２\n").split("\n\n")[1].startswith("第50条 罚张的处理\n")


def test_a_number_without_buttons_is_a_message():
    assert piped("/help\n5\n").split("\n\n")[-1].startswith("本版语料暂未收录第5条。")


def test_a_file_reply_is_saved_without_overwriting(tmp_path):
    out = io.StringIO()
    chat = ConsoleChat(make_core(), out, directory=tmp_path)
    chat.answer("/export")
    chat.answer("/export")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["session-1.csv", "session.csv"]
    assert (tmp_path / "session.csv").read_bytes() == b"board,ns\n"
    assert out.getvalue().endswith(f"已保存 {tmp_path / 'session-1.csv'}\n")


def test_a_bug_prints_an_apology_and_the_chat_goes_on(caplog):
    core = make_core()

    def broken(question, k=3):
        raise RuntimeError("index exploded")

    core.services.ask = broken
    out = piped("罚张怎么办\n第50条\n", core)
    apology, law = out.split("\n\n")
    assert apology == "抱歉，出了点问题，请稍后再试。发送 /help 查看用法。"
    assert law.startswith("第50条 罚张的处理")
    assert "index exploded" in caplog.text


def test_format_reply_in_a_terminal_makes_the_title_bold():
    reply = Reply(title="第50条", body="正文", buttons=((Button("全文", "/full 50"),),))
    assert format_reply(reply, bold=True) == "\033[1m第50条\033[0m\n正文\n[1] 全文"


def test_save_document_keeps_only_the_file_name(tmp_path):
    assert save_document(("../../etc/x.csv", b"1"), tmp_path) == tmp_path / "x.csv"


def test_bridgebot_chat_reads_a_pipe_with_the_real_corpus():
    result = subprocess.run([BRIDGEBOT, "chat"], input="第50条D款2\n", capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("第50条D款2 罚张的处理\nD. 重罚张的处理\n  当防家有重罚张时，")
    # nothing on stderr but the index's progress lines (on a first start), never a warning or a traceback
    assert all("索引" in line for line in result.stderr.splitlines()), result.stderr


def test_bridgebot_without_token_runs_the_console_chat():
    env = {k: v for k, v in os.environ.items() if k != "TELEGRAM_BOT_TOKEN"}
    result = subprocess.run([BRIDGEBOT], input="/about\n", capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("中国桥牌竞赛规则(1999)\n收录：第一章定义")


@pytest.mark.parametrize(
    "args, env, message",
    [
        (["run", "--webhook-url", "https://bot.example.org/tg"], {}, "webhook mode needs a bot token"),
        (["run", "--webhook-url", "http://bot.example.org/tg"], {"TELEGRAM_BOT_TOKEN": "1:x"}, "must start with https://"),
        (["run"], {"BRIDGEBOT_PORT": "eighty"}, "BRIDGEBOT_PORT must be a port number such as 8443"),
    ],
)
def test_run_refuses_bad_configuration_with_a_clear_message(args, env, message):
    base = {k: v for k, v in os.environ.items() if k != "TELEGRAM_BOT_TOKEN"}
    result = subprocess.run([BRIDGEBOT, *args], capture_output=True, text=True, timeout=120, env={**base, **env},
                            input="")
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_run_with_an_unreachable_api_says_so_without_a_traceback_or_the_token():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]   # nothing listens once the socket is closed
    token = "123456:SECRETsecretSECRETsecret"
    env = {**os.environ, "TELEGRAM_BOT_TOKEN": token, "BRIDGEBOT_API_URL": f"http://127.0.0.1:{closed}/bot"}
    result = subprocess.run([BRIDGEBOT, "run"], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 1
    assert "bridgebot: cannot reach the Telegram Bot API" in result.stderr
    assert "Traceback" not in result.stderr
    assert token not in result.stderr + result.stdout


def _read_until(fd: int, marker: bytes, timeout: float = 60.0) -> bytes:
    """Read a terminal until ``marker`` appears (bounded by ``timeout``)."""
    data, deadline = b"", time.monotonic() + timeout
    while marker not in data:
        remaining = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(remaining, 0))
        if not ready:
            raise AssertionError(f"no {marker!r} in terminal output: {data.decode(errors='replace')!r}")
        data += os.read(fd, 65536)
    return data


def test_interactive_session_in_a_terminal(tmp_path):
    main, child = pty.openpty()
    env = {**os.environ, "HOME": str(tmp_path), "TERM": "dumb"}
    env.pop("TELEGRAM_BOT_TOKEN", None)
    process = subprocess.Popen([BRIDGEBOT, "chat"], stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
    os.close(child)
    try:
        assert "Ctrl-D 退出".encode() in _read_until(main, "桥牌> ".encode())
        os.write(main, "50D2\n".encode())
        screen = _read_until(main, "桥牌> ".encode())
        assert "\033[1m第50条D款2 罚张的处理\033[0m".encode() in screen
        assert "[3] 全文".encode() in screen
        os.write(main, b"3\n")
        assert "第50条 罚张的处理".encode() in _read_until(main, "桥牌> ".encode())
        os.write(main, b"\x04")  # Ctrl-D
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)
    assert (tmp_path / ".bridgebot_history").read_text().splitlines()[-2:] == ["50D2", "3"]


def test_an_undecodable_byte_under_a_strict_locale_does_not_end_the_chat(tmp_path):
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "BRIDGEBOT_DB": str(tmp_path / "club.db")}
    env.pop("TELEGRAM_BOT_TOKEN", None)
    result = subprocess.run([BRIDGEBOT, "chat"], input=b"\xff\xfe50D2\n\xe7\xac\xac51\xe6\x9d\xa1\n",
                            capture_output=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    out = result.stdout.decode()
    assert out.startswith("第50条D款2 罚张的处理\n")
    assert "第51条" in out.split("\n\n")[-1]
    assert b"Traceback" not in result.stderr
