"""Per-chat state for the conversation: what the last answer was about.

It lives in memory, bounded: a chat that has been quiet longest is forgotten first.  Losing
the context only means 「全文」 asks the user which law they mean, so nothing here is persisted.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field

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

    def __len__(self) -> int:
        return len(self._contexts)
