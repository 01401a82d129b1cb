"""The bot token and the webhook secret never reach a log line, a traceback or stderr, at any
level: the real ``bridgebot run`` process is started against a fake Bot API that refuses the
token (401, 404), against no server at all, and in webhook mode at DEBUG."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.chat.redact import MASK, RedactSecrets, Redactor
from fake_bot_api import FakeBotApi, free_port

TOKEN = "123456:AAHsecretPartOfTheToken_xyz"
SECRET = "webhook-secret-0123456789abcdef"
BRIDGEBOT = Path(sys.executable).with_name("bridgebot")


def _env(tmp_path, **extra) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith("BRIDGEBOT_WEBHOOK")}
    return {**env, "TELEGRAM_BOT_TOKEN": TOKEN, "BRIDGEBOT_LOG_LEVEL": "DEBUG",
            "BRIDGEBOT_DB": str(tmp_path / "club.db"), **extra}


def _assert_clean(text: str) -> None:
    assert TOKEN not in text
    assert TOKEN.split(":")[1] not in text
    assert SECRET not in text


@pytest.mark.parametrize("status", [401, 404])
def test_a_refused_token_is_never_printed(tmp_path, status):
    with FakeBotApi(status) as api:
        done = subprocess.run([BRIDGEBOT, "run"], env=_env(tmp_path, BRIDGEBOT_API_URL=api.url),
                              capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode == 1
    assert "Telegram refused the bot token (TELEGRAM_BOT_TOKEN)" in output
    assert "DEBUG" in output and MASK in output  # the traceback was logged, masked
    _assert_clean(output)


@pytest.mark.parametrize("status", [401, 404])
def test_a_refused_token_is_one_line_without_a_traceback_at_the_default_level(tmp_path, status):
    # it printed ~45 lines of (masked) traceback from PTB's retry loop before its own line
    with FakeBotApi(status) as api:
        done = subprocess.run([BRIDGEBOT, "run"], env=_env(tmp_path, BRIDGEBOT_API_URL=api.url, BRIDGEBOT_LOG_LEVEL="INFO"),
                              capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode == 1
    assert "Telegram refused the bot token (TELEGRAM_BOT_TOKEN)" in output
    # (besides the search index's progress lines on a first start)
    lines = [line for line in output.strip().splitlines() if "索引" not in line]
    assert "Traceback" not in output and len(lines) <= 3, output
    _assert_clean(output)


def test_a_refused_token_fails_before_the_index_is_built(tmp_path):
    # (a first start: an empty cache; the token is checked before the index's ~6 s build)
    with FakeBotApi(401) as api:
        done = subprocess.run([BRIDGEBOT, "run"], env=_env(tmp_path, BRIDGEBOT_API_URL=api.url, BRIDGEBOT_LOG_LEVEL="INFO",
                                                          BRIDGEBOT_CACHE=str(tmp_path / "cache")),
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "Telegram refused the bot token" in done.stderr and "索引" not in done.stderr
    assert not list((tmp_path / "cache").glob("search-*.sqlite"))


def test_a_network_error_is_never_printed_with_the_token(tmp_path):
    url = f"http://127.0.0.1:{free_port()}/bot"  # nothing listens there
    done = subprocess.run([BRIDGEBOT, "run"], env=_env(tmp_path, BRIDGEBOT_API_URL=url),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "cannot reach the Telegram Bot API" in done.stderr
    _assert_clean(done.stdout + done.stderr)


WEBHOOK_SCRIPT = """
import logging, sys
from bot.chat.core import Core
from bot.chat.settings import Settings
from bot.chat.telegram_bot import run
logging.basicConfig(level=logging.DEBUG, stream=sys.stderr)
settings = Settings.from_env()
run(settings, Core.open())
"""


@pytest.mark.parametrize("configured", [SECRET, None])
def test_webhook_set_up_at_debug_passes_a_secret_to_telegram_and_never_logs_it(tmp_path, configured):
    log_path = tmp_path / "stderr.log"
    port = free_port()
    with FakeBotApi() as api, open(log_path, "w") as log_file:
        env = _env(tmp_path, BRIDGEBOT_API_URL=api.url, BRIDGEBOT_WEBHOOK_URL=f"http://127.0.0.1:{port}/tg",
                   BRIDGEBOT_PORT=str(port), BRIDGEBOT_LISTEN="127.0.0.1")
        if configured:
            env["BRIDGEBOT_WEBHOOK_SECRET"] = configured
        process = subprocess.Popen([sys.executable, "-c", WEBHOOK_SCRIPT], env=env, stdout=log_file,
                                   stderr=subprocess.STDOUT)
        try:
            params = api.wait_for("setWebhook", timeout=60)
            deadline = time.monotonic() + 30
            while "setWebhook" not in log_path.read_text() or "Webhook Server started" not in log_path.read_text():
                assert time.monotonic() < deadline, log_path.read_text()[-2000:]
                time.sleep(0.05)
            import httpx

            forged = httpx.post(f"http://127.0.0.1:{port}/tg", json={"update_id": 1}, timeout=10)
            assert forged.status_code == 403  # no secret header: refused
        finally:
            process.terminate()
            process.wait(timeout=30)
    secret = params["secret_token"]
    assert secret == configured if configured else len(secret) >= 32
    logged = log_path.read_text()
    assert "setWebhook" in logged and "secret_token" in logged
    _assert_clean(logged)
    assert secret not in logged


def test_the_filter_masks_messages_arguments_and_tracebacks(caplog):
    caplog.set_level(logging.DEBUG)
    caplog.handler.addFilter(RedactSecrets(TOKEN, SECRET))
    logger = logging.getLogger("test.redact")
    logger.debug("POST https://api.telegram.org/bot%s/setWebhook %s", TOKEN, {"secret_token": SECRET})
    try:
        raise RuntimeError(f"The token `{TOKEN}` was rejected by the server.")
    except RuntimeError:
        logger.exception("start-up failed")
    first, second = caplog.records
    assert first.getMessage() == f"POST https://api.telegram.org/bot{MASK}/setWebhook {{'secret_token': '{MASK}'}}"
    assert f"The token `{MASK}` was rejected" in second.exc_text
    _assert_clean(caplog.text)


def test_the_token_tail_alone_is_masked_too():
    assert Redactor([TOKEN])("token=AAHsecretPartOfTheToken_xyz") == f"token={MASK}"
    assert Redactor([None, ""])("nothing to hide") == "nothing to hide"
