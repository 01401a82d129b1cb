"""The package layout: one sub-package per area, dependencies flowing one way, no import circles."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "bot"

# Lower areas never import higher ones: sources → rulebook → search/scoring → club → chat → cli.
AREAS = ["base", "rulebook", "search", "scoring", "club", "chat", "cli"]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every ``bot`` module the file imports, at any depth (function-level imports included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("bot")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bot"):
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                is_module = (PACKAGE.parent / candidate.replace(".", "/")).with_suffix(".py").exists() \
                    or (PACKAGE.parent / candidate.replace(".", "/") / "__init__.py").exists()
                found.add(candidate if is_module else node.module)
    return found


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}
GRAPH = {name: imported_modules(path) for name, path in MODULES.items()}


def area(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in AREAS) else None


def test_every_module_lives_in_an_area_package():
    loose = sorted(name for name in MODULES if name.count(".") == 1 and name.split(".")[1] not in AREAS)
    # bot.boards is the one kept re-export of the old flat layout (scripts import bot.boards.board_info).
    assert loose == ["bot.boards"]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_higher_area(module):
    own = area(module)
    if own is None:
        return
    for target in GRAPH[module]:
        other = area(target)
        if other is not None:
            assert AREAS.index(other) <= AREAS.index(own), f"{module} imports {target} ({other} is above {own})"


def test_search_and_scoring_do_not_know_each_other():
    other = {"search": "scoring", "scoring": "search"}
    for module, targets in GRAPH.items():
        if area(module) in other:
            assert other[area(module)] not in {area(t) for t in targets}, module


def test_no_import_circle():
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for target in sorted(GRAPH.get(node, ())):
            if target not in MODULES or target.count(".") == 1 and target.split(".")[1] in AREAS:
                continue  # a package's __init__ only re-exports its own modules
            if state.get(target) == "open":
                pytest.fail("import circle: " + " → ".join(path + [target]))
            if target not in state:
                visit(target, path + [target])
        state[node] = "done"

    for module in sorted(MODULES):
        if module not in state:
            visit(module, [module])


def test_no_area_imports_another_areas_private_names():
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bot."):
                if area(node.module) != area(name):
                    private = [a.name for a in node.names if a.name.startswith("_")]
                    assert not private, f"{name} imports {private} from {node.module}"


@pytest.mark.parametrize("package", ["bot." + name for name in AREAS])
def test_each_area_says_its_job_and_exports_its_public_names(package):
    module = importlib.import_module(package)
    assert module.__doc__ and len(module.__doc__.strip()) > 40
    assert module.__all__ and all(hasattr(module, name) for name in module.__all__)


def test_public_entry_points_stay_importable():
    from bot.boards import board_info
    from bot.cli import main
    from bot.scoring import contract_score, imps

    assert contract_score(4, "S", 0, False, 10) == 420
    assert imps(450) == 10
    assert board_info(3).dealer == "S"
    assert main.name == "main" and {"law", "ask", "score", "chat"} <= set(main.commands)


SETS = Path(__file__).resolve().parents[1] / "bench" / "sets"


def _set_table() -> dict[str, tuple[int, str]]:
    rows = {}
    for line in (SETS / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (int(cells[1]), cells[4])
    return rows


def test_the_sets_table_lists_every_set_with_its_size_and_role():
    table = _set_table()
    files = {p.name: sum(1 for line in p.open(encoding="utf-8") if line.strip()) for p in SETS.glob("*.jsonl")}
    assert {name: n for name, (n, _) in table.items()} == files
    assert {role for _, role in table.values()} <= {"train", "dev", "spent", "unseen"}


def test_train_ranker_reads_exactly_the_sets_marked_train():
    from bot.cli.search import DEFAULT_TRAINING_SETS

    train = {name for name, (_, role) in _set_table().items() if role == "train"}
    assert {Path(p).name for p in DEFAULT_TRAINING_SETS if p.startswith("bench/")} == train


MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 300


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_over_500_lines_nor_a_class_over_300(module):
    source = MODULES[module].read_text(encoding="utf-8")
    assert len(source.splitlines()) <= MAX_MODULE_LINES, f"{module}: split it along its seams"
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            lines = node.end_lineno - node.lineno + 1
            assert lines <= MAX_CLASS_LINES, f"{module}.{node.name} is {lines} lines"
