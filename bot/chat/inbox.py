"""The durable inbox of Telegram updates, for several replicas on one PostgreSQL database.

The webhook stores each update (unique on ``update_id``: Telegram's redelivery of one already
stored changes nothing) and only then answers 200.  A worker of any replica claims the oldest update
of a chat no worker has in hand (an advisory lock per chat, then ``FOR UPDATE SKIP LOCKED``: two
workers never take the same update nor two of one chat, and a chat's updates are handled in order), handles it on the claiming connection and marks it done
in that same transaction — so the club write and "done" commit together.  A replica that dies
mid-update loses its connection; PostgreSQL rolls the transaction back and the update is claimed
again elsewhere: at-least-once delivery, exactly-once effect for club writes.  Nothing here knows
Telegram beyond the shape of an update's JSON."""

from __future__ import annotations

import json
from datetime import datetime, timezone

# The oldest pending updates of chats not in hand (a few: another worker may take one first).
_CANDIDATES = ("SELECT DISTINCT ON (chat_key) chat_key, update_id FROM inbox WHERE done_at IS NULL "
               "ORDER BY chat_key, update_id LIMIT 16")
_FIRST_OF_CHAT = ("SELECT update_id, body FROM inbox WHERE chat_key = %s AND done_at IS NULL "
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

    def claim(self, conn) -> tuple[int, dict, str] | None:
        """Take the next update to handle on ``conn`` (not in autocommit): the chat's session-level
        advisory lock (no other worker of any replica handles that chat meanwhile; released by
        :meth:`release`, or by PostgreSQL when the replica dies) and, in the open transaction, the
        chat's oldest pending update, locked.  ``(update_id, update, chat_key)``, or None."""
        candidates = conn.execute(_CANDIDATES).fetchall()
        conn.rollback()
        for key, _ in sorted(candidates, key=lambda row: row[1]):
            if not conn.execute("SELECT pg_try_advisory_lock(hashtext(%s))", (key,)).fetchone()[0]:
                conn.rollback()
                continue
            row = conn.execute(_FIRST_OF_CHAT, (key,)).fetchone()
            if row is not None:
                return row[0], json.loads(row[1]), key
            conn.rollback()
            self.release(conn, key)
        return None

    @staticmethod
    def release(conn, key: str) -> None:
        """Let other workers take the chat ``key`` again (after the commit or the rollback)."""
        conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (key,))
        conn.rollback()

    @staticmethod
    def done(conn, update_id: int, replica: str) -> None:
        """Mark the claimed update handled (committed with ``conn``'s transaction)."""
        conn.execute("UPDATE inbox SET done_at = %s, done_by = %s WHERE update_id = %s", (_now(), replica, update_id))

    def pending(self) -> int:
        """How many stored updates are not handled yet."""
        return self.db.execute("SELECT count(*) FROM inbox WHERE done_at IS NULL").fetchone()[0]
