"""Golden answers: record what the search and the chat answer, and compare a later tree against it.

A refactor that must change no answer is checked so:

    python bench/golden.py record /tmp/golden-before      # on the tree before the change
    python bench/golden.py compare /tmp/golden-before     # on the tree after it: 0 differences

``record`` writes three files into the folder:

- ``ask.jsonl``: ``bridgebot ask --json`` (``Searcher.ask(q, k=3).to_json()``) for every question of
  every set in ``bench/sets/`` (and ``bench/*.jsonl``), keyed by set name and question id;
- ``chat.jsonl``: the chat core's whole reply (title, body, buttons, highlights, what it refers to)
  to each of those questions, each in a fresh chat;
- ``dialogues.jsonl``: every reply the chat and club tests receive from the core, keyed by test and
  turn (recorded by ``bench/golden_plugin.py`` while ``pytest tests/chat tests/club`` runs).

``compare`` records the current tree into a temporary folder and prints every difference (a dialogue
turn whose *input* differs, e.g. a property test's random text, is counted apart, not as a difference).
Exit status 1 when anything differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def unseen_sets() -> set[str]:
    """The sets whose role is *unseen* in ``bench/sets/README.md``: read only as totals, so never recorded here
    (a difference would print their questions)."""
    table = (HERE / "sets" / "README.md").read_text(encoding="utf-8")
    return {line.split("`")[1].removesuffix(".jsonl") for line in table.splitlines()
            if line.startswith("| `") and line.rstrip().endswith("| unseen |")}


def set_files() -> list[Path]:
    """Every question set of the repository but the unseen ones, by name (a set moved between folders keeps its
    key)."""
    files = {p.stem: p for p in sorted(HERE.glob("*.jsonl"))}
    files.update({p.stem: p for p in sorted((HERE / "sets").glob("*.jsonl"))})
    unseen = unseen_sets()
    return [files[name] for name in sorted(files) if name not in unseen]


def questions() -> list[tuple[str, str]]:
    """(key, question) for every row of every set, in a stable order."""
    rows = []
    for path in set_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if line.strip():
                row = json.loads(line)
                rows.append((f"{path.stem}/{row.get('id', n)}", row["q"]))
    return rows


def reply_record(reply) -> dict:
    """A reply as plain values: everything a transport shows."""
    return {
        "title": reply.title,
        "body": reply.body,
        "buttons": [[[b.label, b.data] for b in row] for row in reply.buttons],
        "highlights": list(reply.highlights),
        "refers_to": reply.refers_to,
        "document": ([reply.document[0], hashlib.sha256(reply.document[1]).hexdigest()]
                     if reply.document else None),
        "edit": reply.edit,
        "lang": reply.lang,
    }


def _write(path: Path, records) -> int:
    n = 0
    with path.open("w", encoding="utf-8", errors="backslashreplace") as out:
        for record in records:
            out.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
            n += 1
    return n


def record(folder: Path) -> None:
    """Record the current tree's answers into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(ROOT))
    from bot.chat.core import Core
    from bot.chat.reply import ChatMessage
    from bot.search.searcher import Searcher

    rows = questions()
    searcher = Searcher.open()
    n = _write(folder / "ask.jsonl", ({"key": key, "q": q, "result": searcher.ask(q, k=3).to_json()}
                                      for key, q in rows))
    print(f"ask: {n} questions", file=sys.stderr)
    core = Core.open()

    def chat_records():
        for i, (key, q) in enumerate(rows):
            yield {"key": key, "q": q, "reply": reply_record(core.handle(ChatMessage(q, chat_id=f"golden-{i}")))}

    n = _write(folder / "chat.jsonl", chat_records())
    print(f"chat: {n} questions", file=sys.stderr)
    env = dict(os.environ, BRIDGEBOT_GOLDEN_DIALOGUES=str(folder / "dialogues.jsonl"),
               PYTHONPATH=os.pathsep.join([str(HERE), str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "golden_plugin", "-p", "no:cacheprovider",
                           "tests/chat", "tests/club", "-x", "-q", "--no-header"],
                          cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    if done.returncode:
        sys.exit(f"the chat and club tests failed (exit {done.returncode}); the dialogues are incomplete")
    n = sum(1 for _ in (folder / "dialogues.jsonl").open(encoding="utf-8"))
    print(f"dialogues: {n} replies", file=sys.stderr)


def _load(path: Path, key_of) -> dict:
    records = {}
    for line in path.open(encoding="utf-8"):
        row = json.loads(line)
        records[key_of(row)] = row
    return records


def compare(before: Path, after: Path, show: int = 20) -> int:
    """Print the differences between two records; return how many there are."""
    differences = 0
    for name, key_of, field_ in (("ask.jsonl", lambda r: r["key"], "result"),
                                 ("chat.jsonl", lambda r: r["key"], "reply"),
                                 ("dialogues.jsonl", lambda r: (r["test"], r["turn"]), "reply")):
        old, new = _load(before / name, key_of), _load(after / name, key_of)
        changed = [k for k in old if k in new and old[k].get("input", old[k].get("q")) == new[k].get("input", new[k].get("q"))
                   and old[k][field_] != new[k][field_]]
        other_input = [k for k in old if k in new and old[k].get("input", old[k].get("q")) != new[k].get("input", new[k].get("q"))]
        missing = [k for k in old if k not in new]
        added = [k for k in new if k not in old]
        differences += len(changed) + (len(missing) if name != "dialogues.jsonl" else 0)
        print(f"{name}: {len(old)} before, {len(new)} after; {len(changed)} differ, {len(missing)} missing, "
              f"{len(added)} new, {len(other_input)} with another input (random tests)")
        for k in changed[:show]:
            print(f"  DIFF {k}\n    before {json.dumps(old[k][field_], ensure_ascii=False)[:600]}"
                  f"\n    after  {json.dumps(new[k][field_], ensure_ascii=False)[:600]}")
        if name == "dialogues.jsonl" and missing:
            print(f"  (dialogue turns gone, e.g. a renamed test: {missing[:5]})")
    return differences


def main() -> None:
    """``record FOLDER`` or ``compare FOLDER``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["record", "compare"])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    if args.action == "record":
        record(args.folder)
        return
    with tempfile.TemporaryDirectory(prefix="golden-") as tmp:
        record(Path(tmp))
        n = compare(args.folder, Path(tmp))
    print(f"{n} differences")
    sys.exit(1 if n else 0)


if __name__ == "__main__":
    main()
