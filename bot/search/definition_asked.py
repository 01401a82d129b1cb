"""Which defined term a definition question asks about: its frame's X (:mod:`bot.search.definition_frames`)
or another reading of it, the one word of a short message asking a meaning, a word set apart or asked
about in a later clause, or the term named nearest where a message asks what the definition says."""

from __future__ import annotations

import re

from bot.rulebook.model import Definition
from bot.search.definition_frames import (called_so, definition_asked_at, definition_residual, definition_set_apart,
                                          quoted_words)
from bot.search.definitions import Definitions
from bot.search.lexicon import Lexicon
from bot.search.query import Query
from bot.search.terms_named import TermReader

# A clause that starts with its predicate (是指…, 就是…, 係咪…): its subject was named before it.
_PREDICATE_ONLY = re.compile(r"\s*(?:是指|指的是|就是|是不是|是否|即是|係咪|系咪|係唔係|是)")
# a clause pointing back at the word before it and asking what that thing is: 「这是什么东西」, 「到底指啥」
_POINTS_BACK = re.compile(r"^(?:那|这|它)(?:个)?(?:到底|究竟)?(?:是)?(?:个)?(?:什么|啥|甚么|乜嘢?)(?:东西|东东|玩意儿?)(?:啊|呀|来的|嚟㗎?)?$"
                          r"|^(?:到底|究竟|具体)(?:是)?(?:指|指的是)(?:什么|啥|甚么|谁)(?:啊|呀|呢)?$")
# a board named (by number, or "this board"): its vulnerability and dealer are asked, not the words' meaning
_BOARD_NAMED = re.compile(r"\d+\s*号牌|第\s*\d+\s*副|这副|本副|\bboard\s*\d+|\bthis (?:board|deal)\b")
# a later English sentence asking what a word is (not "what's the contract" after an auction, not "what do i lead")
_ENGLISH_SENTENCE_END = re.compile(r"(?<=[a-z])\.\s+")
_ENGLISH_THIS_ONE = re.compile(r"\b(?:what(?:'s| s| is| are)|who(?:'s| s| is| are)) the\b")
_ENGLISH_WHAT_IS = re.compile(r"(?:so |and |but |then )?(?:what(?:'s| s| is| are)|what (?:exactly|actually) (?:is|are)|what counts as"
                              r"|who(?:'s| s| is| are))\b|.*\b(?:mean|means|meaning|definition)\b")
_CLAUSE_BREAK = re.compile(r"[,，。.?？!！;；:：—–]+")
# a message that names its topic first, then a dash or colon: "trumps — …", 「局况：…」
_TOPIC_FIRST = re.compile(r"^([a-z][a-z ]{1,30}?|[\u4e00-\u9fff]{1,8})\s*(?:—|–|-{1,2}\s|:|：)")


class DefinitionReader:
    """Reads a question for the defined term it asks about (:meth:`definition_for`)."""

    def __init__(self, definitions: Definitions, terms: TermReader, lexicon: Lexicon):
        """Look terms up in ``definitions``, find them in text with ``terms``."""
        self.definitions = definitions
        self.terms = terms
        self.lexicon = lexicon

    def definition_for(self, q: Query) -> Definition | None:
        """The defined term ``q`` asks the meaning of, or None."""
        subject = q.subject or q.normalized
        fixed = subject
        for window, word in q.fixes:
            fixed = fixed.replace(window, word)
        found = self.definitions.named(subject, extra=[fixed])
        if found:
            return found
        for part in q.subject_parts:
            found = self.definitions.named(part)
            if found:
                return found
        for subject in [q.subject, *q.subject_parts]:
            found = self.definitions.alike(subject)
            if found:
                return found
        # a short message that is only a meaning cue, politeness and one defined word, or a longer one
        # that sets a defined word apart (quotes, 「X这个词」) and asks what it means
        # (a clause that is only the predicate, 「…“定约名目”，是指花色的意思吗」, asks about a word named
        # before it: what follows 是指 is the asker's guess, not the word)
        asked = ([c.strip() for c in q.asking if not _PREDICATE_ONLY.match(c)]   # (meaning_asking_clauses)
                 if len(q.clauses) > 1 else [])
        residuals = [definition_residual(text) for text in [q.normalized, *asked]]
        # a term whose name holds a filler (的, 中): its whole name left as it is
        residuals += [definition_residual(q.normalized, keep=name) for name in self.definitions.filled_names if name in q.normalized]
        for word in [*residuals, *definition_set_apart(q.normalized)]:
            # as written, or typed a little wrong ("how do the laws define declarar")
            found = word and (self.definitions.named(word) or self.definitions.alike(word))
            if found:
                return found
        # a thing told, then asked whether that is what a word means: the word exactly (「他就叫加倍了」 tells a call)
        for word in called_so(q.normalized, q.clauses):
            found = self.definitions.named(word)
            if found:
                return found
        found = self._clause_asking_a_term(q)
        if found:
            return found
        # A defined term with one more character, in a word the rulebook never uses
        # (约定叫 → 约定, 心理叫牌 → 心理叫); 约定卡 is a rulebook word, and no definition.
        if q.subject and not q.subject.isascii() and q.subject not in self.lexicon.vocab:
            found = self.definitions.names.get(q.subject[:-1])
            if found and len(q.subject) > 2:
                return found
        # A message that asks what the rules' definition says: the term it asks about (_term_named_near;
        # 「我同伴先叫的黑桃，最后是我叫到4♠，按定义谁当庄家？」 → 庄家).
        asked_at = definition_asked_at(q.normalized)
        if asked_at is None:
            return None
        # a quoted word holding no term is what it asks about ("what makes a bid 'insufficient' by definition")
        words = sorted(quoted_words(q.normalized), key=lambda w: abs(q.normalized.find(w) - asked_at))
        quoted = [self.definitions.named(w) or self._term_named_near(w, len(w)) for w in words]
        if not all(quoted):
            return None
        # a topic named first ("trumps — can there be any in notrump, going by the definition?")
        topic = _TOPIC_FIRST.match(q.normalized)
        if topic:
            found = self.definitions.named(topic.group(1).strip()) or self.definitions.alike(topic.group(1).strip())
            if found:
                return found
        # a term in the clause that asks ("what does the rulebook say a session is")
        in_clause = self._term_named_near(q.normalized, asked_at, clause_only=True)
        if in_clause:
            return in_clause
        # the quoted word nearest the ask, or the term inside it (「“当防家”是什么意思」)
        if quoted:
            return quoted[0]
        return self._term_named_near(q.normalized, asked_at)

    def _clause_asking_a_term(self, q: Query) -> Definition | None:
        """The defined term a later clause of a message asks about on its own: a clause that is nothing
        but a term named before it and what asks its meaning (「被加倍之后还能再加倍？再加倍是啥」,
        「裁判说我那张是藏牌，藏牌是啥？」), or one that points back at the term named last before it
        (「裁判给了我们一个调整分，这是什么东西」); the term by one of its names, a near spelling only when
        typed the same way before (「那是降牌。降牌到底是什么牌」).  Not when the message names a board (「7号牌谁发牌？局况是什么」 asks for that board's).  An English
        sentence ends a clause here ("we lost 7 imps on the last deal. what is an imp")."""
        clauses = [part for clause in q.clauses for part in _ENGLISH_SENTENCE_END.split(clause) if part.strip()]
        if len(clauses) < 2 or _BOARD_NAMED.search(q.normalized):
            return None
        for i in range(1, len(clauses)):
            text = clauses[i].strip()
            if _POINTS_BACK.match(text):
                spans = self.terms.spans(clauses[i - 1])
                if spans:
                    return self.definitions.names.get(spans[-1][2])
            # (a word asked in a clause of its own only when named before it too: the asker heard it and
            # asks what it is; 「…，定约到底是什么」 asks what this board's contract is)
            # ("what do i lead" asks for a card: an English clause must ask what something is or means, and
            # "what's the contract" after an auction asks for this one's)
            english_ok = _ENGLISH_WHAT_IS.match(text) and not _ENGLISH_THIS_ONE.search(text)
            word = definition_residual(text) if not text.isascii() or english_ok else None
            found = word and self.definitions.named(word)
            before = "，".join(clauses[:i])
            if found and any(found.term == term for _, _, term in self.terms.spans(before)):
                return found
            # the word typed a little wrong, the same way both times (「他垫了张降牌，降牌到底是什么牌」)
            if word and not found and len(word) > 1 and word in before:
                found = self.definitions.alike(word)
                if found:
                    return found
        return None

    def _term_named_near(self, normalized: str, at: int, clause_only: bool = False) -> Definition | None:
        """The defined term ``normalized`` names (by any of its names of two characters or more, an English
        one as whole words) in the clause holding position ``at``, nearest to it; else (unless
        ``clause_only``) the last it names before that clause; else the first it names."""
        spaced = f" {normalized} "
        found = [(m.start() - 1, m.end() - 1, d) for pattern, d in self.definitions.name_patterns
                 for m in pattern.finditer(spaced)]   # (start, end, term)
        # a name inside a longer one (定约 in 部分定约) is that one
        found = [f for f in found
                 if not any(g[0] <= f[0] and f[1] <= g[1] and g[1] - g[0] > f[1] - f[0] for g in found)]
        if not found:
            return None
        ends = [0] + [m.end() for m in _CLAUSE_BREAK.finditer(spaced)] + [len(spaced)]
        start = max(e for e in ends if e <= at + 1)
        end = min(e for e in ends if e > at + 1) if any(e > at + 1 for e in ends) else len(spaced)
        near = [f for f in found if start <= f[0] + 1 < end]
        if near or clause_only:
            return min(near, key=lambda f: abs(f[0] - at))[2] if near else None
        # else the last named before that clause (「昨天打牌时有人提到比赛分，按定义到底怎么讲」), or the first
        before = [f for f in found if f[0] < start]
        return max(before, key=lambda f: f[0])[2] if before else min(found, key=lambda f: f[0])[2]
