"""The chat core: a message's text and its chat in, one :class:`Reply` out.

Transport-agnostic (no ``telegram`` import): the Telegram bot, the console chat and the tests
all go through :meth:`Core.handle` (typed text) and :meth:`Core.press` (a tapped button).
Buttons carry the command a tap sends back (``/law 49``, ``/more 50 2``), so a tap works the
same after a restart and in the console, where the user types the button's number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from bot.chat.context import ChatContext, ContextStore
from bot.chat.texts import say
from bot.base.errors import ScoringInputError
from bot.chat.reply import CALLBACK_BYTES, Button, ChatMessage, InlineItem, Reply, paginate
from bot.rulebook.model import Law, clause_label, number_ranges, split_clause_id
from bot.chat.services import Services
from bot.base.textnorm import is_traditional, normalize_query, to_simplified, to_traditional

MAX_INPUT_CHARS = 2000
ALTERNATIVES = 2
MAX_REF_BUTTONS = 6
INLINE_LIMIT = 50

ALIASES = {"l": "law", "s": "search", "d": "define", "h": "help", "full": "law"}
CLUB_COMMANDS = frozenset({"session", "r", "undo", "traveller", "standings", "export", "import", "pair", "team",
                           "hands"})
SCORE_COMMANDS = ("score", "imp", "mp", "board")
NOTATION_COMMANDS = CLUB_COMMANDS | set(SCORE_COMMANDS)
# Commands offered in the Telegram menu, with their Chinese and English descriptions.
MENU = (
    ("law", "查条款,例如 /law 50D2", "Show a law, e.g. /law 50D2"),
    ("search", "搜索规则,例如 /search 罚张", "Search the Laws, e.g. /search 罚张"),
    ("define", "查定义,例如 /define 明手", "A definition, e.g. /define dummy"),
    ("score", "计分,例如 /score 4S+1 有局", "Contract score, e.g. /score 4S+1 vul"),
    ("imp", "换算IMP,例如 /imp 620 -170", "IMPs, e.g. /imp 620 -170"),
    ("mp", "比赛分,例如 /mp 420 420 450", "Matchpoints, e.g. /mp 420 420 450"),
    ("board", "牌号的局况,例如 /board 7", "Board dealer and vulnerability"),
    ("session", "俱乐部比赛: /session new pairs", "Club session: /session new pairs"),
    ("about", "版本与收录范围", "Edition and coverage"),
    ("help", "用法", "How to use this bot"),
)
FOLLOW_UPS = {
    "全文": "full", "全部": "full", "full": "full", "full text": "full",
    "more": "more", "更多": "more", "继续": "more",
    "下一条": "next", "next": "next", "上一条": "prev", "prev": "prev", "previous": "prev",
}

_COMMAND = re.compile(r"^/([A-Za-z_]+)(?:@\w+)?(?:\s+(.*))?$", re.S)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Four letters make an English word; shorter ones (NT, vul, x) are usually bridge notation.
_ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}|\b(?:law|laws|the|what|how|why|who|is|are|can|may|does|do)\b", re.I)


def detect_lang(text: str, fallback: str = "zh") -> str:
    """"zh" for text with Chinese characters, "en" for text with an English word, else ``fallback``."""
    if _CJK.search(text):
        return "zh"
    if _ENGLISH_WORD.search(text):
        return "en"
    return fallback


def _button(label: str, data: str) -> Button:
    if len(data.encode()) > CALLBACK_BYTES:
        raise ValueError(f"callback data over {CALLBACK_BYTES} bytes: {data!r}")
    return Button(label[:40], data)


def _localise(reply: Reply, traditional: bool) -> Reply:
    if not traditional:
        return reply
    return replace(
        reply,
        title=to_traditional(reply.title),
        body=to_traditional(reply.body),
        highlights=tuple(to_traditional(w) for w in reply.highlights),
        buttons=tuple(tuple(Button(to_traditional(b.label), b.data) for b in row) for row in reply.buttons),
    )


@dataclass
class Core:
    """The conversation logic over :class:`Services`, with a small per-chat context."""

    services: Services
    contexts: ContextStore = field(default_factory=ContextStore)

    @classmethod
    def open(cls) -> Core:
        """A core over the real rulebook, search index, scorer and club store."""
        return cls(Services.default())

    # ----- entry points -------------------------------------------------------------

    def handle(self, message: ChatMessage) -> Reply:
        """Answer one typed message (a command, a follow-up word, a reference, a score or a question)."""
        context = self.contexts.get(message.chat_id)
        text = message.text.strip()
        lang = self._language(text, message, context)
        traditional = self._script(text, context)
        if len(text) > MAX_INPUT_CHARS:
            reply = self._note("too_long", lang, n=len(text), limit=MAX_INPUT_CHARS)
        else:
            reply = self._route(text, message, context, lang)
        return _localise(replace(reply, lang=lang), traditional)

    def press(self, message: ChatMessage) -> Reply:
        """Answer a tapped button (``message.text`` is the button's data).  Moving to the
        next or previous law replaces the tapped message; everything else is a new one."""
        reply = self.handle(message)
        # A note (「已经是最后一条了」) goes below the law rather than replacing it.
        if message.text.startswith(("/next", "/prev")) and reply.refers_to is not None:
            reply = replace(reply, edit=True)
        return reply

    def inline(self, query: str, lang_hint: str | None = None) -> list[InlineItem]:
        """Clauses matching ``query`` for inline mode (at most 50; empty when nothing matches)."""
        query = query.strip()[:MAX_INPUT_CHARS]
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
            hits = self.services.ask(to_simplified(query), k=INLINE_LIMIT).hits
            targets = [(h.law, h.clause, h.term, tuple(h.matched), h.snippet) for h in hits]
        items = []
        seen = set()
        for law, clause, term, matched, snippet in targets[:INLINE_LIMIT]:
            reply = self._target_reply(law, clause, term, lang, highlights=matched)
            if reply is None or reply.refers_to in seen:
                continue
            seen.add(reply.refers_to)
            reply = _localise(replace(reply, buttons=(), lang=lang), traditional)
            description = snippet or reply.body.strip().split("\n", 1)[0]
            items.append(InlineItem(
                id=reply.refers_to.encode()[:64].decode(errors="ignore"),
                title=reply.title,
                description=(to_traditional(description) if traditional else description)[:120],
                reply=reply,
            ))
        return items

    def apology(self, text: str = "", lang_hint: str | None = None) -> Reply:
        """The brief answer for a message that hit a bug."""
        lang = detect_lang(text, "en" if (lang_hint or "").startswith("en") else "zh")
        return _localise(self._note("apology", lang), is_traditional(text))

    # ----- routing ------------------------------------------------------------------

    def _language(self, text: str, message: ChatMessage, context: ChatContext) -> str:
        hint = "en" if (message.lang_hint or "").startswith("en") else "zh"
        command = _COMMAND.match(text)
        words = (command.group(2) or "") if command else text
        if command and command.group(1).lower() in NOTATION_COMMANDS:
            # 「new pairs」, 「4S+1 vul」: keywords of a notation, not a sign of an English speaker.
            words = "".join(_CJK.findall(words))
        lang = detect_lang(words, context.lang or hint)
        if _CJK.search(words) or _ENGLISH_WORD.search(words):
            context.lang = lang
        return lang

    @staticmethod
    def _script(text: str, context: ChatContext) -> bool:
        han = "".join(_CJK.findall(text))
        # 「全文」 reads the same in both scripts: keep whatever the user wrote last time.
        if han and (to_simplified(han) != han or to_traditional(han) != han):
            context.traditional = is_traditional(han)
        return context.traditional

    def _route(self, text: str, message: ChatMessage, context: ChatContext, lang: str) -> Reply:
        if not text:
            return self._help(lang, greeting=True)
        command = _COMMAND.match(text)
        if command:
            name = command.group(1).lower()
            return self._command(ALIASES.get(name, name), (command.group(2) or "").strip(), message, context, lang)
        follow_up = FOLLOW_UPS.get(normalize_query(text))
        if follow_up:
            return self._follow_up(follow_up, text, context, lang)
        reference = self._reference(text, lang)
        if isinstance(reference, Reply):
            return reference
        if reference is not None:
            return self._law_reply(reference.law, reference.clause, 1, context, lang)
        if self.services.score_kind is not None:
            kind = self.services.score_kind(text)
            if kind:
                return self._score(kind, text, lang)
        elif self.services.looks_like_score is not None and self.services.looks_like_score(text):
            return self._score("score", text, lang)
        return self._search(text, context, lang)

    def _command(self, name: str, args: str, message: ChatMessage, context: ChatContext, lang: str) -> Reply:
        if name in ("start", "help"):
            return self._help(lang, greeting=name == "start")
        if name == "about":
            return self._about(lang)
        if name == "law":
            if not args:
                return self._note("usage_law", lang)
            reference = self._reference(args, lang)
            if isinstance(reference, Reply):
                return reference
            if reference is None:
                return self._search(args, context, lang)
            return self._law_reply(reference.law, reference.clause, 1, context, lang)
        if name == "search":
            return self._search(args, context, lang) if args else self._note("usage_search", lang)
        if name == "define":
            return self._define(args, context, lang) if args else self._note("usage_define", lang)
        if name in SCORE_COMMANDS:
            return self._score(name, args, lang) if args else self._note(f"usage_{name}", lang)
        if name in ("more", "next", "prev") and not args:
            return self._follow_up(name, "/" + name, context, lang)
        if name == "more":
            return self._more(args, context, lang)
        if name in ("next", "prev"):
            return self._step(name, args, context, lang)
        if name in CLUB_COMMANDS:
            return self._club(name, args, message, lang)
        return self._note("unknown_command", lang, name=name)

    def _follow_up(self, kind: str, word: str, context: ChatContext, lang: str) -> Reply:
        if kind == "more" and context.next_page:
            return self._more(context.next_page.split(" ", 1)[1], context, lang)
        if context.law is None:
            return self._note("no_context", lang, word=word)
        if kind in ("next", "prev"):
            return self._step(kind, str(context.law), context, lang)
        return self._law_reply(context.law, None, 1, context, lang)

    def _reference(self, text: str, lang: str = "zh"):
        """The :class:`Reference` in ``text``, None for a question, a :class:`Reply` for a malformed one."""
        if self.services.parse_reference is None:
            return None
        from bot.rulebook.refs import ReferenceInputError

        try:
            return self.services.parse_reference(text)
        except ReferenceInputError as err:
            return Reply(body=err.message(lang))

    # ----- answers ------------------------------------------------------------------

    def _note(self, key: str, lang: str, **values) -> Reply:
        return Reply(body=say(key, lang, **values))

    def _help(self, lang: str, greeting: bool = False) -> Reply:
        body = say("help", lang)
        if greeting:
            body = say("greeting", lang) + "\n" + body
        return Reply(body=body)

    def _about(self, lang: str) -> Reply:
        book = self.services.rulebook
        missing = book.missing or sorted(set(range(1, max(book.numbers, default=1) + 1)) - set(book.numbers))
        return Reply(body=say(
            "about", lang,
            edition=book.edition,
            definitions=len(book.definitions),
            present=number_ranges(book.numbers),
            count=len(book.numbers),
            missing=number_ranges(missing) or "—",
        ))

    def _law_reply(self, number: int, clause_id: str | None, page: int, context: ChatContext, lang: str) -> Reply:
        book = self.services.rulebook
        law = book.law(number)
        if law is None:
            return self._note("law_missing", lang, law=number, present=number_ranges(book.numbers))
        prefix = ""
        if clause_id and law.clause(clause_id) is None:
            prefix = say("clause_missing", lang, law=number, clause=clause_id) + "\n"
            clause_id = None
        pages = self._pages(law, clause_id)
        page = min(max(page, 1), len(pages))
        heading, _, first_body = pages[0].partition("\n")
        context.law, context.clause = number, clause_id
        target = clause_id or str(number)
        context.next_page = f"/more {target} {page + 1}" if page < len(pages) else None
        rows = [self._ref_buttons(law, clause_id, lang)]
        if page < len(pages):
            rows.append((_button(say("more", lang, page=page + 1, pages=len(pages)), f"/more {target} {page + 1}"),))
        if clause_id:
            rows.append((_button(say("full", lang), f"/law {number}"),))
        rows.append(self._nav_buttons(number, lang))
        return Reply(
            title=heading if page == 1 else f"{heading} ({page}/{len(pages)})",
            body=prefix + (first_body if page == 1 else pages[page - 1]),
            buttons=tuple(row for row in rows if row),
            refers_to=target,
        )

    def _pages(self, law: Law, clause_id: str | None) -> list[str]:
        """The rendered law or clause in pages; the renderer's first line is the heading
        (「第50条D款2 罚张的处理」), which becomes the reply's title."""
        if clause_id is None:
            return paginate(list(self.services.law_blocks(law)))
        return paginate([self.services.law_text(law, clause_id)])

    def _ref_buttons(self, law: Law, clause_id: str | None, lang: str) -> tuple[Button, ...]:
        """Buttons for the laws the shown text refers to (those present in the corpus)."""
        found = [r for c in (law.subtree(clause_id) if clause_id else law.clauses) for r in c.refs]
        if clause_id is None:
            found += law.refs
        refs: list[str] = []
        for ref in found:
            try:
                target = split_clause_id(ref)[0]
            except ValueError:
                continue
            if ref not in refs and target != law.number and self.services.rulebook.law(target) is not None:
                refs.append(ref)
        return tuple(_button(say("see", lang, label=clause_label(r)), f"/law {r}") for r in refs[:MAX_REF_BUTTONS])

    def _nav_buttons(self, number: int, lang: str) -> tuple[Button, ...]:
        numbers = self.services.rulebook.numbers
        row = []
        if any(n < number for n in numbers):
            row.append(_button(say("prev", lang), f"/prev {number}"))
        if any(n > number for n in numbers):
            row.append(_button(say("next", lang), f"/next {number}"))
        return tuple(row)

    def _step(self, direction: str, args: str, context: ChatContext, lang: str) -> Reply:
        if not args.strip().isdigit():
            return self._note("usage_step", lang, name=direction)
        current = int(args)
        numbers = self.services.rulebook.numbers
        if direction == "next":
            later = [n for n in numbers if n > current]
            if not later:
                return self._note("last_law", lang, law=current)
            return self._law_reply(later[0], None, 1, context, lang)
        earlier = [n for n in numbers if n < current]
        if not earlier:
            return self._note("first_law", lang, law=current)
        return self._law_reply(earlier[-1], None, 1, context, lang)

    def _more(self, args: str, context: ChatContext, lang: str) -> Reply:
        parts = args.split()
        if len(parts) != 2 or not parts[1].isdigit():
            return self._note("usage_more", lang)
        try:
            number = split_clause_id(parts[0])[0]
        except ValueError:
            return self._note("usage_more", lang)
        clause_id = parts[0] if parts[0] != str(number) else None
        return self._law_reply(number, clause_id, int(parts[1]), context, lang)

    def _search(self, query: str, context: ChatContext, lang: str) -> Reply:
        if self.services.ask is None:
            return self._note("unavailable", lang, what=say("search_feature", lang))
        result = self.services.ask(to_simplified(query), k=1 + ALTERNATIVES)
        hits = list(result.hits)
        # Say first, plainly, when the law for the question is not in the corpus at all.
        missing = "".join(note + "\n" for note in self.services.missing_notes(query, lang))
        top = hits[0] if hits else None
        reply = top and self._target_reply(top.law, top.clause, top.term, lang, tuple(top.matched), context)
        if reply is None:
            no_hits = self._note("no_hits", lang, query=query[:40])
            return replace(no_hits, body=missing + no_hits.body)
        alternatives = tuple(
            _button(self._hit_label(h), self._hit_command(h)) for h in hits[1 : 1 + ALTERNATIVES]
        )
        body = reply.body if result.confident else say("not_confident", lang) + "\n" + reply.body
        return replace(reply, body=missing + body,
                       buttons=((alternatives,) if alternatives else ()) + reply.buttons)

    def _target_reply(self, law_no: int, clause: str | None, term: str, lang: str,
                      highlights: tuple[str, ...] = (), context: ChatContext | None = None) -> Reply | None:
        """The answer for a search hit or reference: a definition (law 0) or a law/clause."""
        context = context if context is not None else ChatContext()
        if law_no == 0:
            definition = self.services.rulebook.definition(term)
            if definition is None:
                return None
            return replace(self._definition_reply(definition, lang), highlights=highlights)
        if self.services.rulebook.law(law_no) is None:
            return None
        clause_id = clause if clause and clause != str(law_no) else None
        return replace(self._law_reply(law_no, clause_id, 1, context, lang), highlights=highlights)

    @staticmethod
    def _hit_label(hit) -> str:
        if hit.law == 0:
            return f"{hit.term}"
        return f"{clause_label(hit.clause or str(hit.law))} {hit.title}".strip()

    @staticmethod
    def _hit_command(hit) -> str:
        if hit.law == 0:
            return f"/define {hit.term}"
        return f"/law {hit.clause or hit.law}"

    def _define(self, term: str, context: ChatContext, lang: str) -> Reply:
        book = self.services.rulebook
        definition = book.definition(to_simplified(term))
        if definition is None and self.services.ask is not None:
            hits = [h for h in self.services.ask(term, k=10).hits if h.law == 0]
            definition = book.definition(hits[0].term) if hits else None
        if definition is None:
            some = "、".join(d.term for d in book.definitions[:8])
            return self._note("no_definition", lang, term=term[:40], some=some)
        return self._definition_reply(definition, lang)

    def _definition_reply(self, definition, lang: str) -> Reply:
        text = self.services.definition_text(definition)
        heading, _, body = text.partition("\n")
        if not heading.startswith(definition.term):
            # The renderer did not start with its own heading: make one.
            heading, body = definition.term + (f" ({definition.en})" if definition.en else ""), text
        title = f"{say('definition', lang)} · {heading}"
        refs = tuple(_button(say("see", lang, label=clause_label(r)), f"/law {r}") for r in definition.refs[:MAX_REF_BUTTONS])
        return Reply(
            title=title,
            body=body,
            buttons=(refs,) if refs else (),
            refers_to=definition.term,
        )

    def _score(self, kind: str, text: str, lang: str) -> Reply:
        scorer = self.services.scorers.get(kind)
        if scorer is None:
            return self._note("unavailable", lang, what=say("score_feature", lang))
        try:
            return Reply(body=scorer(text, lang))
        except ScoringInputError as err:
            return Reply(body=err.message(lang))

    def _club(self, command: str, args: str, message: ChatMessage, lang: str) -> Reply:
        if self.services.club is None:
            return self._note("unavailable", lang, what=say("club_feature", lang))
        answer = self.services.club(
            command, args,
            chat_id=message.chat_id,
            user_id=message.user_id,
            user_is_admin=message.user_is_admin,
            lang=lang,
            attachment=message.attachment,
        )
        rows = getattr(answer, "buttons", ())  # a club reply may offer buttons (delete confirmation)
        buttons = tuple(tuple(_button(label, data) for label, data in row) for row in rows)
        return Reply(body=answer.text, document=answer.document, buttons=buttons)
