"""The search index: the rulebook and glossary turned into SQLite FTS5 tables (sqlite-utils).

One row per law, per clause and per definition.  Text columns are stored pre-segmented
(space-separated jieba tokens), so FTS5's ``unicode61`` tokenizer only splits on spaces.
The index and the jieba dictionary live in the cache directory, named by a hash of the
rulebook, the glossary and :data:`INDEX_VERSION`; a changed rulebook gets a fresh index
on first use.  Nothing here is committed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
import sqlite3
from pathlib import Path

from bot.base.inputs import plain_digits
from bot.search.lexicon import STOPWORDS_ZH, Lexicon
from bot.search.query import understand
from bot.rulebook.model import CORPUS_DIR, Law, Rulebook
from bot.rulebook.db import write_rulebook_tables
from bot.search.segment import Segmenter, ascii_words, bigrams, common_words, write_dictionary
from bot.search.situations import SITUATIONS_DIR, Situations, load_situations, situation_files
from bot.search.pooled_words import pool_words
from bot.search.missing import MISSING_LAWS_PATH, AbsentLaw, absent_entries, load_topics, present_entries
from bot.search.actors import ACTOR_OVERRIDES_PATH, clause_actors
from bot.search.definition_frames import FRAMES_PATH
from bot.base.textnorm import normalize_query

# Bump when the index layout or the tokenisation changes: cached indexes are then rebuilt.
INDEX_VERSION = 16
KEEP_INDEXES = 3
GLOSSARY_PATH = CORPUS_DIR / "glossary.yaml"
FTS_COLUMNS = ("t_title", "t_heading", "t_body", "t_chars", "t_bigrams", "t_situations")
# jieba's two-character words this frequent are everyday words, not typos (主意 2900, 名手 30).
COMMON_WORD_FREQ = 200
# Law and clause titles up to this length go into the dictionary as whole words.
_TITLE_WORD_MAX = 6
_HAN = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class IndexFiles:
    """Paths of one built index: the SQLite database and the jieba dictionary."""

    db: Path
    dictionary: Path


def default_cache_dir() -> Path:
    """``$BRIDGEBOT_CACHE``, else ``~/.cache/bridgebot``."""
    env = os.environ.get("BRIDGEBOT_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "bridgebot"


def load_glossary(path: Path | str = GLOSSARY_PATH) -> dict[str, list[str]]:
    """The glossary as ``{normalised phrase: [corpus words]}`` (both sections merged)."""
    import yaml

    with open(path, encoding="utf-8") as fh:
        # libyaml's loader when there is one: the glossary is read on every start.
        raw = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    out: dict[str, list[str]] = {}
    for section in raw.values():
        for phrase, targets in (section or {}).items():
            targets = [targets] if isinstance(targets, str) else list(targets)
            out.setdefault(normalize_query(str(phrase)), []).extend(normalize_query(t) for t in targets)
    return out


def fingerprint(rulebook: Rulebook, glossary: dict[str, list[str]], data_files: list[Path] = ()) -> str:
    """A short hash of everything the index is built from: the rulebook, the glossary, and the
    bytes of the reviewed data files (situations, missing laws, actor corrections, definition frames) — hashed as
    files, so that a warm start never parses them."""
    payload = json.dumps(
        [INDEX_VERSION, sorted(STOPWORDS_ZH), dataclasses.asdict(rulebook), glossary,
         [(p.name, hashlib.sha256(p.read_bytes()).hexdigest()) for p in data_files if p.exists()]],
        ensure_ascii=False, sort_keys=True, default=str,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


def ensure_index(rulebook: Rulebook, glossary: dict[str, list[str]], cache_dir: Path,
                 situations_dir: Path = SITUATIONS_DIR) -> IndexFiles:
    """Return the index for this rulebook, glossary and data files, building it first when
    missing or stale (situation files from ``situations_dir``)."""
    files = index_files(rulebook, glossary, cache_dir, situations_dir)
    if files.db.exists() and files.dictionary.exists():
        return files
    cache_dir.mkdir(parents=True, exist_ok=True)
    build_index(rulebook, glossary, files, cache_dir, load_situations(situations_dir), load_topics())
    _prune(cache_dir)
    return files


def index_files(rulebook: Rulebook, glossary: dict[str, list[str]], cache_dir: Path,
                situations_dir: Path = SITUATIONS_DIR) -> IndexFiles:
    """Where the index for this rulebook, glossary and data files is (or will be) kept in ``cache_dir``."""
    # (the definition frames decide what a situation phrase reads as, as they do for a question)
    data_files = [*situation_files(situations_dir), MISSING_LAWS_PATH, ACTOR_OVERRIDES_PATH, FRAMES_PATH]
    key = fingerprint(rulebook, glossary, data_files)
    return IndexFiles(db=cache_dir / f"search-{key}.sqlite", dictionary=cache_dir / f"jieba-{key}.dict")


def index_ready(cache_dir: Path | None = None) -> bool:
    """Whether the corpus's index is already built in ``cache_dir`` (default: :func:`default_cache_dir`),
    so that opening the search will not build it."""
    from bot.rulebook.model import RULEBOOK_PATH, load

    files = index_files(load(RULEBOOK_PATH), load_glossary(GLOSSARY_PATH), cache_dir or default_cache_dir())
    return files.db.exists() and files.dictionary.exists()


def _prune(cache_dir: Path) -> None:
    """Keep the :data:`KEEP_INDEXES` newest indexes: processes with different rulebooks (tests,
    a rebuilt corpus) may share the cache, and must not delete each other's current index."""
    indexes = sorted(cache_dir.glob("search-*.sqlite"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in indexes[KEEP_INDEXES:]:
        key = old.stem.removeprefix("search-")
        for path in (old, cache_dir / f"jieba-{key}.dict", cache_dir / f"jieba-{key}.cache"):
            path.unlink(missing_ok=True)


def domain_terms(rulebook: Rulebook, glossary: dict[str, list[str]]) -> set[str]:
    """Words that must stay whole: defined terms, short titles, glossary words."""
    terms = {normalize_query(d.term) for d in rulebook.definitions}
    for law in rulebook.laws.values():
        titles = [law.title] + [c.title for c in law.clauses]
        terms.update(normalize_query(t) for t in titles if 2 <= len(t) <= _TITLE_WORD_MAX)
    for phrase, targets in glossary.items():
        terms.update(targets)
        if _HAN.search(phrase):
            terms.add(phrase)
    return terms


def documents(rulebook: Rulebook, situations: Situations | None = None) -> list[dict]:
    """The rows to index: one per law (intro), clause (with its parents' titles) and definition,
    each with its situation phrases (``situations``, one per line) and the actors its text governs."""
    situations = situations or Situations()
    rows = []
    for d in rulebook.definitions:
        rows.append(
            dict(kind="definition", law=0, clause=None, term=d.term, title=f"{d.term} ({d.en})" if d.en else d.term,
                 title_words=f"{d.term} {d.en}", heading="第一章 定义", text=d.text,
                 situations="\n".join(situations.terms.get(normalize_query(d.term), ())))
        )
    for law in sorted(rulebook.laws.values(), key=lambda law: law.number):
        heading = " ".join(filter(None, [law.chapter, law.part, law.section]))
        body = "\n".join(filter(None, [law.intro, law.appendix]))
        # A row with no text of its own is only a heading: its title words are already in the
        # rows below it, and as a short row it would outrank them (BM25 favours short rows).
        if body or not law.clauses:
            rows.append(dict(kind="law", law=law.number, clause=None, term=None, title=law.title,
                             title_words=law.title, heading=heading, text=body))
        rows.extend(_clause_rows(law, heading))
    _attach_situations(rows, situations)
    for row in rows:
        row["actors"] = clause_actors(row) if row["law"] else ()
    return rows


def _attach_situations(rows: list[dict], situations: Situations) -> None:
    """Give each law and clause row its situation phrases.  A heading without a row of its own
    (50D over 50D1, 50D2) or a law without an intro row lends its phrases to the rows under it."""
    for row in rows:
        row.setdefault("situations", "")
    by_law: dict[int, list[dict]] = {}
    for row in rows:
        if row["law"]:
            by_law.setdefault(row["law"], []).append(row)
    for key, phrases in situations.clauses.items():
        number = int(re.match(r"\d+", key).group()) if re.match(r"\d+", key) else None
        law_rows = by_law.get(number or -1, [])
        clause = None if plain_digits(key) else key
        own = [r for r in law_rows if r["clause"] == clause]
        under = own or [r for r in law_rows if clause is None or (r["clause"] or "").startswith(clause)]
        for row in under:
            row["situations"] = "\n".join(filter(None, [row["situations"], *phrases]))


def _clause_rows(law: Law, heading: str) -> list[dict]:
    rows = []
    titles: dict[str, str] = {}
    parents = {p for clause in law.clauses for p in _ancestors(clause.id)}
    for clause in law.clauses:
        titles[clause.id] = clause.title
        if not clause.text and not clause.notes and clause.id in parents:
            continue
        above = [titles.get(p, "") for p in _ancestors(clause.id)]
        rows.append(
            dict(kind="clause", law=law.number, clause=clause.id, term=None,
                 title=" · ".join(filter(None, [law.title, clause.title])),
                 title_words=" ".join(filter(None, [clause.title, *above, law.title])),
                 # nearest first; "" stands for the whole law
                 parents=[(p, titles.get(p, "")) for p in _ancestors(clause.id)] + [("", law.title)],
                 heading=heading, text="\n".join(filter(None, [clause.text, *clause.notes])))
        )
    return rows


def _ancestors(clause_id: str) -> list[str]:
    """``50D2a`` → ``["50D2", "50D"]`` (nearest first)."""
    out = []
    cid = clause_id
    while len(cid) > 1 and not plain_digits(cid[:-1]):
        cid = cid[:-1]
        out.append(cid)
    return out


def build_index(rulebook: Rulebook, glossary: dict[str, list[str]], files: IndexFiles, cache_dir: Path,
                situations: Situations | None = None, missing: tuple[AbsentLaw, ...] = ()) -> None:
    """Write the jieba dictionary and the SQLite FTS5 index (atomically replacing old files)."""
    import sqlite_utils  # only needed when (re)building

    rows = documents(rulebook, situations)
    texts = [normalize_query(" ".join([r["title_words"], r["heading"], r["text"], r["situations"]])) for r in rows]
    texts += [" ".join([p, *t]) for p, t in glossary.items()]
    # The question fillers too, so that a question segments them out cleanly (「什么是」 → 什么, 是).
    texts += sorted(STOPWORDS_ZH)
    tmp_dict = files.dictionary.with_suffix(".tmp")
    write_dictionary(tmp_dict, texts, domain_terms(rulebook, glossary))
    os.replace(tmp_dict, files.dictionary)
    segmenter = Segmenter(files.dictionary, cache_dir)

    def tokens(text: str) -> str:
        norm = normalize_query(text)
        return " ".join(segmenter.tokens(norm) + [w for w in ascii_words(norm) if not plain_digits(w)])

    fd, tmp_name = tempfile.mkstemp(dir=cache_dir, suffix=".sqlite")
    os.close(fd)
    db = sqlite_utils.Database(tmp_name)
    # A private file, renamed into place only when complete: no commit of the build needs to reach the disk
    # on its own (with fsync per commit, the ~400 commits of a build took 7 of its 13 s).
    db.execute("PRAGMA synchronous = OFF")
    db.execute("PRAGMA journal_mode = MEMORY")
    db["docs"].insert_all(
        (
            dict(id=i, kind=r["kind"], law=r["law"], clause=r["clause"], term=r["term"], title=r["title"],
                 text=r["text"], t_title=tokens(r["title_words"]), t_heading=tokens(r["heading"]),
                 t_body=tokens(r["text"]), t_chars=" ".join(_HAN.findall(r["title_words"] + r["text"])),
                 t_bigrams=" ".join(bigrams(r["title_words"] + " " + r["text"])),
                 t_situations=tokens(r["situations"]), situations=r["situations"], actors=" ".join(r["actors"]),
                 parents=json.dumps([(cid, tokens(title)) for cid, title in r.get("parents", [])], ensure_ascii=False))
            for i, r in enumerate(rows)
        ),
        pk="id",
    )
    db["docs"].enable_fts(FTS_COLUMNS, tokenize="unicode61", replace=True)
    vocab: dict[str, int] = {}
    for row in db.query("select t_title, t_heading, t_body from docs"):
        for word in set(" ".join(row.values()).split()):
            vocab[word] = vocab.get(word, 0) + 1
    pinyin = dict(_pinyin_table())

    # Typo correction only ever proposes a domain word: a title word, a defined term, a glossary word.
    domain = {w for row in db.query("select t_title from docs") for w in row["t_title"].split()}
    domain |= {normalize_query(w) for w in domain_terms(rulebook, glossary)}

    def sound(word: str) -> str | None:
        if len(word) != 2 or word not in domain or not all(ch in pinyin for ch in word):
            return None
        return " ".join(pinyin[ch] for ch in word)

    db["vocab"].insert_all(
        ({"word": w, "df": n, "py": sound(w)} for w, n in sorted(vocab.items())), pk="word", columns={"py": str}
    )
    db["glossary"].create({"phrase": str, "target": str}, pk=("phrase", "target"), if_not_exists=True)
    db["glossary"].insert_all(
        ({"phrase": p, "target": t} for p, ts in sorted(glossary.items()) for t in ts), pk=("phrase", "target"),
        ignore=True,
    )
    db["pinyin"].insert_all(({"char": c, "py": p} for c, p in sorted(pinyin.items())), pk="char")
    # Everyday words outside the rulebook: never taken for a typo (see bot.search.query).
    db["common"].insert_all(({"word": w} for w in common_words(COMMON_WORD_FREQ) if w not in vocab), pk="word",
                            ignore=True)
    # Situation phrases and titles of the corpus, and those of the laws it lacks (bot.search.phrases).
    # Each with the words the glossary bridges it to, as a question is (bot.search.query).
    entries = present_entries(rulebook, situations or Situations()) + absent_entries(missing, rulebook)
    lexicon = lexicon_from_db(db.conn)

    def phrase_row(kind: str, key: object, text: str) -> dict:
        # read as a question is: its text with the bridged words (phrase look-ups), and its words (pooled_words)
        q = understand(text, segmenter, lexicon)
        return {"kind": kind, "key": str(key), "text": text, "bridged": " ".join([q.normalized, *q.expansions, *q.corrections]),
                "words": " ".join(pool_words(q))}

    db["phrases"].insert_all((phrase_row(kind, key, text) for (kind, key), text in entries),
                             columns={"kind": str, "key": str, "text": str, "bridged": str, "words": str})
    db["absent"].insert_all(({"law": t.law, "title": t.title, "title_en": t.title_en} for t in missing
                             if not rulebook.law(t.law)), pk="law", columns={"title": str, "title_en": str})
    db["meta"].insert_all([{"key": "version", "value": str(INDEX_VERSION)}, {"key": "docs", "value": str(len(rows))}])
    # The structured rulebook beside its index, for directors and tools (sqlite-utils query …).
    write_rulebook_tables(db, rulebook)
    db.close()
    os.replace(tmp_name, files.db)


def lexicon_from_db(db: sqlite3.Connection) -> Lexicon:
    """What query understanding needs (vocabulary, glossary, pinyin, everyday words) from an index."""
    vocab = dict(db.execute("SELECT word, df FROM vocab"))
    glossary: dict[str, list[str]] = {}
    for phrase, target in db.execute("SELECT phrase, target FROM glossary"):
        glossary.setdefault(phrase, []).append(target)
    pinyin_key = dict(db.execute("SELECT word, py FROM vocab WHERE py IS NOT NULL"))

    # Each character's pinyin (None: it has none), read once.
    sounds: dict[str, str | None] = {}

    def pinyin_of(text: str) -> dict[str, str]:
        chars = set(text)
        # (not chars - sounds.keys(): that goes through every character read so far)
        unread = sorted(ch for ch in chars if ch not in sounds)
        if unread:
            if len(sounds) > 50_000:  # only odd input reaches this: the table has ~21 000 characters
                sounds.clear()
                unread = sorted(chars)
            marks = ",".join("?" * len(unread))
            sounds.update(dict.fromkeys(unread))
            sounds.update(db.execute(f"SELECT char, py FROM pinyin WHERE char IN ({marks})", unread))
        return {ch: sounds[ch] for ch in chars if sounds[ch]}

    # The everyday words, read on first use (~15 000, 7 ms): a query per word cost ~20 µs in a running search.
    common: frozenset[str] | None = None

    def is_common(word: str) -> bool:
        nonlocal common
        if common is None:
            common = frozenset(w for (w,) in db.execute("SELECT word FROM common"))
        return word in common

    rows = db.execute("SELECT count(*) FROM docs").fetchone()[0]
    return Lexicon(vocab=vocab, glossary=glossary, pinyin_key=pinyin_key, pinyin_of=pinyin_of, rows=rows,
                   is_common=is_common)


def _pinyin_table() -> list[tuple[str, str]]:
    """Toneless pinyin of every CJK unified ideograph, for sound-alike typo matching at query time
    without importing pypinyin (its import alone takes ~0.2 s)."""
    from pypinyin import Style, lazy_pinyin

    table = []
    for code in range(0x4E00, 0xA000):
        py = lazy_pinyin(chr(code), style=Style.NORMAL, errors=lambda _: [""])
        if py and py[0]:
            table.append((chr(code), py[0]))
    return table
