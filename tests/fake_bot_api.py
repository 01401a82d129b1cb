"""A tiny stand-in for the Telegram Bot API on a loopback port, for the tests that start the
real ``bridgebot run`` process: each method answers as a test tells it to (401, 404 or a
canned result), and every request is recorded (method, parameters)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl

BOT_USER = {"id": 777, "is_bot": True, "first_name": "Bridge", "username": "BridgeBot",
            "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": True}


class FakeBotApi:
    """``with FakeBotApi(status=401) as api:`` serves ``api.url`` (``http://127.0.0.1:PORT/bot``)
    until the block ends; ``api.requests`` lists ``(method, params)`` in arrival order."""

    def __init__(self, status: int = 200):
        self.status = status
        self.requests: list[tuple[str, dict]] = []
        self.seen = threading.Condition()
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode("utf-8", "replace")
                method = self.path.rsplit("/", 1)[-1]
                try:
                    params = json.loads(body) if body.startswith("{") else dict(parse_qsl(body))
                except ValueError:
                    params = {"raw": body}
                with api.seen:
                    api.requests.append((method, params))
                    api.seen.notify_all()
                code, payload = api.answer(method)
                data = json.dumps(payload).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/bot"

    def answer(self, method: str) -> tuple[int, dict]:
        """The status and JSON body for one call."""
        if self.status == 401:
            return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
        if self.status == 404:
            return 404, {"ok": False, "error_code": 404, "description": "Not Found"}
        if method == "getMe":
            return 200, {"ok": True, "result": BOT_USER}
        if method == "getUpdates":
            return 200, {"ok": True, "result": []}
        return 200, {"ok": True, "result": True}

    def wait_for(self, method: str, timeout: float = 30) -> dict:
        """The parameters of the first ``method`` call, waiting (bounded) for it."""
        with self.seen:
            self.seen.wait_for(lambda: any(m == method for m, _ in self.requests), timeout)
            return next(p for m, p in self.requests if m == method)

    def __enter__(self) -> FakeBotApi:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
