"""Per-chat state for the conversation: what the last answer was about.

With one process it lives in memory, bounded: a chat that has been quiet longest is forgotten
first (losing it only means 「全文」 asks which law is meant).  With several replicas on one
PostgreSQL (``BRIDGEBOT_DATABASE_URL``), :class:`SharedContextStore` keeps it in the database, so a
follow-up works whichever replica receives it.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone

QUESTIONS_KEPT = 8


@dataclass
class ChatContext:
    """What a follow-up (「全文」, 「下一条」, 「more」) refers to in one chat.

    ``law`` and ``clause`` are those of the last answer; ``next_page`` is the command that
    continues a long answer (``/more 50 2``), or None when nothing is pending; ``lang`` and
    ``traditional`` remember how the user last wrote, for messages that do not tell
    (``50D2`` says nothing about language, 「全文」 nothing about script).  ``whole`` is True when
    the last answer showed all of its law; ``term`` is the defined term last shown; ``choices`` is True
    when the last answer offered options instead (「全文」 then asks to pick one, not the law before them).  The last few
    questions are kept by number, so a clarifying question's button (「庄家」) re-asks its own
    question even after others were asked in the chat; ``question`` is the latest."""

    law: int | None = None
    clause: str | None = None
    next_page: str | None = None
    lang: str | None = None
    traditional: bool = False
    whole: bool = False
    term: str | None = None
    choices: bool = False
    questions: OrderedDict = field(default_factory=OrderedDict)
    _asked: int = 0

    def remember_question(self, question: str) -> int:
        """Keep ``question`` (the oldest of more than a few is forgotten); returns its number."""
        self._asked += 1
        self.questions[self._asked] = question
        while len(self.questions) > QUESTIONS_KEPT:
            self.questions.popitem(last=False)
        return self._asked

    @property
    def question(self) -> str | None:
        """The latest question asked in this chat, if any is remembered."""
        return next(reversed(self.questions.values()), None)


class ContextStore:
    """A bounded map from chat id to :class:`ChatContext` (least recently used chat dropped)."""

    def __init__(self, max_chats: int = 10_000):
        self._contexts: OrderedDict[Hashable, ChatContext] = OrderedDict()
        self._max_chats = max_chats

    def get(self, chat_id: Hashable) -> ChatContext:
        """The context of ``chat_id``, created empty on first use."""
        context = self._contexts.pop(chat_id, None) or ChatContext()
        self._contexts[chat_id] = context
        while len(self._contexts) > self._max_chats:
            self._contexts.popitem(last=False)
        return context

    def put(self, chat_id: Hashable, context: ChatContext) -> None:
        """Keep the context after an answer changed it (in memory it is the same object: nothing to do)."""

    def __len__(self) -> int:
        return len(self._contexts)


def context_state(context: ChatContext) -> str:
    """``context`` as JSON text (the questions as ``[[number, text], …]``, oldest first)."""
    state = asdict(context)
    state["questions"] = [[number, text] for number, text in context.questions.items()]
    return json.dumps(state, ensure_ascii=False)


def context_from_state(text: str) -> ChatContext:
    """The context :func:`context_state` wrote (fields it does not know are ignored)."""
    state = json.loads(text)
    questions = OrderedDict((int(number), question) for number, question in state.pop("questions", []))
    known = {name: value for name, value in state.items() if name in ChatContext.__dataclass_fields__}
    return ChatContext(**known, questions=questions)


class SharedContextStore:
    """The chats' contexts in a :class:`bot.base.database.Database` (table ``chat_contexts``), read
    before each answer and written after it: every replica sees the same follow-up state."""

    def __init__(self, db) -> None:
        self.db = db

    def get(self, chat_id: Hashable) -> ChatContext:
        """The stored context of ``chat_id``, or an empty one."""
        row = self.db.execute("SELECT state FROM chat_contexts WHERE chat_id = ?", (str(chat_id),)).fetchone()
        return context_from_state(row[0]) if row else ChatContext()

    def put(self, chat_id: Hashable, context: ChatContext) -> None:
        """Store ``context`` as the chat's."""
        self.db.execute("INSERT INTO chat_contexts (chat_id, state, updated_at) VALUES (?, ?, ?) "
                        "ON CONFLICT (chat_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
                        (str(chat_id), context_state(context), datetime.now(timezone.utc).isoformat()))

    def __len__(self) -> int:
        return self.db.execute("SELECT count(*) FROM chat_contexts").fetchone()[0]


def default_contexts() -> ContextStore | SharedContextStore:
    """In the club store's PostgreSQL database when ``$BRIDGEBOT_DATABASE_URL`` is set, else in memory."""
    import os

    if not os.environ.get("BRIDGEBOT_DATABASE_URL"):
        return ContextStore()
    from bot.club.store import default_store

    return SharedContextStore(default_store().db)
