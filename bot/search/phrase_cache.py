"""The phrase look-ups, saved next to the index so a process starts without rebuilding them.

Building :class:`~bot.search.phrases.PhraseIndex`, the two :class:`~bot.search.phrases.PooledIndex`
and :class:`~bot.search.pooled_words.PooledWords` from the index's ~9 000 phrases takes most of a cold
start (~0.4 s); reading them back with :mod:`marshal` (plain containers only: it runs no code, unlike
pickle; the numpy arrays go as their bytes) takes a fraction of that.
The file is named by the index file (whose name carries the data's fingerprint) and by a hash of
the code that builds the look-ups, so a change to either builds afresh; a file that cannot be read
is rebuilt, never trusted.  Like the index, it is a generated file in the cache folder.
"""

from __future__ import annotations

import gc
import hashlib
import logging
import marshal
import os
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.search import documents as documents_module
from bot.search import phrases as phrases_module
from bot.search import pooled_words as pooled_words_module

log = logging.getLogger(__name__)
FORMAT = 2
KEEP_PER_INDEX = 3


def _code_hash(builder: Callable) -> str:
    """A short hash of the files whose code decides what the look-ups hold."""
    # (documents holds RowWords, saved with the look-ups)
    sources = [Path(phrases_module.__file__), Path(pooled_words_module.__file__), Path(documents_module.__file__),
               Path(__file__), Path(builder.__code__.co_filename)]
    digest = hashlib.sha256()
    for path in sources:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def cache_path(db: sqlite3.Connection, builder: Callable) -> Path | None:
    """Where the look-ups of the index open as ``db`` are saved (None for an in-memory index)."""
    rows = [row for row in db.execute("PRAGMA database_list") if row[1] == "main"]
    if not rows or not rows[0][2]:
        return None
    return Path(f"{rows[0][2]}.phrases-{_code_hash(builder)}.marshal")


def load_or_build(path: Path | None, build: Callable[[], tuple], classes: tuple[type, ...]) -> tuple:
    """The look-ups ``build()`` makes (instances of ``classes``, in order): read from ``path`` when
    it holds them, else built and saved there (best effort: a read-only cache only costs time)."""
    if path is not None and path.exists():
        try:
            with open(path, "rb") as fh:
                data = fh.read()
            # Tens of thousands of small containers (keys, IDF tables): the cyclic collector would
            # scan them again and again while they are made, though none can be garbage yet.
            gc.disable()
            try:
                version, states = marshal.loads(data)
            finally:
                gc.enable()
            if version == FORMAT and len(states) == len(classes):
                return tuple(cls.from_state(state) for cls, state in zip(classes, states))
        except (OSError, EOFError, ValueError, TypeError, KeyError) as err:
            log.warning("phrase cache %s unreadable (%s): rebuilding", path.name, type(err).__name__)
    built = build()
    if path is not None:
        try:
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".phrases-", suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                marshal.dump((FORMAT, [index.to_state() for index in built]), fh)
            os.replace(tmp, path)
            prune(path.parent)
        except OSError as err:
            log.warning("phrase cache not saved (%s)", type(err).__name__)
    return built


def prune(cache_dir: Path) -> None:
    """Delete the saved look-ups of an index no longer there, and keep the :data:`KEEP_PER_INDEX`
    newest of each index (one per version of the code that builds them: each upgrade leaves ~6 MB
    behind, and processes of different versions — a benchmark's previous release — may share the folder)."""
    by_index: dict[str, list[Path]] = {}
    for path in cache_dir.glob("*.phrases-*.marshal"):
        by_index.setdefault(path.name.split(".phrases-")[0], []).append(path)
    for index, paths in by_index.items():
        if not (cache_dir / index).exists():
            stale = paths
        else:
            stale = sorted(paths, key=_modified, reverse=True)[KEEP_PER_INDEX:]
        for path in stale:
            path.unlink(missing_ok=True)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:   # deleted meanwhile by another process
        return 0.0
