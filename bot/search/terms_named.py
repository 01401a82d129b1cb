"""Which defined terms a question names, by any of their names, and how: named at all, named in a clause
that asks what a word means, or named as the party who may or must act (「明手可以做什么」: a question about
the party's rights, not about the word)."""

from __future__ import annotations

import functools
import re

from bot.rulebook.model import Definition
from bot.search.actors import OTHER_PARTY, seats_acting
from bot.search.lookback import ends_before
from bot.search.query import Query

_ANY_LETTER = re.compile(r"[a-z]")
# A term right after who did it is an act told (「同伴不叫」, 「对方加倍了」, "partner doubled"), not a word asked about.
_ACT_OF = re.compile(rf"(?:{OTHER_PARTY}|我|\bi\b)\s*(?:也|又|就|先|已经|刚才|都|还|突然)?\s*$")
# A party named as the one who may or must act: 「明手可以…」「庄家必须…」, "dummy is allowed to", "can dummy".
_MODAL_AFTER = re.compile(r"\s*(?:也|还|都|就|到底|究竟)?\s*(?:可以|可不可以|可唔可以|可否|能|能不能|能否|是否可以|有权|有没有权|"
                          r"应该|应不应该|必须|需要|需不需要|要不要|不能|不可以|不得|得唔得|准不准|允许|"
                          r"\b(?:is |are )?(?:allowed|entitled|permitted)\b|\b(?:can|may|must|should|has to|have to|gets to)\b)"
                          r"(?!\s*(?:是|算|\bbe\b))")   # 「庄家可以是谁」 asks who the word names
_MODAL_BEFORE = re.compile(r"\b(?:can|may|must|should|could)\s+(?:the\s+)?$")
# An act told as not done: 「没有alert」, 「没跟牌」, "didn't follow suit", "failed to alert" (not a thing there is
# none of: 「无将定约就冇将牌」).
ACT_TERMS = frozenset({"提醒", "跟牌", "加倍", "再加倍", "叫牌", "实质叫牌", "首引", "引牌", "打牌", "纠正", "轮到"})
_NEGATED_BEFORE = re.compile(r"(?:没有|没|未|并未|从未)\s*$|\b(?:didn't|did not|don't|doesn't|failed to|fails to|never|forgot to)\s+$")
# the most characters other than white space that _ACT_OF ("opponents 已经"), _MODAL_BEFORE ("should the") and
# _NEGATED_BEFORE ("failed to") hold (see bot.search.lookback)
_REACH = 12


class TermReader:
    """Finds the defined terms of ``names`` (normalised name → definition) in a text."""

    def __init__(self, names: dict[str, Definition]):
        """Read the names of :attr:`bot.search.definitions.Definitions.names`."""
        self.names = names

    @functools.cached_property
    def _term_names(self) -> tuple[dict[str, tuple[str, ...]], re.Pattern]:
        """The Chinese names of two characters or more by their first two characters, and the English
        ones of three letters or more in one pattern (longest first)."""
        names = [name for name in self.names if len(name) >= (3 if name.isascii() else 2)]
        english = sorted((n for n in names if n.isascii()), key=len, reverse=True)
        chinese: dict[str, tuple[str, ...]] = {}
        for name in names:
            if not name.isascii():
                chinese[name[:2]] = chinese.get(name[:2], ()) + (name,)
        # (the word edges around the alternation, not in each branch: each branch then starts with
        # a letter, which the regex engine checks before trying it)
        return chinese, re.compile(rf"(?<![a-z])(?:{'|'.join(map(re.escape, english))})(?:s|es)?(?![a-z])")

    @functools.cached_property
    def _term_heads(self) -> re.Pattern:
        """Finds the two characters at every place a Chinese name of :attr:`_term_names` may start (at one
        of their first characters): the few heads to look up, not every pair of a long message."""
        chinese, _ = self._term_names
        first = "".join(sorted({re.escape(head[0]) for head in chinese}))
        return re.compile(f"(?=([{first}].))", re.S)

    def named(self, q: Query) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        """The defined terms ``q`` names by any of their names (as the definition reader's
        ``_term_named_near`` reads them),
        those of them named in a clause that asks what a word means, and those named as the one who may
        or must act and asked about nowhere else (「明手可以做什么」, "what is dummy allowed to do": a question
        about a party's rights, not about the word; 「明手可以碰牌吗？明手到底指谁」 asks both)."""
        if q.named_terms is None:   # (cached on q: a question re-ranked per reading of who acted asks again)
            named, acting, _ = self._terms_read(q.normalized)
            asked: set[str] = set()
            for clause in q.asking:   # (meaning_asking_clauses)
                _, acts, untold = self._terms_read(clause)
                acting |= acts
                asked |= untold - acts
            q.named_terms = (named, frozenset(asked), frozenset(acting - asked))
        return q.named_terms

    def _terms_read(self, text: str) -> tuple[frozenset[str], set[str], set[str]]:
        """The terms ``text`` names (a name inside a longer one read as that one: 定约 in 部分定约), those named
        as a party who may or must act (「明手可以…」, "can dummy …"), and those not told as somebody's act
        (「同伴不叫是什么意思」)."""
        spaced = f" {text} "
        spans = self.spans(text)
        # told doing something ("LHO revoked", 「明手亮了一张牌」) or not doing it (「对方没有alert」, "didn't follow
        # suit"): the act is the question, not the word
        seats = seats_acting(text)
        acting = {term for start, end, term in spans
                  if _MODAL_AFTER.match(spaced, end) or ends_before(_MODAL_BEFORE, spaced, start, _REACH) or term in seats
                  or (term in ACT_TERMS and ends_before(_NEGATED_BEFORE, spaced, start, _REACH))}
        untold = {term for start, _, term in spans if not ends_before(_ACT_OF, spaced, start, _REACH)}
        return frozenset(term for _, _, term in spans), acting, untold

    def spans(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, term) of each defined term ``text`` names, in `` text `` (a space each side), in
        order; a name inside a longer one is that one (定约 in 部分定约)."""
        chinese, english = self._term_names
        spaced = f" {text} "
        spans = []   # (start, -length, name as found)
        heads = set(self._term_heads.findall(spaced))
        for name in (n for head in heads & chinese.keys() for n in chinese[head]):
            at = spaced.find(name)
            while at >= 0:
                spans.append((at, -len(name), name))
                at = spaced.find(name, at + 1)
        if _ANY_LETTER.search(text):
            spans += [(m.start(), m.start() - m.end(), m.group(0)) for m in english.finditer(spaced)]
        found, reached = [], 0
        for start, minus_length, name in sorted(spans):
            if start < reached:
                continue
            reached = start - minus_length
            # a plural: "passes" → pass, "games" → game
            d = self.names.get(name) or self.names.get(name[:-1]) or self.names.get(name[:-2])
            if d:
                found.append((start, reached, d.term))
        return found
