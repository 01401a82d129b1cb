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

from bot.base.errors import ScoringInputError
from bot.base.textnorm import is_traditional, normalize_query, to_simplified, to_traditional
from bot.chat import commands
from bot.chat.context import ChatContext, ContextStore
from bot.chat.guard import ascii_number, clean_text
from bot.chat.followups import ACTORS, actor_follow_up, follow_up_kind, small_talk, with_actor
from bot.chat.reply import CALLBACK_BYTES, Button, ChatMessage, InlineItem, Reply, paginate
from bot.chat.services import Services
from bot.chat.texts import say
from bot.rulebook.excerpt import BUDGET, clause_excerpt, defining_clauses, law_excerpt
from bot.rulebook.model import Law, clause_label, number_ranges, split_clause_id

MAX_INPUT_CHARS = 2000
ALTERNATIVES = 2
MAX_REF_BUTTONS = 6
REFS_PER_ROW = 3
INLINE_LIMIT = 50
# Below this calibrated probability the best hit is most likely unrelated (「今天中午吃什么」):
# the reply says no rule was found rather than "not sure".
OFF_TOPIC = 0.1
MAX_LAW_NUMBER = 999  # /next and /prev take a law number; larger ones are typos
MAX_PAGE = 999
# A button label longer than this gets a row of its own (a phone shows about 20 wide characters).
SHORT_LABEL = 12
# The law whose rule a scoring answer applies: 全文 / 下一条 after a score continue from there.
SCORE_LAWS = {"score": 77, "undertricks": 77, "imp": 78, "mp": 78, "board": 2, "adjusted": 12}

# What a definition question leaves around its term (「明手的定义是啥」 → 明手的定义), and a frame
# the search does not read as one ("what counts as a claim").
_FRAME_WORDS = re.compile(r"(?:的定义|的意思|的含义|的概念)$")
_COUNTS_AS = re.compile(r"^(?:what|which)\s+(?:counts|is counted|is considered|qualifies)\s+as\s+(?:an? |the )?(.+)$")
_COMMAND = re.compile(r"^/([A-Za-z0-9_]+)(?:@\w+)?(?:\s+(.*))?$", re.S)
# A message that names matchpoints or IMPs and some numbers, but asks how they work (「双人赛13桌，我们比8桌好，
# 比赛分怎么算」): when its numbers are no scores to compare, the rules answer it, not a scorer's error.
_ASKS_HOW = re.compile(r"怎么算|怎么来的|怎么计算|如何计算|是什么|什么意思|为什么|\bhow (?:is|are|do|does)\b|\bwhat (?:is|are)\b|\bwhy\b")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Four letters make an English word; shorter ones (NT, vul, x) are usually bridge notation.
_ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}|\b(?:law|laws|the|what|how|why|who|is|are|can|may|does|do|hi|hey|all|bye|thx|got|see)\b", re.I)


def detect_lang(text: str, fallback: str = "zh") -> str:
    """"zh" for text with Chinese characters, "en" for text with an English word, else ``fallback``."""
    if _CJK.search(text):
        return "zh"
    if _ENGLISH_WORD.search(text):
        return "en"
    return fallback


# digits and the punctuation around them, and nothing else: 「50.2」, 「-1」, 「#50」
_NUMBERS_ONLY = re.compile(r"[\s\d.,:;#+\-–—()/\\]*\d[\s\d.,:;#+\-–—()/\\]*")


def _defines_a_named_word(hit) -> bool:
    """The hit is the definition of a word the question names: no unrelated match, however unsure the
    search is that the word's meaning is what was asked (「超墩是多打的那几墩吗」)."""
    return getattr(hit, "law", None) == 0 and getattr(hit, "term", None) in (getattr(hit, "matched", None) or ())


def _button(label: str, data: str) -> Button:
    if len(data.encode()) > CALLBACK_BYTES:
        raise ValueError(f"callback data over {CALLBACK_BYTES} bytes: {data!r}")
    return Button(label[:40], data)


def _rows(buttons, per_row: int = REFS_PER_ROW) -> tuple[tuple[Button, ...], ...]:
    """Short buttons up to ``per_row`` in a row; a long one (a clause title) alone in its row."""
    rows: list[list[Button]] = []
    for button in buttons:
        if len(button.label) > SHORT_LABEL:
            rows.append([button])
        elif rows and len(rows[-1]) < per_row and all(len(b.label) <= SHORT_LABEL for b in rows[-1]):
            rows[-1].append(button)
        else:
            rows.append([button])
    return tuple(tuple(row) for row in rows)


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
        text = clean_text(message.text).strip()
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
            result = self.services.search(to_simplified(query), k=INLINE_LIMIT)
            hits = result.hits if result.confident or (result.hits and _defines_a_named_word(result.hits[0])) else []
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
        text = clean_text(text)
        lang = detect_lang(text, "en" if (lang_hint or "").startswith("en") else "zh")
        return _localise(self._note("apology", lang), is_traditional(text))

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
            words = "".join(_CJK.findall(words))
        elif known is not None and known.area in ("start", "as"):
            words = ""  # a deep-link payload (/start inline) or a reading (/as declarer): no language
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
            return self._command(command.group(1), (command.group(2) or "").strip(), message, context, lang)
        plain = normalize_query(text)
        follow_up = follow_up_kind(plain)
        if follow_up == "toc":
            return self._toc("", lang)
        if follow_up:
            return self._follow_up(follow_up, text, context, lang)
        actor = actor_follow_up(plain)
        if actor:
            return self._ask_as(actor, None, context, lang)
        talk = small_talk(plain)
        if talk == "hello":
            return self._help(lang, greeting=True)
        if talk == "thanks":
            return self._note("thanks", lang)
        if talk == "ask":
            return self._note("ask_away", lang)
        if talk == "help":
            return self._help(lang)
        if talk in ("ack", "why"):
            return self._note(talk, lang)
        reference = self._reference(text, lang)
        if reference is not None and not isinstance(reference, Reply):
            # 「4H」, 「3D」: a law with no such clause, but a contract — its score, not the law
            law = self.services.rulebook.law(reference.law)
            if reference.clause and law is not None and law.clause(reference.clause) is None:
                scoring = self._scoring(text, context, lang)
                if scoring is not None:
                    return scoring
            return self._law_reply(reference.law, reference.clause, 1, context, lang)
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
            return self._law_reply(number, table if table != str(number) else None, 1, context, lang, whole=True)
        kind = None
        if self.services.score_kind is not None:
            kind = self.services.score_kind(text)
        elif self.services.looks_like_score is not None and self.services.looks_like_score(text):
            kind = "score"
        if kind in ("mp", "imp") and _ASKS_HOW.search(normalize_query(text)):
            return self._score(kind, text, context, lang, quiet=True)   # None: its numbers were no scores
        return self._score(kind, text, context, lang) if kind else None

    def _command(self, name: str, args: str, message: ChatMessage, context: ChatContext, lang: str) -> Reply:
        command = commands.find(name)
        if command is None:
            return self._unknown_command(name, args, lang)
        if not args and message.quoted and command.area in ("law", "search", "define"):
            args = message.quoted.strip()[:MAX_INPUT_CHARS]  # /law as a reply: about the quoted message
        area = command.area
        if area in ("start", "help"):
            return self._help(lang, greeting=area == "start")
        if area == "about":
            return self._about(lang)
        if area == "toc":
            return self._toc(args, lang)
        if area == "law":
            return self._law_command(args, context, lang)
        if area == "search":
            return self._search(args, context, lang) if args else self._note("usage_search", lang)
        if area == "define":
            return self._define(args, context, lang) if args else self._note("usage_define", lang)
        if area == "score":
            return self._score(command.name, args, context, lang) if args else self._note(f"usage_{command.name}", lang)
        if area == "club":
            return self._club(command.name, args, message, lang)
        if area == "as":
            actor, _, number = args.partition(" ")
            return self._ask_as(actor, int(number) if number.isdigit() else None, context, lang)
        # follow-ups: /more, /next, /prev, /full
        if command.name == "full":
            return self._law_command(args, context, lang) if args else self._follow_up("full", "/full", context, lang)
        if not args:
            return self._follow_up(command.name, "/" + command.name, context, lang)
        if command.name == "more":
            return self._more(args, context, lang)
        return self._step(command.name, args, context, lang)

    def _law_command(self, args: str, context: ChatContext, lang: str) -> Reply:
        if not args:
            return self._toc("", lang)
        reference = self._reference(args, lang)
        if isinstance(reference, Reply):
            return reference
        if reference is None and _NUMBERS_ONLY.fullmatch(args.strip()):
            # 「/law 50.2」, 「/law -1」: a number meant as a reference, not words to search for
            from bot.rulebook.refs import malformed

            return Reply(body=malformed(args).message(lang))
        if reference is None:
            return self._search(args, context, lang)
        return self._law_reply(reference.law, reference.clause, 1, context, lang)

    def _unknown_command(self, name: str, args: str, lang: str) -> Reply:
        suggestion = commands.suggest(name, args)
        if suggestion is None:
            return self._note("unknown_command", lang, name=name)
        body = say("unknown_command_suggest", lang, name=name, suggestion=suggestion)
        buttons = ()
        if len(suggestion.encode()) <= CALLBACK_BYTES:
            buttons = ((_button(suggestion[:40], suggestion),),)
        return Reply(body=body, buttons=buttons)

    def _follow_up(self, kind: str, word: str, context: ChatContext, lang: str) -> Reply:
        if kind == "more" and context.next_page:
            return self._more(context.next_page.split(" ", 1)[1], context, lang)
        if context.law is None:
            if context.term is not None:
                definition = self.services.rulebook.definition(context.term)
                if definition is not None:
                    note = say("definition_whole", lang, term=definition.term)
                    return replace(self._definition_reply(definition, lang, context), body=note, title="")
            return self._note("pick_first" if context.choices else "no_context", lang, word=word)
        if kind in ("next", "prev"):
            return self._step(kind, str(context.law), context, lang)
        if kind == "more" and context.whole:
            reply = self._note("law_whole", lang, law=context.law)
            return replace(reply, buttons=(self._nav_buttons(context.law, lang),), refers_to=str(context.law))
        return self._law_reply(context.law, None, 1, context, lang, whole=True)

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
        body = "\n".join([say("help_intro", lang), say("help_commands", lang), *commands.help_lines(lang),
                          "", say("help_after", lang)])
        if greeting:
            body = say("greeting", lang) + "\n" + body
        return Reply(body=body)

    def _about(self, lang: str) -> Reply:
        book = self.services.rulebook
        missing = book.missing or sorted(set(range(1, max(book.numbers, default=1) + 1)) - set(book.numbers))
        sources = {s for law in book.laws.values() for s in law.sources}
        sources |= {s for d in book.definitions for s in d.sources}
        return Reply(body=say(
            "about", lang,
            edition=book.edition,
            definitions=len(book.definitions),
            present=number_ranges(book.numbers),
            count=len(book.numbers),
            missing=number_ranges(missing) or "—",
        ) + ("\n" + say("about_sources", lang, n=len(sources)) if sources else ""))

    def _toc(self, args: str, lang: str) -> Reply:
        """The table of contents: chapters as buttons; ``/toc 6`` the laws of the sixth chapter
        listed, ``/toc 1`` the defined terms."""
        book = self.services.rulebook
        chapters = self._chapters()
        args = args.strip()
        if args.isdigit() and 1 <= int(args) <= len(chapters):
            name, numbers = chapters[int(args) - 1]
            back = (_button(say("toc_back", lang), "/toc"),)
            if not numbers:
                terms = [_button(d.term, f"/define {d.term}") for d in book.definitions
                         if len(f"/define {d.term}".encode()) <= CALLBACK_BYTES]
                return Reply(title=name, body=say("toc_definitions", lang, n=len(terms)),
                             buttons=_rows(terms) + (back,))
            laws = [book.law(n) for n in numbers if book.law(n) is not None]
            buttons = tuple((_button(f"第{law.number}条 {law.title}", f"/law {law.number}"),) for law in laws)
            return Reply(title=name, body=say("toc_laws", lang, n=len(laws)), buttons=buttons + (back,))
        buttons = []
        for i, (name, numbers) in enumerate(chapters, 1):
            span = f" (第{number_ranges(numbers)}条)" if numbers else f" ({len(book.definitions)})"
            buttons.append((_button(name + span, f"/toc {i}"),))
        body = say("toc_chapters", lang)
        if args.isdigit():
            body = say("toc_no_chapter", lang, n=args, count=len(chapters)) + "\n" + body
        return Reply(title=say("toc_title", lang, edition=book.edition), body=body, buttons=tuple(buttons))

    def _chapters(self) -> list[tuple[str, list[int]]]:
        """(name, law numbers) of each chapter, 第一章 定义 first (with no laws)."""
        book = self.services.rulebook
        chapters = [("第一章 定义", [])] if book.definitions else []
        listed: set[int] = set()
        for chapter in book.chapters:
            numbers = [n for n in chapter.get("laws", ()) if book.law(n) is not None]
            listed.update(numbers)
            if numbers:
                chapters.append((chapter.get("name", "").strip() or "—", numbers))
        rest = [n for n in book.numbers if n not in listed]
        if rest:
            chapters.append(("其他", rest))
        return chapters

    def _law_reply(self, number: int, clause_id: str | None, page: int, context: ChatContext, lang: str,
                   whole: bool = True, words: tuple[str, ...] = ()) -> Reply:
        """Law ``number`` (page ``page``), or clause ``clause_id`` as an excerpt.  ``whole=False``
        (a search answer about a whole law) shows a long law as its outline — a table law's sections
        holding the ``words`` the question matched — 全文 one tap away."""
        book = self.services.rulebook
        law = book.law(number)
        if law is None:
            titles = self.services.missing_title(number) if self.services.missing_title else None
            title = "" if not titles else f"({titles[0]})" if lang == "zh" else f" ({titles[1]})"
            present = number_ranges(book.numbers)
            return self._note("law_missing", lang, law=number, title=title,
                              present=present if lang == "zh" else present.replace("、", ", "))
        prefix = ""
        if clause_id and law.clause(clause_id) is None:
            prefix = say("clause_missing", lang, law=number, clause=clause_id) + "\n"
            clause_id = None
        pages, complete = self._pages(law, clause_id, whole, words)
        page = min(max(page, 1), len(pages))
        heading, _, first_body = pages[0].partition("\n")
        context.law, context.clause, context.term = number, clause_id, None
        context.whole = complete and len(pages) == 1
        target = clause_id or str(number)
        context.next_page = f"/more {target} {page + 1}" if page < len(pages) else None
        rows = list(_rows(self._ref_buttons(law, clause_id, lang)))
        if page < len(pages):
            rows.append((_button(say("more", lang, page=page + 1, pages=len(pages)), f"/more {target} {page + 1}"),))
        if not complete:
            rows.append((_button(say("full", lang), f"/law {number}"),))
        rows.append(self._nav_buttons(number, lang))
        return Reply(
            title=heading if page == 1 else f"{heading} ({page}/{len(pages)})",
            body=prefix + (first_body if page == 1 else pages[page - 1]),
            buttons=tuple(row for row in rows if row),
            refers_to=target,
        )

    def _pages(self, law: Law, clause_id: str | None, whole: bool = True,
               words: tuple[str, ...] = ()) -> tuple[list[str], bool]:
        """The rendered law, its outline or a clause's excerpt in pages, and whether that is all of
        the law; the first line is the heading (「第50条D款2 罚张的处理」), which becomes the title."""
        if clause_id is not None:
            return paginate([clause_excerpt(law, clause_id).text]), False
        blocks = list(self.services.law_blocks(law))
        if not whole and sum(len(b) + 1 for b in blocks) > BUDGET:
            outline = law_excerpt(law, words=words)
            return paginate([outline.text]), outline.complete
        return paginate(blocks), True

    def _ref_buttons(self, law: Law, clause_id: str | None, lang: str) -> list[Button]:
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
        return [_button(say("see", lang, label=clause_label(r)), f"/law {r}") for r in refs[:MAX_REF_BUTTONS]]

    def _nav_buttons(self, number: int, lang: str) -> tuple[Button, ...]:
        numbers = self.services.rulebook.numbers
        row = []
        if any(n < number for n in numbers):
            row.append(_button(say("prev", lang), f"/prev {number}"))
        if any(n > number for n in numbers):
            row.append(_button(say("next", lang), f"/next {number}"))
        return tuple(row)

    def _step(self, direction: str, args: str, context: ChatContext, lang: str) -> Reply:
        current = ascii_number(args, 0, MAX_LAW_NUMBER)
        if current is None:
            return self._note("usage_step", lang, name=direction)
        numbers = self.services.rulebook.numbers
        if direction == "next":
            later = [n for n in numbers if n > current]
            if not later:
                return self._note("last_law", lang, law=current)
            target, skipped = later[0], list(range(current + 1, later[0]))
        else:
            earlier = [n for n in numbers if n < current]
            if not earlier:
                return self._note("first_law", lang, law=current)
            target, skipped = earlier[-1], list(range(earlier[-1] + 1, current))
        reply = self._law_reply(target, None, 1, context, lang)
        if skipped and self.services.rulebook.law(target) is not None:
            note = say("skipped_laws", lang, laws=number_ranges(skipped))
            reply = replace(reply, body=note + "\n" + reply.body)
        return reply

    def _more(self, args: str, context: ChatContext, lang: str) -> Reply:
        parts = args.split()
        page = ascii_number(parts[1], 1, MAX_PAGE) if len(parts) == 2 else None
        if page is None:
            return self._note("usage_more", lang)
        try:
            number = split_clause_id(parts[0])[0]
        except ValueError:
            return self._note("usage_more", lang)
        clause_id = parts[0] if parts[0] != str(number) else None
        return self._law_reply(number, clause_id, page, context, lang)

    # ----- questions ----------------------------------------------------------------

    def _search(self, query: str, context: ChatContext, lang: str, actor: str | None = None,
                number: int | None = None) -> Reply:
        if self.services.ask is None:
            return self._note("unavailable", lang, what=say("search_feature", lang))
        if number is None:
            number = context.remember_question(query)
        context.choices = False
        result = self.services.search(to_simplified(query), k=1 + ALTERNATIVES, actor=actor)
        hits = list(result.hits)
        # Say first, plainly, when the law for the question is not in the corpus at all.
        ambiguous = getattr(result, "ambiguous", None)
        asks_who = ambiguous is not None and actor is None and bool(getattr(ambiguous, "options", None))
        # Beside 「亮牌的是庄家还是防家？」 a missing law is one reading, not the answer.
        missing = "".join(note + "\n" for note in self._absent_notes(result, query, lang, tentative=asks_who))
        if asks_who:
            self._offered_choices(context)
            return self._clarify(ambiguous, number, missing, lang)
        top = hits[0] if hits else None
        if top is None:
            no_hits = self._note("no_hits", lang, query=query[:40])
            return replace(no_hits, body=missing + no_hits.body)
        # 「X是什么意思」 is answered from the text itself (a definition, or the clause that says
        # 「…即成为X」), whatever the ranking's confidence.
        defined = self._undefined_term(query, hits, context, lang, from_text_only=not result.confident)
        if defined is None and not result.confident:
            # A guess is not quoted: the nearest answers are offered, one tap each.
            options = tuple((_button(self._hit_label(h), self._hit_command(h)),) for h in hits)
            probability = getattr(result, "probability", None)
            # Off topic: the search all but rules it out, or only single characters matched (「吃」 of 「今天中午吃什么」).
            matched = list(getattr(top, "matched", None) or [])
            single_chars = bool(matched) and all(len(w) == 1 for w in matched)
            # (a word the rules define among the words matched — 「对方没有alert」 met 提醒 — is no chat about lunch)
            terms = {d.term for d in self.services.rulebook.definitions}
            unrelated = (((probability is not None and probability < OFF_TOPIC) and not terms.intersection(matched))
                         or single_chars) and not _defines_a_named_word(top)
            lead = "off_topic" if unrelated and not missing else "not_confident"
            # the law is missing: what follows is what the corpus has near it, not a guess at the answer
            lead = "related_present" if missing else lead
            self._offered_choices(context)
            return Reply(body=missing + say(lead, lang), buttons=options)
        reply = defined or self._target_reply(top.law, top.clause, top.term, lang, tuple(top.matched), context)
        if reply is None:
            no_hits = self._note("no_hits", lang, query=query[:40])
            return replace(no_hits, body=missing + no_hits.body)
        alternatives = tuple(
            (_button(self._hit_label(h), self._hit_command(h)),) for h in hits[1 : 1 + ALTERNATIVES]
        )
        return replace(reply, body=missing + reply.body, buttons=alternatives + reply.buttons)

    @staticmethod
    def _offered_choices(context: ChatContext) -> None:
        """The answer offers options: 「全文」 and 「下一条」 no longer go on from the law answered before it."""
        context.law, context.clause, context.term, context.next_page, context.whole = None, None, None, None, False
        context.choices = True

    def _absent_notes(self, result, query: str, lang: str, tentative: bool = False) -> list[str]:
        absent = getattr(result, "absent", None)
        if absent is not None:
            return [_absent_note(absent, lang, tentative)] if absent else []
        return list(self.services.missing_notes(query, lang))

    def _clarify(self, ambiguous, number: int, missing: str, lang: str) -> Reply:
        """The search cannot tell who acted: ask, one button per reading (「庄家」, 「防家」)."""
        question = getattr(ambiguous, "question_en" if lang == "en" else "question_zh", "") or say("which_actor", lang)
        buttons = []
        for option in ambiguous.options:
            actor = getattr(option, "actor", None)
            if actor not in ACTORS:
                continue
            label = getattr(option, "label_en" if lang == "en" else "label_zh", "") or actor
            buttons.append((_button(label, f"/as {actor} {number}"),))
        return Reply(body=missing + question, buttons=tuple(buttons))

    def _ask_as(self, actor: str, number: int | None, context: ChatContext, lang: str) -> Reply:
        """The question ``number`` (else the latest) again, about ``actor``."""
        if actor not in ACTORS:
            return self._note("usage_as", lang)
        question = context.questions.get(number) if number is not None else context.question
        if question is None:
            return self._note("no_question", lang)
        # The words must not contradict the reading: 「庄家亮了…」 asked as a defender's question
        # becomes 「防家亮了…」; a searcher that cannot be told the actor also needs it in words.
        question = with_actor(question, actor, add_if_missing=not self.services.takes_actor)
        return self._search(question, context, lang, actor=actor, number=context.remember_question(question))

    def _undefined_term(self, query: str, hits: list, context: ChatContext, lang: str,
                        from_text_only: bool = False) -> Reply | None:
        """For 「X是什么意思」 about a term chapter 1 does not define: say so, and show where the law
        says what X is (罚张 → the stem of Law 50 and 50B: among the hits, the law whose text says
        it), else the best clause.  With ``from_text_only`` (an unsure search) only a definition
        or a clause whose text says what X is will do: no fallback to the best clause."""
        subject = self._definition_subject(query)
        top = hits[0]
        if top.law == 0 or not subject:
            return None
        defined = self.services.rulebook.definition(subject)
        if defined is not None:
            # A defined term the search did not lead with: the definition still comes first.
            return self._definition_reply(defined, lang, context)
        law, focus = self._defining_law(subject, hits)
        if law is None:
            return None
        note = say("not_defined", lang, term=subject[:40])
        if not focus:
            if from_text_only:
                return None
            reply = self._target_reply(top.law, top.clause, top.term, lang, tuple(top.matched), context)
            return reply and replace(reply, body=note + "\n" + reply.body)
        excerpt = law_excerpt(law, focus)
        heading, _, body = excerpt.text.partition("\n")
        context.law, context.clause, context.term, context.whole = law.number, None, None, excerpt.complete
        context.next_page = None
        rows = [] if excerpt.complete else [(_button(say("full", lang), f"/law {law.number}"),)]
        return Reply(title=heading, body=note + "\n" + body, highlights=tuple(top.matched) or (subject,),
                     buttons=tuple(rows) + (self._nav_buttons(law.number, lang),), refers_to=str(law.number))

    def _defining_law(self, subject: str, hits: list) -> tuple:
        """The law among the hits (best first) whose clauses say what ``subject`` is, and those
        clauses; else the best hit's law and the clauses saying what one of its matched words is."""
        laws = [law for law in (self.services.rulebook.law(h.law) for h in hits if h.law) if law is not None]
        # The law saying what the term itself is (「均为罚张」) before one saying what a kind of
        # it is (「均成为重罚张」); then all that law's clauses saying either.
        for gap in (0, 4):
            for law in laws:
                if defining_clauses(law, subject, gap):
                    return law, defining_clauses(law, subject)
        if not laws or laws[0].number != hits[0].law:
            return None, ()
        for word in hits[0].matched:
            focus = defining_clauses(laws[0], word)
            if focus:
                return laws[0], focus
        return laws[0], ()

    def _definition_subject(self, query: str) -> str | None:
        """The X of a definition question (「X是什么意思」, "what counts as X"), or None."""
        text = normalize_query(query)
        subject = self.services.definition_subject(text) if self.services.definition_subject else None
        found = _COUNTS_AS.match(text.strip(" ?？"))
        subject = found.group(1) if found and not subject else subject
        # 「X的定义是啥」: the frame's own words may be left on the subject.
        return _FRAME_WORDS.sub("", subject).strip() or None if subject else None

    def _target_reply(self, law_no: int, clause: str | None, term: str, lang: str,
                      highlights: tuple[str, ...] = (), context: ChatContext | None = None) -> Reply | None:
        """The answer for a search hit or reference: a definition (law 0) or a law/clause."""
        context = context if context is not None else ChatContext()
        if law_no == 0:
            definition = self.services.rulebook.definition(term)
            if definition is None:
                return None
            return replace(self._definition_reply(definition, lang, context), highlights=highlights)
        if self.services.rulebook.law(law_no) is None:
            return None
        clause_id = clause if clause and clause != str(law_no) else None
        return replace(self._law_reply(law_no, clause_id, 1, context, lang, whole=False, words=highlights),
                       highlights=highlights)

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
        hits = []
        if definition is None and self.services.ask is not None:
            # asked as what the word means, so that a law defining it in so many words comes first
            # (/define 罚张 → Law 50's 「…均为罚张」, not the clause titled 罚张)
            asked = f"{term}是什么意思" if _CJK.search(term) else f"what is {term}"
            hits = list(self.services.search(to_simplified(asked), k=10).hits)
            # a definition only when the search puts it first: 「不足叫牌」 is 18D's, not 叫牌's
            definition = book.definition(hits[0].term) if hits and hits[0].law == 0 else None
        if definition is not None:
            return self._definition_reply(definition, lang, context)
        used = [h for h in hits if h.law != 0]
        if used:
            # Not a defined term: say so and show where the rulebook uses it (飞牌 → 70E).
            top = used[0]
            reply = self._target_reply(top.law, top.clause, "", lang, tuple(top.matched), context)
            if reply is not None:
                others = tuple((_button(self._hit_label(h), self._hit_command(h)),) for h in used[1 : 1 + ALTERNATIVES])
                note = say("not_defined_used", lang, term=term[:40])
                return replace(reply, body=note + "\n" + reply.body, buttons=others + reply.buttons)
        some = "、".join(d.term for d in book.definitions[:8])
        return self._note("no_definition", lang, term=term[:40], some=some)

    def _definition_reply(self, definition, lang: str, context: ChatContext | None = None) -> Reply:
        text = self.services.definition_text(definition)
        heading, _, body = text.partition("\n")
        if not heading.startswith(definition.term):
            # The renderer did not start with its own heading: make one.
            heading, body = definition.term + (f" ({definition.en})" if definition.en else ""), text
        if context is not None:
            context.law, context.clause, context.next_page, context.term = None, None, None, definition.term
        title = f"{say('definition', lang)} · {heading}"
        refs = [_button(say("see", lang, label=clause_label(r)), f"/law {r}") for r in definition.refs[:MAX_REF_BUTTONS]]
        return Reply(title=title, body=body, buttons=_rows(refs), refers_to=definition.term)

    # ----- scoring and club ---------------------------------------------------------

    def _score(self, kind: str, text: str, context: ChatContext, lang: str, quiet: bool = False) -> Reply | None:
        """The scorer's reply to ``text``; its error says what it could not read (``quiet``: None instead)."""
        scorer = self.services.scorers.get(kind)
        if scorer is None:
            return self._note("unavailable", lang, what=say("score_feature", lang))
        try:
            body = scorer(text, lang)
        except ScoringInputError as err:
            return None if quiet else Reply(body=err.message(lang))
        law = SCORE_LAWS.get(kind)
        if law is not None and self.services.rulebook.law(law) is not None:
            # 全文 / 下一条 after a score go on from the law the score applies.
            context.law, context.clause, context.term, context.next_page, context.whole = law, None, None, None, False
        return Reply(body=body)

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


def _absent_note(absent, lang: str, tentative: bool = False) -> str:
    """One line saying the question's law is not in the corpus; several close ones (a revoke's
    61–64) in the same line, so a phone shows one note, not three.  ``tentative``: the missing law
    is one reading of the question among others (the reply asks who acted), and the note says so."""
    if tentative:
        if lang == "en":
            laws = " or ".join(f"Law {t.law} ({t.en})" for t in absent)
            return f"Note: it may also be a matter for {laws}, not in this corpus."
        laws = "、".join(f"第{t.law}条({t.zh})" for t in absent)
        return f"提示：也可能属于{laws}，本语料未收录。"
    if len(absent) == 1:
        return absent[0].note(lang)
    if lang == "en":
        laws = " or ".join(f"Law {t.law} ({t.en})" for t in absent)
        return f"Note: this is a matter for {laws}, which are not in this corpus."
    laws = "、".join(f"第{t.law}条({t.zh})" for t in absent)
    return f"提示：这属于{laws}，本语料未收录。"
