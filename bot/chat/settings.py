"""Configuration from the environment, read once by the entry point into a small object.

Nothing reads the token at import time, so tests and the console never need one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from bot.base.inputs import plain_digits


@dataclass(frozen=True)
class Settings:
    """Everything the running bot needs from outside.

    ``token``: TELEGRAM_BOT_TOKEN (None → console chat); ``webhook_url``/``port``/``listen``:
    BRIDGEBOT_WEBHOOK_URL, BRIDGEBOT_PORT (8443), BRIDGEBOT_LISTEN (0.0.0.0) for webhook mode;
    ``webhook_secret``: BRIDGEBOT_WEBHOOK_SECRET, checked on every webhook call;
    ``db_path``: BRIDGEBOT_DB (``./bridgebot.db``), the club-session store; ``database_url``:
    BRIDGEBOT_DATABASE_URL, a ``postgresql://`` URL that replaces it (several replicas, shared context);
    ``log_level``: BRIDGEBOT_LOG_LEVEL (INFO); ``api_url``: BRIDGEBOT_API_URL, the Bot API
    server (default Telegram's; set it for a self-hosted ``telegram-bot-api``), e.g.
    ``http://localhost:8081/bot``."""

    token: str | None = None
    webhook_url: str | None = None
    port: int = 8443
    listen: str = "0.0.0.0"
    webhook_secret: str | None = None
    db_path: str = "./bridgebot.db"
    database_url: str | None = None
    log_level: str = "INFO"
    api_url: str | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Read the settings from ``environ`` (default ``os.environ``); empty values count as unset.

        Raises ValueError with a readable message for a port that is not a number."""
        env = {k: v.strip() for k, v in (os.environ if environ is None else environ).items() if v and v.strip()}
        port_text = env.get("BRIDGEBOT_PORT", "8443")
        if not plain_digits(port_text) or not 0 < int(port_text) < 65536:
            raise ValueError(f"BRIDGEBOT_PORT must be a port number such as 8443, not {port_text!r}")
        return cls(
            token=env.get("TELEGRAM_BOT_TOKEN"),
            webhook_url=env.get("BRIDGEBOT_WEBHOOK_URL"),
            port=int(port_text),
            listen=env.get("BRIDGEBOT_LISTEN", "0.0.0.0"),
            webhook_secret=env.get("BRIDGEBOT_WEBHOOK_SECRET"),
            db_path=env.get("BRIDGEBOT_DB", "./bridgebot.db"),
            database_url=env.get("BRIDGEBOT_DATABASE_URL"),
            log_level=env.get("BRIDGEBOT_LOG_LEVEL", "INFO").upper(),
            api_url=env.get("BRIDGEBOT_API_URL"),
        )

    def __repr__(self) -> str:
        # The token must never reach a log line or a traceback.
        shown = "set" if self.token else None
        return (f"Settings(token={shown!r}, webhook_url={self.webhook_url!r}, port={self.port}, "
                f"listen={self.listen!r}, db_path={self.db_path!r}, "
                f"database_url={'set' if self.database_url else None!r}, log_level={self.log_level!r}, "
                f"api_url={self.api_url!r})")
