"""The clarify stage: when a question leaves open who acted and the answer depends on it (48 for
declarer, 49 for a defender), the readings and the question to ask back (:class:`Ambiguity`)."""

from __future__ import annotations

import re

from bot.rulebook.model import Rulebook
from bot.search.actors import ACTORS, LABELS
from bot.search.query import Query
from bot.search.rank import LawCandidates, Ranker
from bot.search.result import ActorOption, Ambiguity, answer_hits

# Laws among the first four whose best rows lie this close in model score are alternatives worth
# asking about: a score difference is a log-odds of the ranker's softmax shares, so 2.0 keeps a law
# holding at least e⁻² ≈ 1/7 of the best one's share (on the dev sets, 7 of 908 questions are asked back).
AMBIGUITY_GAP = 2.0
AMBIGUITY_LAWS = 4


def ambiguity(q: Query, ranked: list[LawCandidates], ranker: Ranker, terms_named: tuple,
              rulebook: Rulebook) -> Ambiguity | None:
    """When the question leaves open who acted and the close alternatives differ by actor (48
    for declarer, 49 for a defender), the readings and the question to ask back."""
    if not ranked or not ranked[0].best.doc.actors:
        return None
    # by the row model alone: the classifier reads which law the message is about, not who acted in it
    close = [g for g in ranked[:AMBIGUITY_LAWS] if ranked[0].row_score - g.row_score <= AMBIGUITY_GAP]
    # in the rulebook's order of the seats, whichever reading ranks first: the question reads the same every time
    actors = sorted({a for g in close for a in g.best.doc.actors[:1]}, key=ACTORS.index)
    if len(actors) < 2:
        return None
    options = []
    for actor in actors:
        reading = ranker.rank(q, terms_named, actor, exclude_definitions=True, strict=True)
        hits = answer_hits(q, reading, 1, rulebook)
        if hits:
            zh, en = LABELS[actor]
            options.append(ActorOption(actor, zh, en, hits[0]))
    if len({(o.hit.law, o.hit.clause) for o in options}) < 2:
        return None
    names_zh = "还是".join(o.label_zh for o in options)
    names_en = " or ".join(("a " + o.label_en.lower()) if o.actor == "defender" else o.label_en.lower()
                           for o in options)
    act = _action_word(q)
    return Ambiguity(question_zh=f"{act}的是{names_zh}？" if act else f"是{names_zh}？",
                     question_en=f"Who was it — {names_en}?", options=options)

# Acts a question about who acted is usually about, as found and as said back (亮了一张 → 亮牌).
_ACTION_WORDS = (("亮", "亮牌"), ("暴露", "暴露"), ("摊", "摊牌"), ("掉", "掉牌"), ("首引", "首引"), ("首攻", "首攻"),
                 ("引牌", "引牌"), ("出牌", "出牌"), ("打牌", "打牌"), ("看牌", "看牌"), ("声称", "声称"), ("承认", "承认"),
                 ("收回", "收回"), ("叫牌", "叫牌"), ("犯规", "犯规"), ("违规", "违规"))


# 「打牌时」, 「叫牌过程中」: when it happened, not what was done
_PERIOD_AFTER = re.compile(r"时|的时候|过程|期间|中|阶段")


def _action_word(q: Query) -> str | None:
    """The act the question is about, in the question's own words (亮牌), for 「亮牌的是庄家还是防家？」;
    an act named as a period (「打牌时对方亮了一张牌」) is not it."""
    compact = q.normalized.replace(" ", "")
    found = [(m.start(), said) for seen, said in _ACTION_WORDS for m in re.finditer(re.escape(seen), compact)
             if not _PERIOD_AFTER.match(compact, m.end())]
    if found:
        return min(found)[1]
    return next((said for seen, said in _ACTION_WORDS if seen in q.expansions), None)
