"""Who acted: the actor a question is about, and the actors a clause's text governs.

Declarer, dummy and the defenders meet different laws for the same act (48 vs 49/50, 42 vs
43, 45C1/C2/C3).  A question names the actor (「明手能不能…」, "declarer led …"), or tells who
asks and names the other side relative to him (「我是庄家，对方亮了一张牌」 → a defender).
Each clause is tagged by the builder with the actors of its own title, else of its parents'
and its law's titles, else the first actor its text names; ``corpus/clause_actors.yaml``
holds the reviewed corrections.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from bot.rulebook.model import CORPUS_DIR
from bot.search.lookback import ends_before

ACTORS = ("declarer", "dummy", "defender")
LABELS = {"declarer": ("庄家", "Declarer"), "dummy": ("明手", "Dummy"), "defender": ("防家", "Defender")}
ACTOR_OVERRIDES_PATH = CORPUS_DIR / "clause_actors.yaml"

# Chinese actor words (simplified, as normalised) and English ones, longest first within a pattern.
_ZH_WORDS = {
    "declarer": ("庄家", "做庄的", "主打"),
    "dummy": ("明手", "梦家"),
    "defender": ("防守方", "防守者", "防家", "防守的", "首攻方", "首攻人", "首引人"),
}
_EN_WORDS = {
    "declarer": (r"declarers?", r"declarer's"),
    "dummy": (r"dummy", r"dummy's"),
    "defender": (r"defenders?", r"defender's", r"opening leader", r"the defen[cs]e"),
}
_ZH_ACTOR = {actor: re.compile("|".join(words)) for actor, words in _ZH_WORDS.items()}
_EN_ACTOR = {actor: re.compile(r"\b(?:" + "|".join(words) + r")\b") for actor, words in _EN_WORDS.items()}
_LETTER = re.compile(r"[a-z]")
# Who asks: 「我是庄家」, 「我当庄」, 「我们防守」, "I am declarer", "as dummy".
_ASKER = {
    "declarer": re.compile(r"我(?:是|当|做|作|来)(?:了)?庄|作为庄家|我方(?:是)?庄家|\b(?:i am|i'm|i was|as) (?:the )?declarer\b"),
    "dummy": re.compile(r"我(?:是|当|做|作)(?:了)?(?:明手|梦家)|作为明手|\b(?:i am|i'm|i was|as) (?:the )?dummy\b"),
    "defender": re.compile(r"我(?:是|当|做|作)(?:了)?防|我们?(?:在)?防守|作为防家|我方(?:是)?防|我首攻|我首引"
                           r"|\b(?:i am|i'm|i was|as) (?:a |the )?defender\b|\b(?:we|i) (?:were|are|was|am) defending\b"
                           r"|\b(?:we're|i'm) defending\b"),
}
# The asker asks about his own act: 「我能…吗」, "can I …".
# (an English word's edge checked after its first letter, c(?<!\wc)an is \bcan: see absent_families._OUT_OF_TURN)
_ASKER_ACTS = re.compile(r"我(?:还)?(?:能|可以|可不可以|能不能|应该|该|要不要|必须|得)|c(?<!\wc)an i\b|m(?<!\wm)ay i\b"
                         r"|s(?<!\ws)hould i\b|m(?<!\wm)ust i\b|c(?<!\wc)ould i\b|a(?<!\wa)m i (?:allowed|required|entitled)\b")
_OPPONENT = re.compile(r"对方|对手|上家|下家|\b(?:opponents?|lho|rho)\b")
_PARTNER = re.compile(r"同伴|搭档|队友|\bpartner\b|\bpard\b")
# Anyone else the question may name as the one who acted (its words also tell an act from a word asked about:
# 「同伴不叫是什么意思」, see bot.search.searcher).
OTHER_PARTY = (r"对方|对手|上家|下家|对面|左手|右手|同伴|搭档|队友|裁判|他|她|别人|庄家|明手|梦家|防家|防守"
               r"|\b(?:opponents?|lho|rho|partner|pard|he|she|they|someone|declarer|dummy|defenders?|td|director)\b")
_OTHER_PARTY = re.compile(OTHER_PARTY)
# A time clause before the act (「打到第三墩的时候，」) says when, not who.
_WHEN = re.compile(r"[^，,。；;]*(?:的时候|时候|时|以后|之后|后|期间|中)[，,]")
_CONTENT = re.compile(r"[\u4e00-\u9fff]|\b[a-z]{3,}\b")
_FILLER = re.compile(r"^(?:家|了|的|啦|呢|\s|\b(?:and|so|then|but|when|while|the|my|our|we|i|was|were|just)\b|[，,。.!！?？:：;；—-])*$")
# A seat named as the one who was asked or who objected (「让明手…」「防家要求…」) did not act.
_ZH_REACTOR_BEFORE = "让给向跟对问叫请"
_ZH_REACTOR_AFTER = re.compile(r"^(?:都|也|就|马上|立刻)?(?:看到|看见|发现|认为|要求|指出|不同意|同意|反对|坚持|表示)")

@functools.lru_cache(maxsize=1024)   # (a question's text is read several times per answer)
def question_actor(normalized: str) -> str | None:
    """The actor who acted in a normalised question, or None when it does not say.

    An actor named outright wins (the first one named is the subject: 「明手能不能提醒庄家」 is
    about dummy); else the asker's stated seat turns 「对方」/「同伴」 into one."""
    asker = asker_role(normalized)
    if asker and (_ASKER_ACTS.search(normalized) or _asker_goes_on(normalized)):
        return asker  # 「我是明手，…，我可以叫裁判吗」, 「我当庄家，不小心掉了一张牌」: the asker's own act
    named = _first_named(_without_asker(normalized))
    if named:
        return named
    if asker is None:
        return None
    if _OPPONENT.search(normalized):
        return "defender" if asker in ("declarer", "dummy") else "declarer"
    if _PARTNER.search(normalized):
        return {"declarer": "dummy", "dummy": "declarer", "defender": "defender"}[asker]
    return asker


@functools.lru_cache(maxsize=1024)
def asker_role(normalized: str) -> str | None:
    """The seat the asker says he holds (「我是庄家」 → declarer), else None."""
    found = [(m.start(), actor) for actor, pattern in _ASKER.items() for m in [pattern.search(normalized)] if m]
    return min(found)[1] if found else None


@functools.lru_cache(maxsize=1024)
def without_asker(normalized: str) -> str:
    """The question less the asker's own seat when someone else acted (「我是庄家，对方亮了一张牌」
    → 「，对方亮了一张牌」): 庄家 there says who asks, not whose act the law governs."""
    asker = asker_role(normalized)
    if asker is None or question_actor(normalized) in (None, asker):
        return normalized
    return _without_asker(normalized)


def _asker_goes_on(normalized: str) -> bool:
    """The asker's seat is followed by an act with no one else named before it (「我当庄家，不小心
    掉了一张牌」, "I'm defending and dropped a card"): the asker is its subject."""
    found = [m for pattern in _ASKER.values() for m in [pattern.search(normalized)] if m]
    if not found:
        return False
    rest = normalized[min(found, key=lambda m: m.start()).end():]
    other = _OTHER_PARTY.search(rest)
    stretch = _WHEN.sub("", rest[: other.start()] if other else rest)
    if other and _FILLER.match(stretch):
        return False
    return len(_CONTENT.findall(stretch)) >= 3


def _without_asker(normalized: str) -> str:
    for pattern in _ASKER.values():
        normalized = pattern.sub(" ", normalized)
    return normalized


def _first_named(text: str) -> str | None:
    found = []
    # (the English words only in a message with letters: most are Chinese, and each look costs a scan)
    english = _LETTER.search(text)
    for actor in ACTORS:
        for pattern in (_ZH_ACTOR[actor], _EN_ACTOR[actor]) if english else (_ZH_ACTOR[actor],):
            m = next((m for m in pattern.finditer(text) if not _reacts(text, m)), None)
            if m:
                found.append((m.start(), actor))
    return min(found)[1] if found else None


def _reacts(text: str, m: re.Match) -> bool:
    """A seat named as the one who was asked, saw or objected: 「让明手…」, 「防家看到了」, 「防家要求…」."""
    return (m.start() > 0 and text[m.start() - 1] in _ZH_REACTOR_BEFORE) or bool(_ZH_REACTOR_AFTER.match(text[m.end():]))


def actors_named(text: str) -> tuple[str, ...]:
    """Every actor a piece of rule text names, in the order first named."""
    found = sorted((m.start(), actor) for actor in ACTORS for m in [_ZH_ACTOR[actor].search(text)] if m)
    return tuple(actor for _, actor in found)


# A seat (or the director) told as doing something: 「明手亮了一张牌」, 「上家没跟花色」, "LHO revoked",
# "an opponent exposed a card" — not one asked about (「庄家是怎么定的」, 「下家即係左手邊」, "what is dummy").
# Each seat word is read as the chapter 1 term that defines it.
SEAT_TERMS = {"庄家": "庄家", "明手": "明手", "梦家": "明手", "防家": "防家", "防守方": "防家", "对手": "对手",
              "对方": "对手", "同伴": "同伴", "搭档": "同伴", "上家": "上家", "下家": "下家", "裁判": "裁判",
              "declarer": "庄家", "dummy": "明手", "defender": "防家", "defenders": "防家", "opponent": "对手",
              "opponents": "对手", "partner": "同伴", "pard": "同伴", "lho": "下家", "rho": "上家", "td": "裁判",
              "director": "裁判"}
_SEATS_ZH = "|".join(w for w in SEAT_TERMS if not w.isascii())
_SEAT_ACTS_ZH = re.compile(
    rf"({_SEATS_ZH})(?>也|又|就|先|已经|刚才|都|还|突然|不小心|竟然|居然)?"
    rf"(?!是|即|指|算|的|就是|和|跟|同|与|或|还是|这|那|一词|{_SEATS_ZH})"
    r"(?:没|不|未(?=[\u4e00-\u9fff])|把|将|[亮出叫打引首攻掉摊越提说问看拿换收声承漏垫犯违加再停想拖])")
_SEAT_ACTS_EN = re.compile(
    r"\b(declarer|dummy|defenders?|opponents?|partner|pard|lho|rho|td|director)\s+"
    r"(?:just |then |also |suddenly |accidentally |immediately |later |never |had |has |have )?"
    r"(?:\w{3,}ed|bid|bids|led|leads|made|makes|showed|shows|dropped|played|plays|claims|said|says|asked|asks"
    r"|called|calls|put|puts|took|forgot|thought|won|lost|revoke[sd]?|hesitate[sd]?|can|could|may|might|should"
    r"|must|did|didn't|does|doesn't|won't|wouldn't|tried|gave|gives|ruled|pulled|faced|exposed|touched)\b")

# (8 characters at most besides white space: "being the", see bot.search.lookback)
_PASSIVE_BEFORE = re.compile(r"\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:the\s+|an?\s+)?$")


def seats_acting(normalized: str) -> set[str]:
    """The chapter 1 terms of the seats (and the director) a normalised question tells doing
    something: they are who acted, not words the question asks about."""
    found = {m.group(1) for m in _SEAT_ACTS_ZH.finditer(normalized.replace(" ", ""))}
    # (not a seat named in a passive: "how is declarer determined")
    found |= {m.group(1) for m in _SEAT_ACTS_EN.finditer(normalized) if not ends_before(_PASSIVE_BEFORE, normalized, m.start(), 8)}
    return {SEAT_TERMS[w] for w in found}


@functools.lru_cache(maxsize=2)
def load_overrides(path: Path = ACTOR_OVERRIDES_PATH) -> dict[str, tuple[str, ...]]:
    """The reviewed corrections: ``{clause or law id: (actors …)}`` (an empty list means none)."""
    if not path.exists():
        return {}
    import yaml

    with open(path, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh) or {}
    return {str(key): tuple(value or ()) for key, value in (raw.get("actors") or {}).items()}


def clause_actors(row: dict, overrides: dict[str, tuple[str, ...]] | None = None) -> tuple[str, ...]:
    """The actors an index row (a law or clause row of :func:`bot.search.index.documents`) governs:
    a reviewed override for the clause, a heading above it or its law; else the actors of the
    nearest title that names one (own title, parents, law); else the first actor its text names."""
    overrides = load_overrides() if overrides is None else overrides
    clause = row.get("clause") or ""
    keys = [clause[:n] for n in range(len(clause), len(str(row["law"])), -1)] + [str(row["law"])]
    for key in keys:
        if key in overrides:
            return overrides[key]
    # The law's title first: every clause of 「明手的限制」 is about dummy, whoever else it names.
    parents = [title for _, title in row.get("parents", [])] or [row.get("title", "")]
    own = row.get("title", "").rpartition(" · ")[2] if row.get("clause") else ""
    for title in [*parents[-1:], own, *parents[:-1]]:
        named = actors_named(title)
        if named:
            return named
    # 「除明手外，其余赛员…」 names dummy to leave him out.
    named = actors_named(_EXCEPT.sub("", row.get("text", "")))
    return named[:1]


_EXCEPT = re.compile(r"除了?[^，。；,;]{0,8}?外")
