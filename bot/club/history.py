"""Names and hand records as history: each ``/pair``, ``/team`` or ``/hands`` keeps the rows it
replaced, so ``/undo`` puts them back and ``/redo`` puts the change back again, in one order
with the results (changes share the results' batch and undo numbers)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone

from bot.club.store import ClubStore

# kind → (table, key columns, value columns)
_TABLES = {"names": ("club_names", ("side", "label"), ("name", "set_by")),
           "hands": ("club_hands", ("board",), ("deal", "analysis", "set_by"))}


@dataclass(frozen=True)
class Change:
    """One stored change of names or hand records: the keys it touched, the rows before and after."""

    id: int
    batch: int
    kind: str
    keys: list[list]
    before: list[list]
    after: list[list]
    undo_seq: int | None


def _rows(store: ClubStore, kind: str, session_id: int, keys: list[list]) -> list[list]:
    table, key_columns, value_columns = _TABLES[kind]
    where = " AND ".join(f"{column} = ?" for column in key_columns)
    found = []
    for key in keys:
        found += [list(row) for row in store.db.execute(
            f"SELECT {', '.join(key_columns + value_columns)} FROM {table} WHERE session_id = ? AND {where}",
            (session_id, *key))]
    return found


def _put(store: ClubStore, kind: str, session_id: int, keys: list[list], rows: list[list]) -> None:
    table, key_columns, value_columns = _TABLES[kind]
    where = " AND ".join(f"{column} = ?" for column in key_columns)
    for key in keys:
        store.db.execute(f"DELETE FROM {table} WHERE session_id = ? AND {where}", (session_id, *key))
    columns = ("session_id", *key_columns, *value_columns)
    store.db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                              [(session_id, *row) for row in rows])


def before(store: ClubStore, kind: str, session_id: int, keys: list[tuple]) -> tuple[list[list], list[list]]:
    """The keys and the rows they have now, to pass to :func:`record` once the change is made."""
    keys = [list(key) for key in keys]
    return keys, _rows(store, kind, session_id, keys)


def record(store: ClubStore, kind: str, session_id: int, taken: tuple[list[list], list[list]],
           user_id: int | str) -> None:
    """Keep the change just made to the rows ``taken`` (from :func:`before`) as the session's newest batch."""
    keys, old = taken
    store.db.execute(
        "INSERT INTO club_changes (session_id, batch, kind, keys, before, after, changed_by, changed_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (session_id, store.next_batch(session_id), kind, json.dumps(keys), json.dumps(old),
         json.dumps(_rows(store, kind, session_id, keys)), str(user_id),
         datetime.now(timezone.utc).isoformat(timespec="seconds")))


def _change(row) -> Change:
    cid, batch, kind, keys, old, new, seq = row
    return Change(cid, batch, kind, json.loads(keys), json.loads(old), json.loads(new), seq)


_SELECT = "SELECT id, batch, kind, keys, before, after, undo_seq FROM club_changes"


def latest(store: ClubStore, session_id: int, changed_by: int | str | None = None) -> Change | None:
    """The newest change not undone (by ``changed_by``, when given), or None."""
    where, params = "session_id = ? AND undo_seq IS NULL", [session_id]
    if changed_by is not None:
        where += " AND changed_by = ?"
        params.append(str(changed_by))
    row = store.db.execute(f"{_SELECT} WHERE {where} ORDER BY batch DESC LIMIT 1", params).fetchone()
    return _change(row) if row else None


def last_undone(store: ClubStore, session_id: int, undone_by: int | str | None = None) -> Change | None:
    """The change undone last (by ``undone_by``, when given) and not brought back, or None."""
    where, params = "session_id = ? AND undo_seq IS NOT NULL", [session_id]
    if undone_by is not None:
        where += " AND undone_by = ?"
        params.append(str(undone_by))
    row = store.db.execute(f"{_SELECT} WHERE {where} ORDER BY undo_seq DESC LIMIT 1", params).fetchone()
    return _change(row) if row else None


def undo(store: ClubStore, session_id: int, change: Change, user_id: int | str) -> None:
    """Put back the rows ``change`` replaced; it stays, marked undone, for :func:`redo`."""
    _put(store, change.kind, session_id, change.keys, change.before)
    store.db.execute("UPDATE club_changes SET undone_by = ?, undo_seq = ? WHERE id = ?",
                     (str(user_id), store.next_undo_seq(session_id), change.id))


def redo(store: ClubStore, session_id: int, change: Change) -> bool:
    """Make ``change`` again; False (and nothing done) when its rows have changed since the undo."""
    if _rows(store, change.kind, session_id, change.keys) != change.before:
        return False
    _put(store, change.kind, session_id, change.keys, change.after)
    store.db.execute("UPDATE club_changes SET undone_by = NULL, undo_seq = NULL WHERE id = ?", (change.id,))
    return True


def describe(change: Change, lang: str) -> str:
    """What the change did, in a few words: 「NS1 的名字」, 「3 副牌例」."""
    if change.kind == "hands":
        return f"the hand records of {len(change.keys)} board(s)" if lang == "en" else f"{len(change.keys)} 副牌例"
    side, label = change.keys[0]
    who = label if side == "team" else f"{side}{label}"
    return f"the name of {who}" if lang == "en" else f"{who} 的名字"
