"""Plain-text rendering of laws, clauses, definitions and the scoring tables.

Transports wrap this text (HTML escaping, bold, buttons); the CLI prints it as is.
Tables are aligned for a monospace font, counting Chinese characters as two columns.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

import yaml

from bot.rulebook.model import CORPUS_DIR, Clause, Definition, Law, split_clause_id

TABLES_DIR = CORPUS_DIR / "tables"
INDENT = "  "


@functools.lru_cache(maxsize=None)
def load_table(name: str, directory: Path = TABLES_DIR) -> dict:
    """Read ``corpus/tables/<name>.yaml`` (cached)."""
    with open(directory / f"{name}.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def display_width(text: str) -> int:
    """Columns taken by ``text`` in a monospace font (wide East Asian characters count 2)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def format_table(rows: list[list[str]], align_right_from: int = 1) -> str:
    """Align ``rows`` (the first is the header) into columns separated by two spaces.

    Columns from ``align_right_from`` on are right-aligned (numbers)."""
    widths = [max(display_width(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - display_width(str(cell)))
            cells.append(pad + str(cell) if i >= align_right_from else str(cell) + pad)
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


_SEATS = {"N": "北", "E": "东", "S": "南", "W": "西"}
_VUL = {"None": "双方无局", "NS": "南北有局", "EW": "东西有局", "Both": "双方有局"}


def boards_table() -> str:
    """Law 2: dealer and vulnerability of boards 1–16 as two small tables."""
    data = load_table("boards")
    by_dealer = [["发牌人", "牌套号码"]]
    for seat, name in _SEATS.items():
        numbers = [str(b["board"]) for b in data["boards"] if b["dealer"] == seat]
        by_dealer.append([f"{name}家", " ".join(f"{n:>2}" for n in numbers)])
    by_vul = [["局况", "牌套号码"]]
    for vul, name in _VUL.items():
        numbers = [str(b["board"]) for b in data["boards"] if b["vul"] == vul]
        by_vul.append([name, " ".join(f"{n:>2}" for n in numbers)])
    return format_table(by_dealer) + "\n\n" + format_table(by_vul)


def imps_table() -> str:
    """Law 78B: the IMP scale as a table of score differences."""
    rows = [["分差", "IMP"]]
    for row in load_table("imps")["scale"]:
        if row["imps"] == 0:
            continue
        span = f"{row['min']}(含)以上" if row["max"] is None else f"{row['min']}–{row['max']}"
        rows.append([span, str(row["imps"])])
    return format_table(rows)


def law77_tables() -> dict[str, str]:
    """Law 77 as four tables: trick points, overtricks, bonuses, undertricks."""
    t = load_table("law77")
    tp = t["trick_points"]
    mult = t["double_multiplier"]
    trick = [["每一线位墩", "未加倍", "加倍", "再加倍"]]
    for label, value in (("梅花、方块", tp["C"]), ("红心、黑桃", tp["H"]),
                         ("无将 第一墩", tp["NT_first"]), ("无将 以后每墩", tp["NT_subsequent"])):
        trick.append([label] + [str(value * mult[d]) for d in (0, 1, 2)])
    over = [["每一超墩", "无局", "有局"], ["未加倍", "同墩分", "同墩分"]]
    for key, label in (("doubled", "加倍"), ("redoubled", "再加倍")):
        over.append([label, str(t["overtricks"][key]["nonvul"]), str(t["overtricks"][key]["vul"])])
    b = t["bonuses"]
    bonus = [["奖分", "无局", "有局"],
             ["做成成局定约", str(b["game"]["nonvul"]), str(b["game"]["vul"])],
             ["做成部分定约", str(b["partscore"]), str(b["partscore"])],
             ["小满贯(12墩)", str(b["small_slam"]["nonvul"]), str(b["small_slam"]["vul"])],
             ["大满贯(13墩)", str(b["grand_slam"]["nonvul"]), str(b["grand_slam"]["vul"])],
             ["做成加倍定约", str(b["insult"][1]), str(b["insult"][1])],
             ["做成再加倍定约", str(b["insult"][2]), str(b["insult"][2])]]
    under = [["宕墩", "第1墩", "第2墩", "第3墩", "第4墩起每墩"]]
    for vul, vul_label in (("nonvul", "无局"), ("vul", "有局")):
        for key, label in (("undoubled", "未加倍"), ("doubled", "加倍"), ("redoubled", "再加倍")):
            under.append([f"{vul_label}{label}"] + [str(v) for v in t["undertricks"][vul][key]])
    return {
        "law77-trick-points": format_table(trick),
        "law77-overtricks": format_table(over),
        "law77-bonuses": format_table(bonus),
        "law77-undertricks": format_table(under),
    }


def table_text(name: str) -> str:
    """The rendered text of a named table (``boards``, ``imps``, ``law77-…``)."""
    if name == "boards":
        return boards_table()
    if name == "imps":
        return imps_table()
    return law77_tables()[name]


def clause_marker(clause: Clause) -> str:
    """The marker a clause carries in the text: ``D.``, ``2.`` or ``(a)``."""
    last = split_clause_id(clause.id)[-1]
    return f"({last})" if str(last).islower() else f"{last}."


def _indent(text: str, depth: int) -> str:
    pad = INDENT * depth
    return "\n".join(pad + line if line else line for line in text.split("\n"))


def clause_text(clause: Clause, base_depth: int = 1) -> str:
    """One clause (without its children): marker, title, then its body indented below."""
    depth = max(clause.depth - base_depth, 0)
    head = f"{clause_marker(clause)} {clause.title}".rstrip()
    if clause.text and not clause.title:
        return _indent(f"{head} {clause.text}", depth)
    parts = [_indent(head, depth)]
    if clause.text:
        parts.append(_indent(clause.text, depth + 1))
    return "\n".join(parts)


def law_heading(law: Law) -> str:
    """``第50条 罚张的处理`` (with a note when the source text is cut off)."""
    heading = f"第{law.number}条 {law.title}"
    return heading if law.complete else heading + " (原文不完整)"


def law_blocks(law: Law) -> list[str]:
    """The law split at top-level clause boundaries: heading + intro first, then one block
    per 款 with everything nested under it, then the appendix (worked examples)."""
    first = law_heading(law) + ("\n" + law.intro if law.intro else "")
    blocks = [first]
    current: list[str] = []
    for clause in law.clauses:
        if clause.depth == 1 and current:
            blocks.append("\n".join(current))
            current = []
        current.append(clause_text(clause))
    if current:
        blocks.append("\n".join(current))
    if law.appendix:
        blocks.append(law.appendix)
    return blocks


def law_text(law: Law, clause_id: str | None = None) -> str:
    """Plain text of a whole law, or of one clause with everything nested under it."""
    if clause_id is None or clause_id == str(law.number):
        return "\n".join(law_blocks(law))
    subtree = law.subtree(clause_id)
    if not subtree:
        raise KeyError(clause_id)
    base = subtree[0].depth
    lines = [f"{subtree[0].label} {law.title}"]
    lines += [clause_text(c, base_depth=base) for c in subtree]
    return "\n".join(lines)


def definition_text(definition: Definition) -> str:
    """A definition: term, English name, text."""
    head = f"{definition.term} ({definition.en})" if definition.en else definition.term
    return f"{head}\n{definition.text}"
