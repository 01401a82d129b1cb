"""The durable inbox of Telegram updates, for several replicas on one PostgreSQL database.

The webhook stores each update (unique on ``update_id``: Telegram's redelivery of one already
stored changes nothing) and only then answers 200.  A worker of any replica claims the oldest update
whose chat has nothing earlier pending (``FOR UPDATE SKIP LOCKED``: two workers never take the same,
and a chat's updates are handled in order), handles it on the claiming connection and marks it done
in that same transaction — so the club write and "done" commit together.  A replica that dies
mid-update loses its connection; PostgreSQL rolls the transaction back and the update is claimed
again elsewhere: at-least-once delivery, exactly-once effect for club writes.  Nothing here knows
Telegram beyond the shape of an update's JSON."""

from __future__ import annotations

import json
from datetime import datetime, timezone

_CLAIM = ("SELECT update_id, body FROM inbox AS i WHERE done_at IS NULL AND NOT EXISTS "
          "(SELECT 1 FROM inbox AS e WHERE e.chat_key = i.chat_key AND e.done_at IS NULL AND e.update_id < i.update_id) "
          "ORDER BY update_id LIMIT 1 FOR UPDATE SKIP LOCKED")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def chat_key(update: dict) -> str:
    """What orders an update among others: its chat (``c<id>``), else its sender (``u<id>``, inline
    queries), else the update itself."""
    for kind in ("message", "edited_message", "channel_post", "edited_channel_post", "my_chat_member",
                 "chat_member", "chat_join_request"):
        if isinstance(update.get(kind), dict) and "chat" in update[kind]:
            return f"c{update[kind]['chat']['id']}"
    query = update.get("callback_query")
    if isinstance(query, dict) and isinstance(query.get("message"), dict):
        return f"c{query['message']['chat']['id']}"
    for value in update.values():
        if isinstance(value, dict) and isinstance(value.get("from"), dict):
            return f"u{value['from']['id']}"
    return f"x{update.get('update_id')}"


class Inbox:
    """The ``inbox`` table of a :class:`bot.base.database.PostgresDatabase`."""

    def __init__(self, db) -> None:
        self.db = db

    def put(self, update: dict) -> bool:
        """Store one update (a dict with ``update_id``); False when it was stored before."""
        rows = self.db.execute(
            "INSERT INTO inbox (update_id, chat_key, body, received_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (update_id) DO NOTHING RETURNING update_id",
            (int(update["update_id"]), chat_key(update), json.dumps(update, ensure_ascii=False), _now()))
        return rows.fetchone() is not None

    def claim(self, conn) -> tuple[int, dict] | None:
        """In ``conn``'s open transaction, lock the next update to handle: ``(update_id, update)``,
        or None when there is none free."""
        row = conn.execute(_CLAIM).fetchone()
        return (row[0], json.loads(row[1])) if row else None

    @staticmethod
    def done(conn, update_id: int, replica: str) -> None:
        """Mark the claimed update handled (committed with ``conn``'s transaction)."""
        conn.execute("UPDATE inbox SET done_at = %s, done_by = %s WHERE update_id = %s", (_now(), replica, update_id))

    def pending(self) -> int:
        """How many stored updates are not handled yet."""
        return self.db.execute("SELECT count(*) FROM inbox WHERE done_at IS NULL").fetchone()[0]
