"""Club-scale benchmark: a session of 100 pairs × 36 boards, and an import of the largest file the
club accepts, each beside a naive baseline (the quadratic way the club first did it).

Run: ``.venv/bin/python bench/club_bench.py`` (or ``make bench``).

- **standings**: a 50-table Mitchell (100 pairs), 36 boards each played 50 times: 1 800 results.
  This: :func:`bot.club.reports.pairs_report` (sort + binary search a board, one pass to rank).
  Baseline: every score compared with every other on its board (:func:`bot.scoring.matchpoints.
  matchpoints`) and every pair's rank counted against every other pair.  Also ``/standings``
  through ``handle_command`` on a file database: cold (after a change) and warm (memoised).
- **import**: a 2 000-row CSV (the most the club takes) into a session that already holds the
  1 800 results.  This: ``/import`` (clash checks per board, one batched insert).  Baseline: the
  same rows checked against every result of the session and inserted one statement at a time.
- **page and picture** (issue 30): the HTML results page of that session with a hand record on
  every board (target < 1 s) and the standings PNG (target < 0.5 s).  Baseline: the text replies
  of the same content — ``/standings`` and all 36 ``/traveller`` texts — from the same report.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TABLES, BOARDS, REPEAT = 50, 36, 3
CONTRACTS = ["4S= N", "4S+1 N", "4S-1 N", "3NT= S", "3NT+1 S", "2H= E", "3DX-2 W", "pass", "1NT= N", "5CX= E"]


def _session_lines() -> list[str]:
    """A Mitchell: NS pair t stays at table t, EW pairs move up one table a board."""
    return [f"{board} {t}-{(t + board) % TABLES + 1} {CONTRACTS[(t * 7 + board * 3) % len(CONTRACTS)]}"
            for board in range(1, BOARDS + 1) for t in range(1, TABLES + 1)]


def _naive_standings(results) -> list:
    """The quadratic baseline: all-against-all matchpoints per board, all-against-all ranks."""
    from bot.scoring.matchpoints import matchpoints

    by_board = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    mp, top = defaultdict(Fraction), defaultdict(int)
    for rs in by_board.values():
        points = matchpoints([r.score_ns for r in rs])
        t = 2 * (len(rs) - 1)
        for r, p in zip(rs, points):
            mp[("NS", r.ns)] += Fraction(p)
            mp[("EW", r.ew)] += t - Fraction(p)
            top[("NS", r.ns)] += t
            top[("EW", r.ew)] += t
    share = {p: mp[p] / top[p] for p in mp}
    return sorted((1 + sum(1 for q in share if q[0] == p[0] and share[q] > share[p]), p) for p in share)


def _deals(count: int) -> dict[int, str]:
    """``count`` random deals (seeded: every run the same), as normalised PBN from North."""
    import random

    rng = random.Random(30)
    deals = {}
    for board in range(1, count + 1):
        cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
        rng.shuffle(cards)
        hands = [cards[i * 13:(i + 1) * 13] for i in range(4)]
        deals[board] = "N:" + " ".join(".".join("".join(c[1] for c in h if c[0] == s) for s in "SHDC") for h in hands)
    return deals


def page_and_picture(session, results, names: dict) -> list[tuple[str, float, float]]:
    """(task, this ms, baseline ms) for the results page and the standings picture."""
    from bot.club import hands, html_page, picture, render
    from bot.club.reports import pairs_report

    from bot.club.hands import normalize_deal

    deals = {b: normalize_deal(d) for b, d in _deals(BOARDS).items()}
    analysis = hands.analyse(deals)
    records = {b: (deals[b], analysis.get(b, "")) for b in deals}
    report = pairs_report(results, mitchell=True)

    def texts():
        render.pairs_standings_text(session, report.standings, "en", names)
        for board, traveller in report.travellers.items():
            render.pairs_traveller_text(traveller, "en", names, hands.board_hand_text(records[board], "en"))

    page = _best(lambda: html_page.results_page(session, results, "en", names, records, report).encode())
    fresh = _best(lambda: html_page.results_page(session, results, "en", names, records).encode())
    text = _best(texts)
    png = _best(lambda: picture.standings_picture(session, results, report, "en", names))
    png_text = _best(lambda: render.pairs_standings_text(session, report.standings, "en", names))
    return [("HTML page, 36 boards with hands", page, text), ("HTML page, report computed too", fresh, text),
            ("standings PNG", png, png_text)]


def _best(fn, repeat: int = REPEAT) -> float:
    """Best wall time of ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    """Print the standings and import timings, this beside the baseline, and the ratios."""
    from bot.club import ClubStore, handle_command
    from bot.club.commands import check_clash
    from bot.club.csvio import import_csv
    from bot.club.model import Result
    from bot.club.reports import pairs_report

    lines = _session_lines()
    with tempfile.TemporaryDirectory() as tmp:
        store = ClubStore(Path(tmp) / "bench.db")
        ask = lambda command, args, chat="bench": handle_command(  # noqa: E731
            command, args, chat, 1, True, "en", store=store)
        ask("session", "new pairs mitchell Bench 36boards")
        csv_rows = "\n".join(",".join([line.split()[0], *line.split()[1].split("-"), *(line.split()[2:] + [""])[:2]])
                             for line in lines)
        start = time.perf_counter()
        reply = handle_command("import", "", "bench", 1, True, "en", store=store,
                               attachment=("board,ns,ew,contract,declarer\n" + csv_rows + "\n").encode())
        load = time.perf_counter() - start
        assert reply.text.startswith("Imported 1800"), reply.text
        session = store.open_session("bench")
        results = store.results(session.id)
        first = session

        ours = _best(lambda: pairs_report(results, mitchell=True))
        naive = _best(lambda: _naive_standings(results))
        ranked = pairs_report(results, mitchell=True).standings
        baseline = _naive_standings(results)
        assert [s.rank for s in ranked["NS"]] == [rank for rank, pair in baseline if pair[0] == "NS"]

        flip = iter(["4S+1 N", "4S= N"] * REPEAT * 2)

        def cold():
            changed = ask("r", f"1 1-3 {next(flip)}")   # NS1 met EW3 on board 1: a correction
            assert changed.text.startswith("Corrected"), changed.text
            ask("standings", "")

        cold_ms = _best(cold)
        warm_ms = _best(lambda: ask("standings", ""))

        # The largest import the club takes: 2 000 rows, boards 1–36 of a second session's pairs 51–...
        ask("session", "end")
        ask("session", "new pairs howell Import 36boards")
        big = "\n".join(f"{1 + i % BOARDS},{101 + i // BOARDS * 2},{102 + i // BOARDS * 2},4S= N".replace(" ", ",")
                        for i in range(2000))
        data = ("board,ns,ew,contract,declarer\n" + big + "\n").encode()
        assert len(data) <= 512 * 1024
        session = store.open_session("bench")
        store.add_results(session.id, results, 1, "bench")   # the session already holds 1 800 results

        def import_ours():
            with store.transaction():
                store.db.execute("DELETE FROM results WHERE session_id = ? AND batch > 1", (session.id,))
            reply = handle_command("import", "", "bench", 1, True, "en", store=store, attachment=data)
            assert reply.text.startswith("Imported 2000"), reply.text

        def import_naive():
            with store.transaction():
                store.db.execute("DELETE FROM results WHERE session_id = ? AND batch > 1", (session.id,))
                new = import_csv(data, session)
                existing = store.results(session.id)
                seen = []
                for r in new:
                    check_clash(r, existing + seen, session)
                    seen.append(r)
                for r in new:
                    store.add_result(session.id, r, 2, "bench")

        import_ms, naive_import_ms = _best(import_ours), _best(import_naive)
        for pair in range(1, TABLES + 1, 7):  # some pairs named, as a club would
            store.set_name(first.id, "NS", str(pair), f"张{pair} 李{pair}")
        rendered = page_and_picture(first, results, store.names(first.id))
        store.close()

    # The case that froze the bot (issue 13): one board played 2 000 times.
    one_board = [Result(board=1, ns=str(2 * i + 1), ew=str(2 * i + 2), room="", contract="4S= N",
                        declarer="N", score_ns=(i * 37) % 1500 - 700, id=i + 1) for i in range(2000)]
    wide = _best(lambda: pairs_report(one_board, mitchell=True), 1)
    wide_naive = _best(lambda: _naive_standings(one_board), 1)

    print(f"club benchmark: {TABLES * 2} pairs × {BOARDS} boards = {len(results)} results; best of {REPEAT}")
    print(f"{'task':<44}{'this ms':>9}{'naive ms':>10}{'ratio':>8}")
    print(f"{'standings + travellers (pure)':<44}{ours:>9.1f}{naive:>10.1f}{naive / ours:>8.1f}")
    print(f"{'import 2 000 rows into 1 800 results':<44}{import_ms:>9.1f}{naive_import_ms:>10.1f}"
          f"{naive_import_ms / import_ms:>8.1f}")
    print(f"{'standings, one board played 2 000 times':<44}{wide:>9.1f}{wide_naive:>10.1f}{wide_naive / wide:>8.1f}")
    print(f"{'/r + /standings after it (handle_command)':<44}{cold_ms:>9.1f}")
    print(f"{'/standings again, memoised':<44}{warm_ms:>9.1f}")
    print(f"{'import of the 1 800-result session (CSV)':<44}{load * 1000:>9.1f}")
    print("ratio: naive / this (above 1: this is faster); target: every row under 1 000 ms")
    print(f"{'task (issue 30)':<44}{'this ms':>9}{'text ms':>10}{'ratio':>8}")
    for task, ms, text_ms in rendered:
        print(f"{task:<44}{ms:>9.1f}{text_ms:>10.1f}{ms / text_ms:>8.1f}")
    print("ratio: this / the text replies of the same content (the price of the drawing); "
          "targets: page < 1 000 ms, PNG < 500 ms")


if __name__ == "__main__":
    main()
