"""The chat core: a message's text and its chat in, one :class:`Reply` out.

Transport-agnostic (no ``telegram`` import): the Telegram bot, the console chat and the tests
all go through :meth:`Core.handle` (typed text) and :meth:`Core.press` (a tapped button).
Buttons carry the command a tap sends back (``/law 49``, ``/more 50 2``), so a tap works the
same after a restart and in the console, where the user types the button's number.

Answers are phone-sized: a clause comes with the sentences that govern it (an excerpt, see
:mod:`bot.rulebook.excerpt`), the rest of the law is one tap away (全文).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from bot.base.textnorm import MAX_INPUT_CHARS, is_traditional, normalize_query, to_simplified, to_traditional
from bot.chat import commands
from bot.chat.answers.buttons import SHORT_LABEL  # noqa: F401  (re-exported: tests read it here)
from bot.chat.answers.club import club_reply
from bot.chat.answers.hits import ALTERNATIVES, defines_a_named_word
from bot.chat.answers.inline import inline_items
from bot.chat.answers.laws import law_reply
from bot.chat.answers.meanings import define
from bot.chat.answers.paging import follow_up, more, step
from bot.chat.answers.plain import about_reply, group_welcome, help_reply, note, unknown_command
from bot.chat.answers.scores import score_reply
from bot.chat.answers.search import search_answer
from bot.chat.answers.toc import toc_reply
from bot.chat.context import ChatContext, ContextStore, default_contexts
from bot.chat.followups import ACTORS, actor_follow_up, follow_up_kind, small_talk, with_actor
from bot.chat.guard import ascii_number, clean_text
from bot.chat.language import CJK, ENGLISH_WORD, detect_lang, localise
# (CALLBACK_BYTES, Button and paginate are re-exported: code and tests import them from here)
from bot.chat.reply import CALLBACK_BYTES, Button, ChatMessage, InlineItem, Reply, in_group, paginate  # noqa: F401
from bot.chat.services import Services
from bot.chat.texts import say
from bot.rulebook.model import split_clause_id

INLINE_LIMIT = 50

WARM_UP_QUESTION = "明手能提醒庄家吗"
_COMMAND = re.compile(r"^/([A-Za-z0-9_]+)(?:@\w+)?(?:\s+(.*))?$", re.S)
# A message that names matchpoints or IMPs and some numbers, but asks how they work (「双人赛13桌，我们比8桌好，
# 比赛分怎么算」): when its numbers are no scores to compare, the rules answer it, not a scorer's error.
_ASKS_HOW = re.compile(r"怎么算|怎么来的|怎么计算|如何计算|是什么|什么意思|为什么|\bhow (?:is|are|do|does)\b|\bwhat (?:is|are)\b|\bwhy\b")

# digits and the punctuation around them, and nothing else: 「50.2」, 「-1」, 「#50」
_NUMBERS_ONLY = re.compile(r"[\s\d.,:;#+\-–—()/\\]*\d[\s\d.,:;#+\-–—()/\\]*")


@dataclass
class Core:
    """The conversation logic over :class:`Services`, with a small per-chat context: which kind of
    message this is, and which answer of :mod:`bot.chat.answers` renders it."""

    services: Services
    contexts: ContextStore = field(default_factory=ContextStore)

    @classmethod
    def open(cls) -> Core:
        """A core over the real rulebook, search index, scorer and club store; with
        ``$BRIDGEBOT_DATABASE_URL`` set the chats' contexts live in that database too (shared by replicas)."""
        return cls(Services.default(), contexts=default_contexts())

    # ----- entry points -------------------------------------------------------------

    def handle(self, message: ChatMessage) -> Reply:
        """Answer one typed message (a command, a follow-up word, a reference, a score or a question)."""
        # The one edge where what people send is cleaned: the typed text and the text it quotes.
        message = replace(message, text=clean_text(message.text),
                          quoted=clean_text(message.quoted) if message.quoted is not None else None)
        context = self.contexts.get(message.chat_id)
        text = message.text.strip()
        lang = self._language(text, message, context)
        traditional = self._script(text, context)
        if len(text) > MAX_INPUT_CHARS:
            reply = note("too_long", lang, n=len(text), limit=MAX_INPUT_CHARS)
        else:
            reply = self._route(text, message, context, lang)
        if not reply.text.strip():
            reply = replace(reply, body=say("nothing_to_show", lang))  # Telegram refuses an empty message
        self.contexts.put(message.chat_id, context)
        return localise(replace(reply, lang=lang), traditional)

    def press(self, message: ChatMessage) -> Reply:
        """Answer a tapped button (``message.text`` is the button's data).  Moving to the
        next or previous law replaces the tapped message; everything else is a new one."""
        reply = self.handle(message)
        # A note (「已经是最后一条了」) goes below the law rather than replacing it.
        if message.text.startswith(("/next", "/prev")) and reply.refers_to is not None:
            reply = replace(reply, edit=True)
        return reply

    def inline(self, query: str, lang_hint: str | None = None) -> list[InlineItem]:
        """Clauses matching ``query`` for inline mode (at most 50); empty when nothing matches
        confidently — a weak guess (「天气」 → a clause with 天) is worse than none there."""
        query = clean_text(query).strip()[:MAX_INPUT_CHARS]
        lang = detect_lang(query, "en" if (lang_hint or "").startswith("en") else "zh")
        if not query:
            return []
        traditional = is_traditional(query)
        reference = self._reference(query)
        if isinstance(reference, Reply):
            return []
        if reference is not None:
            targets = [(reference.law, reference.clause, "", (), "")]
        elif self.services.ask is None:
            return []
        else:
            result = self.services.search(query, k=INLINE_LIMIT)   # (the search reads traditional text itself)
            hits = result.hits if result.confident or (result.hits and defines_a_named_word(result.hits[0])) else []
            targets = [(h.law, h.clause, h.term, tuple(h.matched), h.snippet) for h in hits]
        return inline_items(self.services, targets[:INLINE_LIMIT], lang, traditional)

    def prepare(self) -> None:
        """Make everything the first question needs before any message is taken: the search's index is
        built (or checked) when the core opens; this asks one question so that the tables the search
        makes on first use (phrases, segmenter) are ready too."""
        if self.services.ask is not None:
            self.services.ask(WARM_UP_QUESTION)

    def welcome(self, lang_hint: str | None = None, mention: str = "") -> Reply:
        """The message a group gets when the bot is added to it: how to address the bot there
        (``mention``: its @name) and how to start a session."""
        return group_welcome("en" if (lang_hint or "").startswith("en") else "zh", mention)

    def apology(self, text: str = "", lang_hint: str | None = None) -> Reply:
        """The brief answer for a message that hit a bug."""
        text = clean_text(text)
        lang = detect_lang(text, "en" if (lang_hint or "").startswith("en") else "zh")
        return localise(note("apology", lang), is_traditional(text))

    @staticmethod
    def answers_command(text: str) -> bool:
        """True when ``text`` is a command of this bot or a near miss of one (``/standing``):
        in a group, where other bots' commands pass by, only these deserve an answer."""
        command = _COMMAND.match(text.strip())
        if not command:
            return False
        name = command.group(1)
        return commands.find(name) is not None or commands.suggest(name) is not None

    # ----- routing ------------------------------------------------------------------

    def _language(self, text: str, message: ChatMessage, context: ChatContext) -> str:
        hint = "en" if (message.lang_hint or "").startswith("en") else "zh"
        command = _COMMAND.match(text)
        words = (command.group(2) or "") if command else text
        known = commands.find(command.group(1)) if command else None
        if known is not None and known.name in commands.NOTATION_COMMANDS:
            # 「new pairs」, 「4S+1 vul」: keywords of a notation, not a sign of an English speaker.
            words = "".join(CJK.findall(words))
        elif known is not None and known.area in ("start", "as"):
            words = ""  # a deep-link payload (/start inline) or a reading (/as declarer): no language
        if context.lang and self._bare_reference(words):
            # 「第50条D款2」, "law 50d2", "50 D 2": a reference's form is no sign of the chat's language
            return context.lang
        lang = detect_lang(words, context.lang or hint)
        if CJK.search(words) or ENGLISH_WORD.search(words):
            context.lang = lang
        return lang

    def _bare_reference(self, words: str) -> bool:
        """Whether ``words`` are nothing but a law reference, in any of its forms."""
        from bot.rulebook.refs import ReferenceInputError

        try:
            return bool(words.strip()) and self.services.parse_reference is not None \
                and self.services.parse_reference(words) is not None
        except ReferenceInputError:
            return False

    @staticmethod
    def _script(text: str, context: ChatContext) -> bool:
        han = "".join(CJK.findall(text))
        # 「全文」 reads the same in both scripts: keep whatever the user wrote last time.
        if han and (to_simplified(han) != han or to_traditional(han) != han):
            context.traditional = is_traditional(han)
        return context.traditional

    def _route(self, text: str, message: ChatMessage, context: ChatContext, lang: str) -> Reply:
        if not text:
            return help_reply(lang, greeting=True)
        command = _COMMAND.match(text)
        if command:
            return self._command(command.group(1), (command.group(2) or "").strip(), message, context, lang)
        plain = normalize_query(text)
        kind = follow_up_kind(plain)
        if kind == "toc":
            return toc_reply(self.services.rulebook, "", lang)
        if kind:
            return follow_up(self.services, kind, text, context, lang)
        actor = actor_follow_up(plain)
        if actor:
            return self._ask_as(actor, None, context, lang)
        talk = small_talk(plain)
        if talk == "hello":
            return help_reply(lang, greeting=True)
        if talk == "thanks":
            return note("thanks", lang)
        if talk == "ask":
            return note("ask_away", lang)
        if talk == "help":
            return help_reply(lang)
        if talk in ("ack", "why"):
            return note(talk, lang)
        reference = self._reference(text, lang)
        if reference is not None and not isinstance(reference, Reply):
            # 「4H」, 「3D」: a law with no such clause, but a contract — its score, not the law
            law = self.services.rulebook.law(reference.law)
            if reference.clause and law is not None and law.clause(reference.clause) is None:
                scoring = self._scoring(text, context, lang)
                if scoring is not None:
                    return scoring
            return law_reply(self.services, reference.law, reference.clause, 1, context, lang,
                             whole=not in_group(message))
        # 「620 vs 170 imp」, 「77 table」 read as malformed references: scoring gets its turn first.
        scoring = self._scoring(text, context, lang)
        if scoring is not None:
            return scoring
        if isinstance(reference, Reply):
            return reference
        return self._search(text, context, lang)

    def _scoring(self, text: str, context: ChatContext, lang: str) -> Reply | None:
        table = self.services.table_request(text) if self.services.table_request else None
        if table:
            number = split_clause_id(table)[0]
            return law_reply(self.services, number, table if table != str(number) else None, 1, context, lang,
                             whole=True)
        kind = None
        if self.services.score_kind is not None:
            kind = self.services.score_kind(text)
        elif self.services.looks_like_score is not None and self.services.looks_like_score(text):
            kind = "score"
        if kind in ("mp", "imp") and _ASKS_HOW.search(normalize_query(text)):
            # None: its numbers were no scores
            return score_reply(self.services, kind, text, context, lang, quiet=True)
        return score_reply(self.services, kind, text, context, lang) if kind else None

    def _command(self, name: str, args: str, message: ChatMessage, context: ChatContext, lang: str) -> Reply:
        command = commands.find(name)
        if command is None:
            return unknown_command(name, args, lang)
        if not args and message.quoted and command.area in ("law", "search", "define"):
            args = message.quoted.strip()[:MAX_INPUT_CHARS]  # /law as a reply: about the quoted message
        area = command.area
        if area in ("start", "help"):
            return help_reply(lang, greeting=area == "start", group=in_group(message), mention=message.mention)
        if area == "about":
            return about_reply(self.services.rulebook, lang)
        if area == "toc":
            return toc_reply(self.services.rulebook, args, lang)
        if area == "law":
            return self._law_command(args, context, lang, whole=not in_group(message))
        if area == "search":
            return self._search(args, context, lang) if args else note("usage_search", lang)
        if area == "define":
            return define(self.services, args, context, lang) if args else note("usage_define", lang)
        if area == "score":
            if not args:
                return note(f"usage_{command.name}", lang)
            return score_reply(self.services, command.name, args, context, lang)
        if area == "club":
            return club_reply(self.services, command.name, args, message, lang)
        if area == "as":
            actor, _, number = args.partition(" ")
            return self._ask_as(actor, ascii_number(number, 0, 10 ** 12), context, lang)
        # follow-ups: /more, /next, /prev, /full
        if command.name == "full":
            if args:
                return self._law_command(args, context, lang)
            return follow_up(self.services, "full", "/full", context, lang)
        if not args:
            return follow_up(self.services, command.name, "/" + command.name, context, lang)
        if command.name == "more":
            return more(self.services, args, context, lang)
        return step(self.services, command.name, args, context, lang)

    def _law_command(self, args: str, context: ChatContext, lang: str, whole: bool = True) -> Reply:
        if not args:
            return toc_reply(self.services.rulebook, "", lang)
        reference = self._reference(args, lang)
        if isinstance(reference, Reply):
            return reference
        if reference is None and _NUMBERS_ONLY.fullmatch(args.strip()):
            # 「/law 50.2」, 「/law -1」: a number meant as a reference, not words to search for
            from bot.rulebook.refs import malformed

            return Reply(body=malformed(args).message(lang))
        if reference is None:
            return self._search(args, context, lang)
        return law_reply(self.services, reference.law, reference.clause, 1, context, lang, whole=whole)

    def _reference(self, text: str, lang: str = "zh"):
        """The :class:`Reference` in ``text``, None for a question, a :class:`Reply` for a malformed one."""
        if self.services.parse_reference is None:
            return None
        from bot.rulebook.refs import ReferenceInputError

        try:
            return self.services.parse_reference(text)
        except ReferenceInputError as err:
            return Reply(body=err.message(lang))

    # ----- questions ----------------------------------------------------------------

    def _search(self, query: str, context: ChatContext, lang: str, actor: str | None = None,
                number: int | None = None) -> Reply:
        """Ask the search ``query`` (about ``actor``, when given), remembered as question ``number``
        (a new one when None); :func:`bot.chat.answers.search.search_answer` renders the result."""
        if self.services.ask is None:
            return note("unavailable", lang, what=say("search_feature", lang))
        if number is None:
            number = context.remember_question(query)
        context.choices = False
        # as typed: the search reads traditional text with Taiwan's variants (扣著 → 扣着), which t2s would lose
        result = self.services.search(query, k=1 + ALTERNATIVES, actor=actor)
        return search_answer(self.services, result, query, number, actor, context, lang)

    def _ask_as(self, actor: str, number: int | None, context: ChatContext, lang: str) -> Reply:
        """The question ``number`` (else the latest) again, about ``actor``."""
        if actor not in ACTORS:
            return note("usage_as", lang)
        question = context.questions.get(number) if number is not None else context.question
        if question is None:
            return note("no_question", lang)
        # The words must not contradict the reading: 「庄家亮了…」 asked as a defender's question
        # becomes 「防家亮了…」; a searcher that cannot be told the actor also needs it in words.
        question = with_actor(question, actor, add_if_missing=not self.services.takes_actor)
        return self._search(question, context, lang, actor=actor, number=context.remember_question(question))
