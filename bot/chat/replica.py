"""One of several webhook replicas sharing a PostgreSQL database (``BRIDGEBOT_DATABASE_URL``).

A small tornado server (python-telegram-bot's own webhook dependency) takes Telegram's POSTs: the
secret is checked, the update is written to the inbox (:mod:`bot.chat.inbox`) and only then is 200
answered; ``GET /healthz`` answers 200 while the database answers.  Workers claim updates from the
inbox — any replica's — and hand each to the same ``Application`` handlers as polling does, on the
claiming connection, so what the update changes and its "done" commit together."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import os
import socket

from telegram import Update

from bot.chat.inbox import Inbox

log = logging.getLogger(__name__)
WORKERS = 8  # updates one replica handles at once (each holds a database connection while it does)
IDLE_POLL_S = 0.05  # how often an idle worker looks for updates another replica stored


class Replica:
    """The web server and the inbox workers of one replica over ``application`` (built without an updater)."""

    def __init__(self, application, db, secret: str, url_path: str, name: str | None = None,
                 workers: int = WORKERS) -> None:
        self.application, self.db, self.secret = application, db, secret
        self.url_path = "/" + url_path.strip("/")
        self.name = name or f"{socket.gethostname()}:{os.getpid()}"
        self.inbox = Inbox(db)
        self.workers = workers
        self._wake = asyncio.Event()
        self._stopping = False

    def web_app(self):
        """The tornado application: the webhook at ``url_path`` and ``/healthz``."""
        import tornado.web

        replica = self

        class Webhook(tornado.web.RequestHandler):
            async def post(self):
                given = self.request.headers.get("X-Telegram-Bot-Api-Secret-Token", "")
                if not hmac.compare_digest(given.encode(), replica.secret.encode()):
                    self.set_status(403)
                    return
                try:
                    update = json.loads(self.request.body)
                    int(update["update_id"])
                except (ValueError, KeyError, TypeError):
                    self.set_status(400)
                    return
                await asyncio.to_thread(replica.inbox.put, update)  # a database failure → 500: Telegram retries
                replica._wake.set()
                self.set_status(200)

        class Health(tornado.web.RequestHandler):
            async def get(self):
                try:
                    await asyncio.to_thread(replica.db.execute, "SELECT 1")
                except Exception:  # noqa: BLE001 - any failure means "not healthy"
                    self.set_status(503)
                    self.write("database unavailable\n")
                    return
                self.write("ok\n")

        return tornado.web.Application([(self.url_path, Webhook), ("/healthz", Health)])

    async def work(self) -> None:
        """One worker: claim, handle, mark done, commit; wait a little when nothing is free."""
        while not self._stopping:
            try:
                handled = await self._handle_one()
            except Exception:  # noqa: BLE001 - the database went away a moment: the update stays pending
                log.exception("inbox worker failed; trying again")
                handled = False
                await asyncio.sleep(0.5)
            if not handled:
                self._wake.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), IDLE_POLL_S)

    async def _handle_one(self) -> bool:
        conn = await asyncio.to_thread(self.db.pool.getconn)
        key = None
        try:
            conn.autocommit = False
            claimed = await asyncio.to_thread(self.inbox.claim, conn)
            if claimed is None:
                return False
            update_id, body, key = claimed
            with self.db.bound(conn):
                await self._process(body)
            await asyncio.to_thread(self._finish, conn, update_id)
            return True
        finally:
            with contextlib.suppress(Exception):
                conn.rollback()
                if key is not None:
                    self.inbox.release(conn, key)
                conn.autocommit = True
            self.db.pool.putconn(conn)

    def _finish(self, conn, update_id: int) -> None:
        self.inbox.done(conn, update_id, self.name)
        conn.commit()

    async def _process(self, body: dict) -> None:
        """The update through the application's handlers, and the chat jobs it queued, awaited (only
        this update's: no other update of the chat is in hand anywhere)."""
        update = Update.de_json(body, self.application.bot)
        await self.application.process_update(update)
        shell = self.application.bot_data.get("shell")
        if shell is not None and update.effective_chat is not None:
            await shell.workers.settled(update.effective_chat.id)

    async def serve(self, listen: str, port: int, webhook_url: str | None = None) -> None:
        """Start the application, tell Telegram the webhook (when ``webhook_url``), serve until cancelled."""
        import tornado.httpserver

        await self.application.initialize()
        await self.application.start()
        if webhook_url:
            await self.application.bot.set_webhook(webhook_url, secret_token=self.secret,
                                                   allowed_updates=Update.ALL_TYPES)
        server = tornado.httpserver.HTTPServer(self.web_app())
        server.listen(port, address=listen)
        tasks = [asyncio.create_task(self.work()) for _ in range(self.workers)]
        log.info("replica %s listening on %s:%s", self.name, listen, port)
        try:
            await asyncio.Event().wait()
        finally:
            self._stopping = True
            server.stop()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self.application.stop()
            await self.application.shutdown()
