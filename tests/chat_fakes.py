"""A tiny rulebook and stand-ins for search, rendering and scoring, for the chat core's tests.

The real modules are tested on their own; these fakes keep the core's dialogue tests about
routing and context, and fast.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.base.textnorm import to_simplified
from bot.chat.context import ContextStore
from bot.chat.core import Core
from bot.base.errors import ScoringInputError
from bot.rulebook.refs import parse_reference
from bot.rulebook.model import clause_label, rulebook_from_json
from bot.chat.services import Services

LONG_LINE = "长" * 1000

RULEBOOK = {
    "edition": "中国桥牌竞赛规则(1999)",
    "missing": [51],
    "definitions": [
        {"term": "明手", "en": "DUMMY", "text": "庄家的同伴。", "refs": ["41"]},
        {"term": "罚张", "en": "PENALTY CARD", "text": "防守方违规亮出的牌。", "refs": ["50"]},
    ],
    "laws": [
        {"number": 41, "title": "开始打牌", "intro": "", "clauses": [
            {"id": "41A", "title": "首攻", "text": "首攻方先打出首攻牌。", "refs": []}]},
        {"number": 50, "title": "罚张的处理", "intro": "防守方亮出的牌是罚张。", "clauses": [
            {"id": "50A", "title": "罚张留在桌上", "text": "罚张必须面朝上留在桌上。", "refs": ["49"]},
            {"id": "50D", "title": "罚张的处理", "text": "罚张按下列规定处理:", "refs": []},
            {"id": "50D1", "title": "大罚张", "text": "大罚张必须在第一个合法机会打出。", "refs": []},
            {"id": "50D2", "title": "违规者同伴引牌时", "text": "违规者同伴取得出牌权时,庄家可以限制其引牌。",
             "refs": ["59", "41A"]}]},
        {"number": 52, "title": "未能打出罚张", "intro": "", "clauses": [
            {"id": "52A", "title": "防守方未打出罚张", "text": "防守方未按规定打出罚张时……", "refs": ["50D"]}]},
        {"number": 77, "title": "计分表", "intro": "", "clauses": [
            {"id": "77A", "title": "计分", "text": "\n".join([LONG_LINE] * 9), "refs": []}]},
    ],
}


def _clause_lines(law, clause_id):
    return "\n".join(f"{c.id} {c.title}\n{c.text}" for c in law.subtree(clause_id))


def law_text(law, clause_id=None):
    """Plain text of a law or a clause subtree under a heading line, like bot.rulebook.render."""
    if clause_id is None:
        return "\n".join(law_blocks(law))
    return f"{clause_label(clause_id)} {law.title}\n{_clause_lines(law, clause_id)}"


def law_blocks(law):
    """The law split at top-level clauses, the first block starting with the heading."""
    blocks = [f"第{law.number}条 {law.title}" + (f"\n{law.intro}" if law.intro else "")]
    for clause in law.clauses:
        if clause.depth == 1:
            blocks.append(_clause_lines(law, clause.id))
    return blocks


def definition_text(definition):
    """A definition under its heading line, like bot.rulebook.render."""
    return f"{definition.term} ({definition.en})\n{definition.text}"


@dataclass
class Hit:
    law: int
    clause: str
    term: str
    title: str
    score: float
    snippet: str
    matched: list[str] = field(default_factory=list)


@dataclass
class SearchResult:
    query: str
    normalized: str
    hits: list
    confident: bool
    reference: object = None
    ambiguous: object = None
    absent: list | None = None
    likely: bool = False


@dataclass
class Reading:
    """One reading of an ambiguous question, as the search reports it (issue 10)."""

    actor: str
    label_zh: str
    label_en: str
    hit: object = None


@dataclass
class Ambiguity:
    question_zh: str
    question_en: str
    options: list


@dataclass
class AbsentTopic:
    law: int
    title: str
    title_en: str

    def note(self, lang="zh"):
        return f"Note: Law {self.law} ({self.title_en}) is not in this corpus." if lang == "en" else \
            f"提示：{self.title}在第{self.law}条，本语料未收录。"

    @property
    def zh(self):
        return self.title

    @property
    def en(self):
        return self.title_en


# A question about a card shown (亮牌, "exposed") does not say who showed it; the clauses each
# reading leads to in the tiny rulebook.
OPEN_ACTOR = re.compile(r"亮|exposed")
ACTOR_CLAUSES = {"declarer": "41A", "defender": "50A", "dummy": "41A"}


class FakeSearcher:
    """Finds clauses and definitions whose text contains a word of the question; a question
    with an open actor is reported ambiguous unless ``actor`` settles it (like issue 10's search)."""

    def __init__(self, book):
        self.book = book
        self.questions: list[tuple[str, int]] = []
        self.actors: list[str | None] = []

    def ask(self, question, k=3, actor=None):
        question = to_simplified(question)   # as the real search reads traditional text
        self.actors.append(actor)
        if OPEN_ACTOR.search(question):
            return self._open_actor(question, k, actor)
        if "撤销" in question:   # a topic whose law the corpus lacks
            return SearchResult(question, question, [], False, absent=[AbsentTopic(25, "叫品的更改", "changes of call")])
        if "藏牌" in question or "revoke" in question:   # close missing laws, reported together
            return SearchResult(question, question, [], False, absent=[AbsentTopic(62, "藏牌的改正", "Correction of a Revoke"),
                                                                         AbsentTopic(64, "藏牌成立后的程序", "Procedure after Establishment of a Revoke")])
        return self._ask(question, k)

    def _open_actor(self, question, k, actor):
        self.questions.append((question, k))
        readings = [Reading(a, zh, en) for a, zh, en in
                    (("declarer", "庄家", "Declarer"), ("defender", "防家", "A defender"))]
        if actor is None:
            ambiguity = Ambiguity("亮牌的是庄家还是防家？", "Who exposed the card: declarer or a defender?", readings)
            return SearchResult(question, question, [], False, ambiguous=ambiguity, absent=[])
        clause = ACTOR_CLAUSES[actor]
        law = self.book.law(int(clause[:2]))
        found = law.clause(clause)
        return SearchResult(question, question, [Hit(law.number, clause, "", found.title, 5.0, found.text, [])],
                            True, absent=[])

    def _ask(self, question, k=3):
        self.questions.append((question, k))
        words = [w for w in re.split(r"[\s,。?？怎么如何处理是什么的]+", question) if w]
        hits = []
        for d in self.book.definitions:
            if any(w in d.term or w in d.text for w in words):
                hits.append(Hit(0, "", d.term, d.term, 2.0, d.text, [w for w in words if w in d.term + d.text]))
        for law in self.book.laws.values():
            for c in law.clauses:
                found = [w for w in words if w in c.text]
                if found:
                    hits.append(Hit(law.number, c.id, "", c.title, 1.0, c.text[:30], found))
        # (「…大概…」: the fake's way of saying "not sure, but likely")
        unsure = "?" in question or "大概" in question
        return SearchResult(question, question, hits[:k], confident=len(hits) > 0 and not unsure,
                            likely=len(hits) > 0 and "大概" in question)


class LegacySearcher(FakeSearcher):
    """A searcher that cannot be told who acted (the search before issue 10)."""

    def ask(self, question, k=3):
        self.actors.append(None)
        return self._ask(question, k)


def definition_subject(text):
    """The X of 「X是什么意思」 / "what is X", like bot.search.query.definition_subject."""
    m = re.match(r"^(?:什么是)?(.+?)(?:是什么意思|的定义)?$", text) if re.search(r"什么是|是什么意思|的定义", text) \
        else re.match(r"^what is (?:a |an |the )?(.+)$", text)
    return m.group(1) if m else None


def board_reply(text, lang="zh"):
    return f"board({text}) {lang}"


def score_kind(text):
    if looks_like_score(text):
        return "score"
    if re.fullmatch(r"\d+号牌|board \d+", text.strip()):
        return "board"
    if re.fullmatch(r"\d+\s*(?:比|vs)\s*-?\d+(?: imp)?", text.strip()):
        return "imp"
    return None


def table_request(text):
    return {"77表": "77", "77 table": "77"}.get(text.strip())


def score_reply(text, lang="zh"):
    if "bad" in text or "8S" in text:
        raise ScoringInputError("定约写错了。例如: 4S+1 有局", "Bad contract. For example: 4S+1 vul")
    return f"score({text}) {lang}"


def imp_reply(text, lang="zh"):
    return f"imp({text}) {lang}"


def looks_like_score(text):
    return re.match(r"^\d(NT|[CDHS])", text.strip(), re.I) is not None


@dataclass
class ClubAnswer:
    text: str
    document: tuple | None = None


class FakeClub:
    def __init__(self):
        self.calls = []

    def __call__(self, command, args, chat_id, user_id, user_is_admin, lang, attachment=None):
        self.calls.append((command, args, chat_id, user_id, user_is_admin, lang, attachment))
        if command == "export":
            return ClubAnswer("导出", ("session.csv", b"board,ns\n"))
        return ClubAnswer(f"club {command} {args}")


def make_core(searcher=FakeSearcher, **overrides) -> Core:
    """A core over the tiny rulebook and the fakes above (``searcher``: the searcher class)."""
    book = rulebook_from_json(RULEBOOK)
    services = Services(
        rulebook=book,
        law_text=law_text,
        law_blocks=law_blocks,
        definition_text=definition_text,
        parse_reference=parse_reference,
        ask=searcher(book).ask,
        looks_like_score=looks_like_score,
        scorers={"score": score_reply, "imp": imp_reply},
        club=FakeClub(),
        definition_subject=definition_subject,
    )
    for name, value in overrides.items():
        setattr(services, name, value)
    return Core(services, contexts=CONTEXTS())


# Where a made core keeps its chats' contexts: in memory, or (tests/chat/test_core.py, once per engine)
# in a database.
CONTEXTS = ContextStore
