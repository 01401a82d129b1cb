"""The canonical rulebook: coverage, clean text, structure, cross-references, tables, rebuild."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from bot.rulebook.builder import BuildPaths, build, to_json, to_markdown
from bot.cli import main
from bot.rulebook.sources import CorrectionError
from bot.rulebook.model import CORPUS_DIR, load, split_clause_id
from bot.base.textnorm import is_traditional, to_halfwidth, to_simplified

SOURCES = sorted((CORPUS_DIR / "sources").glob("*.txt"))
BOOK = load()
ALL_CLAUSES = [c for law in BOOK.laws.values() for c in law.clauses]
TEXTS = (
    [law.intro for law in BOOK.laws.values()]
    + [law.appendix for law in BOOK.laws.values()]
    + [law.title for law in BOOK.laws.values()]
    + [c.title + "\n" + c.text for c in ALL_CLAUSES]
    + [d.term + d.en + "\n" + d.text for d in BOOK.definitions]
)


def _source_text(path: Path) -> str:
    return to_simplified(to_halfwidth(path.read_text(encoding="utf-8")))


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_sources_are_verbatim_copies_of_the_seeds():
    seeds = Path(__file__).resolve().parents[3] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the shared seeds are not beside this checkout")
    assert sorted(p.name for p in seeds.glob("*.txt")) == [p.name for p in SOURCES]
    for path in SOURCES:
        assert path.read_bytes() == (seeds / path.name).read_bytes()


def test_coverage_is_the_union_of_the_sources():
    headings = set()
    for path in SOURCES:
        text = _source_text(path)
        headings |= {int(n) for n in re.findall(r"第(\d+)条[:：]", text)}
        headings |= {int(n) for n in re.findall(r"^\s*第(\d+)条 ", text, flags=re.M)}
    assert set(BOOK.laws) == headings
    assert set(BOOK.missing) == set(range(1, 94)) - headings


@pytest.mark.parametrize(
    "pattern",
    [r"\?", r"？", r"\((?:[a-zü\u00e0-\u01dc]{2,}|[\u00e0-\u01dc])\)", r"[０-９Ａ-Ｚａ-ｚ]", r"downtown",
     r"Member", r"posted \d", r"复工", r"CONTTESTANT", r"AUTION\b", r"DIDE", r"高速分", r"\{\{table"],
)
def test_no_source_noise_remains(pattern):
    offenders = [t[:60] for t in TEXTS if re.search(pattern, t)]
    assert offenders == []


def test_rule_text_is_simplified():
    assert [t[:40] for t in TEXTS if is_traditional(t)] == []


def test_clause_ids_are_unique_and_well_formed():
    ids = [c.id for c in ALL_CLAUSES]
    assert len(ids) == len(set(ids))
    for c in ALL_CLAUSES:
        assert split_clause_id(c.id)[0] == c.law


@pytest.mark.parametrize("clause_id", [c.id for c in ALL_CLAUSES] + [str(n) for n in BOOK.numbers])
def test_every_clause_round_trips_through_the_law_command(clause_id):
    result = run("law", "--json", clause_id)
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(result.output)  # JSON is YAML
    expected = None if clause_id.isdigit() else clause_id
    assert data["clause"] == expected
    assert data["number"] == int(re.match(r"\d+", clause_id).group())
    if expected:
        assert data["clauses"][0]["id"] == clause_id


def test_every_cross_reference_resolves_or_is_missing():
    known = {c.id for c in ALL_CLAUSES} | {str(n) for n in BOOK.laws}
    refs = [(c.id, r) for c in ALL_CLAUSES for r in c.refs]
    refs += [(str(law.number), r) for law in BOOK.laws.values() for r in law.refs]
    refs += [(d.term, r) for d in BOOK.definitions for r in d.refs]
    assert len(refs) > 50
    for where, ref in refs:
        law = split_clause_id(ref)[0]
        assert ref in known or law in BOOK.missing, f"{where} → {ref}"


def test_cross_references_are_found_in_the_text():
    assert BOOK.law(50).clause("50C").refs == ("16A",)
    assert "45C4b" in BOOK.law(47).clause("47C").refs
    assert "51B1a" in BOOK.law(51).clause("51B2a").refs  # 本条B款1(a)
    assert {"69", "70", "71"} <= set(BOOK.law(68).clause("68D").refs)


def test_every_definition_term_in_the_sources_is_present():
    terms_003 = set(re.findall(r"^([\u4e00-\u9fff]{1,8})（[A-Za-z]", (CORPUS_DIR / "sources" / SOURCES[2].name)
                               .read_text(encoding="utf-8"), flags=re.M))
    terms_004 = set(re.findall(r"^\s+([\u4e00-\u9fff]+)\s*（[A-ZＡ-Ｚ]", SOURCES[3].read_text(encoding="utf-8"),
                               flags=re.M))
    assert len(terms_004) >= 50
    ours = {d.term for d in BOOK.definitions}
    assert (terms_003 | terms_004) - ours == set()


def test_definitions_have_clean_english_terms():
    by_term = {d.term: d.en for d in BOOK.definitions}
    assert by_term["明手"] == "DUMMY"
    assert by_term["线位墩数"] == "ODD TRICK"
    assert by_term["参赛者"] == "CONTESTANT"
    assert by_term["首引"] == "OPENING LEAD"


def test_law_75_keeps_its_worked_examples_apart_from_75D2():
    law = BOOK.law(75)
    assert "例一" in law.appendix and "例二" in law.appendix
    assert "例一" not in law.clause("75D2").text
    assert "例一：解释错误\n事实上" in law.appendix  # the example's heading stays a line of its own


def test_the_cut_off_law_is_marked_incomplete():
    assert not BOOK.law(20).complete
    assert all(BOOK.law(n).complete for n in BOOK.numbers if n != 20)
    assert BOOK.law(79).clause("79C").text.startswith("对双方已经认可的得分")  # the source's last line


def test_rebuild_is_byte_identical():
    document = build()
    assert to_json(document) == (CORPUS_DIR / "rulebook.json").read_text(encoding="utf-8")
    assert to_markdown(document) == (CORPUS_DIR / "rulebook.md").read_text(encoding="utf-8")


def test_a_stale_correction_stops_the_build(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR / "sources", corpus / "sources")
    text = (CORPUS_DIR / "corrections.yaml").read_text(encoding="utf-8")
    (corpus / "corrections.yaml").write_text(text.replace('find: "复工桥牌"', 'find: "复工桥牌X"'),
                                             encoding="utf-8")
    with pytest.raises(CorrectionError, match="复工桥牌X"):
        build(BuildPaths(corpus))


def test_law_12_from_the_traditional_source_is_clean_simplified():
    result = run("law", "12")
    assert result.exit_code == 0
    assert result.output.startswith("第12条 裁判的斟酌决定权\n")
    assert "1. 规则中无适当的补偿条款时" in result.output
    assert not is_traditional(result.output)


def test_law_77_shows_readable_tables():
    out = run("law", "77").output
    assert re.search(r"^红心、黑桃\s+30\s+60\s+120$", out, flags=re.M)
    assert re.search(r"^有局加倍\s+200\s+300\s+300\s+300$", out, flags=re.M)
    assert re.search(r"^大满贯\(13墩\)\s+1000\s+1500$", out, flags=re.M)


def test_imp_table_matches_the_source_text():
    text = _source_text(SOURCES[0])
    block = text[text.index("分差 20") : text.index("C.总分")]
    spans = [tuple(int(x) for x in s.split("—")) for s in re.findall(r"\d+—\d+", block)]
    imps = yaml.safe_load((CORPUS_DIR / "tables" / "imps.yaml").read_text(encoding="utf-8"))["scale"]
    assert [(r["min"], r["max"]) for r in imps[1:-1]] == spans
    assert [r["imps"] for r in imps] == list(range(25))
    assert imps[-1]["min"] == 4000 and "4000(含)以上" in block


def test_board_table_matches_the_forum_copy_of_law_2():
    text = _source_text(SOURCES[3])
    boards = yaml.safe_load((CORPUS_DIR / "tables" / "boards.yaml").read_text(encoding="utf-8"))["boards"]
    seats = {"北": "N", "东": "E", "南": "S", "西": "W"}
    for seat, numbers in re.findall(r"([北东南西])发牌\s+([\d\s]+?)\n", text):
        assert {b["board"] for b in boards if b["dealer"] == seats[seat]} == {int(n) for n in numbers.split()}
    vul = {"双方无局": "None", "南北有局": "NS", "东西有局": "EW", "双方有局": "Both"}
    for name, numbers in re.findall(r"(双方无局|南北有局|东西有局|双方有局)\s+([\d\s]+?)\n", text):
        assert {b["board"] for b in boards if b["vul"] == vul[name]} == {int(n) for n in numbers.split()}


@pytest.mark.parametrize("ref", ["0", "999", "50Z", "第五十五十条", "", " ", "5" * 10_000])
def test_bad_references_get_one_line_and_a_non_zero_exit(ref):
    result = run("law", ref)
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "例如" in result.output or "请这样写" in result.output


def test_a_law_outside_the_corpus_says_so_and_lists_what_is_there():
    result = run("law", "30")
    assert result.exit_code == 1
    assert "第30条不在本语料中" in result.output and "12–20" in result.output


@pytest.mark.parametrize("term, expected", [("明手", "明手 (DUMMY)"), ("dummy", "明手 (DUMMY)"),
                                            ("线位墩数", "线位墩数 (ODD TRICK)"), ("明手", "庄家的同伴")])
def test_define(term, expected):
    result = run("define", term)
    assert result.exit_code == 0 and expected in result.output


def test_define_unknown_term_suggests_near_ones():
    result = run("define", "名手")
    assert result.exit_code == 1 and "明手" in result.output


def test_export_is_the_whole_rulebook():
    data = yaml.safe_load(run("export", "--json").output)
    assert [law["number"] for law in data["laws"]] == BOOK.numbers
    assert data["missing"] == BOOK.missing
    assert {"term", "en", "text"} <= set(data["definitions"][0])
    assert {"id", "text", "refs"} <= set(data["laws"][0]["clauses"][0] if data["laws"][0]["clauses"]
                                         else data["laws"][4]["clauses"][0])


def test_the_clauses_citing_a_law_are_every_clause_whose_text_refers_to_it():
    rulebook = load()
    for number in range(1, 94):
        citing = {clause for clause, _ in rulebook.citing(number)}
        for law in rulebook.laws.values():
            if law.number == number:
                continue
            for clause in law.clauses:
                cites = any(split_clause_id(r)[0] == number for r in clause.refs)
                assert (clause.id in citing) == cites, (number, clause.id)
    assert {c for c, _ in rulebook.citing(64)} >= {"43B2b", "67B1b"}   # a revoke's penalty, from two clauses
