"""The club commands: ``/session``, ``/r``, ``/undo``, ``/redo``, ``/traveller``, ``/standings``, ``/export``,
``/import``, ``/pair``, ``/team`` and ``/hands``.  Each handler runs inside one store transaction (after its :data:`PREPARE` step, if any, outside it) and returns a :class:`ClubReply`;
user mistakes are raised as :class:`ClubInputError` and never change what is stored.

:data:`HANDLERS` maps each command to its handler; the handlers live in one module per job
(:mod:`~bot.club.sessions`, :mod:`~bot.club.recording`, :mod:`~bot.club.standings`, :mod:`~bot.club.names`,
:mod:`~bot.club.files`), the request and reply types in :mod:`~bot.club.request`."""

from __future__ import annotations

from bot.club.files import export, hand_records, import_results, prepare_hands
from bot.club.names import pair, team
from bot.club.recording import check_clash, record, redo, undo  # noqa: F401  (check_clash: read here by bench/)
from bot.club.request import ClubReply, Request  # noqa: F401
from bot.club.sessions import session
from bot.club.standings import standings, traveller

HANDLERS = {"session": session, "r": record, "undo": undo, "redo": redo, "traveller": traveller,
            "standings": standings, "export": export, "import": import_results, "pair": pair, "team": team,
            "hands": hand_records}
# Work done before a handler's transaction, outside the store's lock: request → request (CPU-heavy steps).
PREPARE = {"hands": prepare_hands}
