"""Real players' questions, retold: training data with provenance (``corpus/situations/told/*.yaml``).

Each entry retells, in our own words (never a copied sentence), a question a player posted on a page listed in
``corpus/situations/SOURCES.txt`` — a laws forum thread, an ask-the-director column — labelled from the 1999 text:
``law`` (0 for a definition; a law the corpus lacks for a question about one), ``clause`` ("" for a missing law),
``lang``.  They are stories as players tell them, hands, auctions and rulings included, so they teach the law
classifier and the confidence model what the repository's short questions cannot.  Evaluation sets are kept
source-disjoint from them: no page of ``SOURCES.txt`` is any set's ``source`` (a test checks).

The situation index does not read them (they live in a folder of their own): a story is no phrase to match.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from bot.search.situations import SITUATIONS_DIR

TOLD_DIR = SITUATIONS_DIR / "told"
SOURCES_PATH = SITUATIONS_DIR / "SOURCES.txt"


# A forum thread has one identity whatever mirror serves it: a BBO topic on any bridgebase.com host, an EBU
# discussion on either of its hosts, a Google Groups thread.
_THREAD_KEYS = (
    (re.compile(r"bridgebase\.com/forums/(?:index\.php\?showtopic=|topic/)(\d+)"), "bbo:"),
    (re.compile(r"ebu\.co\.uk/discussion/(\d+)"), "ebu:"),
    (re.compile(r"groups\.google\.com/.*thread/(?:[^/]+/)?([0-9a-f]{8,})"), "groups:"),
)


def page_key(address: str) -> str:
    """What two addresses of the same page or forum thread share: the thread's number on a forum with mirrors,
    else the address without its scheme, ``www.``, fragment or final slash."""
    address = address.strip().lower()
    for pattern, prefix in _THREAD_KEYS:
        found = pattern.search(address)
        if found:
            return prefix + found.group(1)
    return re.sub(r"^https?://(?:www\.)?", "", address).split("#")[0].rstrip("/")


class ToldFileError(ValueError):
    """A told file is malformed; the message names the file and the entry."""


@functools.lru_cache(maxsize=2)
def load_told(directory: Path = TOLD_DIR) -> tuple[dict, ...]:
    """Every retold question of ``directory``, as question-set rows (``q``, ``laws``, ``clause``, ``lang``,
    ``in_corpus`` left to the caller, ``source``), files in name order."""
    import yaml

    rows = []
    for path in sorted(directory.glob("*.yaml")) if directory.is_dir() else []:
        with open(path, encoding="utf-8") as fh:
            raw = yaml.safe_load(fh) or {}
        for i, entry in enumerate(raw.get("told") or []):
            try:
                rows.append({"q": str(entry["text"]).strip(), "laws": [int(entry["law"])],
                             "clause": str(entry.get("clause") or ""), "lang": str(entry["lang"]),
                             "source": str(entry["source"]), "id": f"{path.stem}:{i + 1}"})
            except (KeyError, TypeError, ValueError) as err:
                raise ToldFileError(f"{path.name}: entry {i + 1} needs text, law, lang and source") from err
    return tuple(rows)


def told_rows(corpus_laws: set[int], directory: Path = TOLD_DIR) -> list[dict]:
    """The retold questions as rows of a question set: ``in_corpus`` when their law is one of ``corpus_laws``
    (or 0, a definition: its ``term`` is the defined word)."""
    rows = []
    for row in load_told(directory):
        law = row["laws"][0]
        row = {**row, "in_corpus": law == 0 or law in corpus_laws}
        if law == 0:   # a definition's label is its term, as the question sets write it
            row = {**row, "clause": "", "term": row["clause"]}
        rows.append(row)
    return rows


def sources(path: Path = SOURCES_PATH) -> list[str]:
    """The pages the retold questions were written from (comment lines left out)."""
    if not path.exists():
        return []
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
