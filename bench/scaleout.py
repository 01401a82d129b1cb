"""Load and fail-over on loopback (issue 31): PostgreSQL, nginx, N ``bridgebot run`` webhook replicas and a
fake Bot API; a bounded burst of realistic updates through nginx (club groups recording results, members
asking questions, follow-ups, button presses), one replica killed with SIGKILL mid-burst; then the inbox
drained and everything counted.

    python bench/scaleout.py --replicas 3 --kill 1 --json   # one JSON line; exit 1 if anything lost or doubled
    python bench/scaleout.py --compare                      # 1, 2 and 4 replicas, no kill, side by side

The fake Bot API is a small HTTP server in this process (it answers every method the bot calls and records
each answer); nginx is Debian's package (``make test`` installs it), PostgreSQL too (tests/pg_server.py)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from pg_server import PostgresServer, _free_port  # noqa: E402

SECRET = "bench-secret-0123456789"
TOKEN = "123456:bench"
BOT = {"id": 777, "is_bot": True, "first_name": "Bridge", "username": "BridgeBot", "can_join_groups": True,
       "can_read_all_group_messages": False, "supports_inline_queries": True}


class FakeTelegram:
    """The Bot API the replicas call: every method succeeds; ``answered`` maps what each answer
    answers (a message id, a callback id) to the time it first arrived."""

    def __init__(self) -> None:
        self.answered: dict[str, float] = {}
        self.lock = threading.Lock()
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                method = self.path.rsplit("/", 1)[-1]
                try:
                    params = json.loads(body) if body[:1] == b"{" else dict(parse_qsl(body.decode("utf-8", "replace")))
                except ValueError:
                    params = {}
                data = json.dumps({"ok": True, "result": api.result(method, params)}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                pass  # the killed replica's connections are reset: expected

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/bot"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _mark(self, key: str) -> None:
        with self.lock:
            self.answered.setdefault(key, time.monotonic())

    def result(self, method: str, params: dict):
        if method == "getMe":
            return BOT
        if method == "getChatMember":
            return {"status": "member", "user": {"id": int(params.get("user_id", 1)), "is_bot": False,
                                                 "first_name": "P"}}
        if method == "answerCallbackQuery":
            self._mark(f"q{params.get('callback_query_id')}")
            return True
        if method in ("sendMessage", "sendPhoto", "sendDocument", "editMessageText"):
            reply = params.get("reply_parameters") or {}
            if isinstance(reply, str):
                reply = json.loads(reply)
            if reply.get("message_id"):
                self._mark(f"m{params.get('chat_id')}:{reply['message_id']}")
            chat = {"id": int(params.get("chat_id", 1)), "type": "supergroup", "title": "g"}
            return {"message_id": 1, "date": int(time.time()), "chat": chat, "text": params.get("text", ""),
                    "from": BOT}
        return True


def burst(groups: int, per_group: int) -> tuple[list[dict], list[str], int]:
    """The updates, their answer keys (in the same order) and how many results they record."""
    updates, keys, results = [], [], 0
    uid = 1000
    for g in range(groups):
        chat = {"id": -100_000 - g, "type": "supergroup", "title": f"俱乐部{g}"}
        organiser = {"id": 50_000 + g * 100, "is_bot": False, "first_name": f"队长{g}", "language_code": "zh"}
        lines = [(organiser, "/session new pairs mitchell 周三双人赛 24副")]
        for n in range(per_group):
            player = {"id": 50_000 + g * 100 + 1 + n % 8, "is_bot": False, "first_name": f"牌手{n % 8}",
                      "language_code": "zh"}
            kind = n % 5
            if kind in (0, 1, 2):
                board, pair = 1 + n // 5, 1 + n % 5
                lines.append((player, f"/r {board} {pair}-{pair + 1} 4S+1 N"))
                results += 1
            elif kind == 3:
                lines.append((player, "@BridgeBot 防家亮出一张牌怎么办" if n % 2 else "/law 50"))
            else:
                lines.append((player, "@BridgeBot 全文" if n % 3 else "@BridgeBot 如果是庄家呢"))
        for user, text in lines:
            uid += 1
            message = {"message_id": uid, "date": int(time.time()), "chat": chat, "from": user, "text": text}
            if text.startswith("/"):
                message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
            updates.append({"update_id": uid, "message": message})
            keys.append(f"m{chat['id']}:{uid}")
        uid += 1  # a button press: 「下一条」 under the last answer
        press = {"id": str(uid), "from": organiser, "chat_instance": str(g), "data": "/next 50",
                 "message": {"message_id": 1, "date": int(time.time()), "chat": chat, "from": BOT, "text": "…"}}
        updates.append({"update_id": uid, "callback_query": press})
        keys.append(f"q{uid}")
    return updates, keys, results


def nginx_conf(folder: Path, port: int, upstreams: list[int]) -> Path:
    """An nginx config on loopback that spreads POSTs over ``upstreams`` and retries the next on failure."""
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in upstreams)
    user = "user nobody nogroup;" if os.geteuid() == 0 else ""
    text = f"""{user}
worker_processes 1;
error_log {folder}/error.log warn;
pid {folder}/nginx.pid;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body; proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fcgi; uwsgi_temp_path {folder}/uwsgi; scgi_temp_path {folder}/scgi;
    upstream bridgebot {{
{servers}
        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://bridgebot;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_next_upstream error timeout http_502 http_503 non_idempotent;
            proxy_next_upstream_tries 4;
            proxy_connect_timeout 1s;
            proxy_read_timeout 10s;
        }}
    }}
}}
"""
    path = folder / "nginx.conf"
    path.write_text(text)
    return path


def _get(url: str, timeout: float = 1.0) -> int:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status
    except (urllib.error.URLError, OSError):
        return 0


def _post(url: str, update: dict) -> None:
    data = json.dumps(update, ensure_ascii=False).encode()
    for _ in range(50):  # as Telegram does: a refused or failed delivery is tried again
        request = urllib.request.Request(url, data=data, headers={
            "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET})
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"update {update['update_id']} never accepted")


def run(replicas: int, kill: int, groups: int, per_group: int, timeout: float = float(os.environ.get("BENCH_TIMEOUT", 240))) -> dict:
    """One run; the figures of the JSON line."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    folder = Path(tempfile.mkdtemp(prefix="bridgebot-scaleout-"))
    if os.geteuid() == 0:
        os.chmod(folder, 0o755)
    pg = PostgresServer().start()
    api = FakeTelegram()
    lb_port, ports = _free_port(), [_free_port() for _ in range(replicas)]
    procs: list[subprocess.Popen] = []
    lb = None
    try:
        for i, port in enumerate(ports):
            env = dict(os.environ, TELEGRAM_BOT_TOKEN=TOKEN, BRIDGEBOT_API_URL=api.url,
                       BRIDGEBOT_WEBHOOK_URL="https://bot.example.org/telegram", BRIDGEBOT_WEBHOOK_SECRET=SECRET,
                       BRIDGEBOT_PORT=str(port), BRIDGEBOT_LISTEN="127.0.0.1", BRIDGEBOT_DATABASE_URL=pg.url,
                       BRIDGEBOT_LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))
            log = open(folder / f"replica{i}.log", "w")
            procs.append(subprocess.Popen([sys.executable, "-c", "from bot.cli import main; main()", "run"],
                                          env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT))
        deadline = time.monotonic() + 180
        for port, proc in zip(ports, procs):
            while _get(f"http://127.0.0.1:{port}/healthz") != 200:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log = (folder / f"replica{ports.index(port)}.log").read_text()[-3000:]
                    raise RuntimeError(f"a replica did not start:\n{log}")
                time.sleep(0.2)
        lb = subprocess.Popen([nginx, "-c", str(nginx_conf(folder, lb_port, ports)), "-g", "daemon off;"],
                              stderr=open(folder / "nginx.out", "w"))
        while _get(f"http://127.0.0.1:{lb_port}/healthz") != 200:
            if lb.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not start: see {folder}")
            time.sleep(0.1)
        updates, keys, results_expected = burst(groups, per_group)
        sent: dict[str, float] = {}
        killed, started, count = 0, time.monotonic(), [0]
        lock = threading.Lock()
        chats: dict[str, list] = {}
        for update, key in zip(updates, keys):  # as Telegram does, one chat's updates in order, chats at once
            chats.setdefault(key.split(":")[0] if key.startswith("m") else f"m{update['callback_query']['message']['chat']['id']}", []).append((update, key))

        def send_chat(items):
            nonlocal killed
            for update, key in items:
                with lock:
                    count[0] += 1
                    if killed < kill and count[0] >= len(updates) // 3:
                        procs[killed].send_signal(signal.SIGKILL)  # mid-burst, updates in flight on it
                        killed += 1
                sent[key] = time.monotonic()
                _post(f"http://127.0.0.1:{lb_port}/telegram", update)

        with ThreadPoolExecutor(max_workers=min(32, len(chats))) as pool:
            for future in [pool.submit(send_chat, items) for items in chats.values()]:
                future.result()
        import psycopg

        with psycopg.connect(pg.url, autocommit=True) as conn:
            while time.monotonic() - started < timeout:
                pending = conn.execute("SELECT count(*) FROM inbox WHERE done_at IS NULL").fetchone()[0]
                if pending == 0 and all(k in api.answered for k in keys):
                    break
                time.sleep(0.1)
            elapsed = max(api.answered.values(), default=time.monotonic()) - started
            stored = conn.execute("SELECT count(*) FROM inbox").fetchone()[0]
            rows = conn.execute("SELECT count(*), count(DISTINCT (session_id, board, ns, ew)) FROM results").fetchone()
        answered = sum(k in api.answered for k in keys)
        if answered < len(keys) and os.environ.get("BENCH_DEBUG"):
            for i in range(replicas):
                print((folder / f"replica{i}.log").read_text()[-4000:], file=sys.stderr)
            print(pending, [k for k in keys if k not in api.answered][:20], file=sys.stderr)
            with psycopg.connect(pg.url, autocommit=True) as conn:
                for row in conn.execute("SELECT pid, state, wait_event_type, wait_event, left(query, 200) "
                                        "FROM pg_stat_activity WHERE datname = 'postgres'"):
                    print(row, file=sys.stderr)
        latencies = sorted((api.answered[k] - sent[k]) * 1000 for k in keys if k in api.answered)
        pick = (lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1)) if latencies \
            else (lambda q: None)
        return {"replicas": replicas, "killed": killed, "updates": len(updates), "answered": answered,
                "results_expected": results_expected, "results_stored": rows[1],
                "lost": (len(updates) - answered) + (results_expected - rows[1]) + (len(updates) - stored),
                "duplicates": rows[0] - rows[1], "p50_ms": pick(0.5), "p99_ms": pick(0.99),
                "updates_per_s": round(len(updates) / elapsed, 1) if elapsed > 0 else None}
    finally:
        for proc in procs + ([lb] if lb else []):
            if proc.poll() is None:
                proc.terminate()
        for proc in procs + ([lb] if lb else []):
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        api.server.shutdown()
        pg.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run, print; non-zero when an update was lost or a result doubled."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicas", type=int, default=3)
    parser.add_argument("--kill", type=int, default=0)
    parser.add_argument("--groups", type=int, default=16, help="club groups in the burst")
    parser.add_argument("--per-group", type=int, default=12, help="messages each group sends (Telegram lets a bot send a group 20 a minute)")
    parser.add_argument("--json", action="store_true", help="one JSON line per run")
    parser.add_argument("--compare", action="store_true", help="1, 2 and 4 replicas without a kill")
    args = parser.parse_args(argv)
    runs = [(n, 0) for n in (1, 2, 4)] if args.compare else [(args.replicas, args.kill)]
    figures = [run(n, k, args.groups, args.per_group) for n, k in runs]
    for line in figures:
        print(json.dumps(line) if args.json or not args.compare else
              f"{line['replicas']} replica(s): {line['updates_per_s']} updates/s, p50 {line['p50_ms']} ms, "
              f"p99 {line['p99_ms']} ms, lost {line['lost']}, duplicates {line['duplicates']}"
              + (f", ×{line['updates_per_s'] / figures[0]['updates_per_s']:.2f} of 1 replica" if figures[0]['updates_per_s'] else ""))
    return 1 if any(line["lost"] or line["duplicates"] for line in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
