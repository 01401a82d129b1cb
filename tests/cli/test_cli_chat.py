"""``bridgebot chat`` (issue 29): the index is ready before the first message, with a line of
progress on stderr that a script reading stdout never sees."""

from __future__ import annotations

from click.testing import CliRunner

from bot.cli.main import main


def test_the_console_says_when_the_index_is_ready_before_the_first_answer(monkeypatch, tmp_path):
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    monkeypatch.setenv("BRIDGEBOT_CACHE", str(tmp_path))   # a first start: the index is built
    result = CliRunner().invoke(main, ["chat"], input="第50条D款2\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("正在准备规则索引")
    assert "索引已就绪 (" in result.stderr and "秒), 可以提问了。" in result.stderr
    assert result.stdout.startswith("第50条D款2 罚张的处理")


def test_an_index_already_built_opens_without_a_progress_line(monkeypatch):
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    from bot.chat.core import Core
    Core.open()   # (the session's cache: built now if not yet)
    result = CliRunner().invoke(main, ["chat"], input="第50条D款2\n")
    assert result.exit_code == 0, result.output
    assert "索引" not in result.stderr and "Preparing" not in result.stderr
    assert result.stdout.startswith("第50条D款2 罚张的处理")


def test_the_bot_logs_when_the_index_is_ready(caplog, monkeypatch, tmp_path):
    import logging

    monkeypatch.setenv("BRIDGEBOT_CACHE", str(tmp_path))

    from bot.cli.chat import _core

    with caplog.at_level(logging.INFO, logger="bot.cli.chat"):
        core = _core(logging.getLogger("bot.cli.chat").info)
    assert core is not None
    first, last = (r.getMessage() for r in caplog.records)
    assert first.startswith("正在准备规则索引") and last.startswith("索引已就绪 (")
