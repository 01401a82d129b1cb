"""The reviewed data files under corpus/ lose nothing when read."""

from pathlib import Path

import pytest
import yaml

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
FILES = sorted(CORPUS.rglob("*.yaml"))


def _keys_written_twice(path: Path) -> list[str]:
    twice: set[str] = set()

    class Loader(yaml.SafeLoader):
        def construct_mapping(self, node, deep=False):
            keys = [key.value for key, _ in node.value]
            twice.update(k for k in keys if keys.count(k) > 1)
            return super().construct_mapping(node, deep)

    with open(path, encoding="utf-8") as fh:
        yaml.load(fh, Loader=Loader)
    return sorted(twice)


def test_the_data_files_are_found():
    assert {"glossary.yaml", "missing_laws.yaml", "term_names.yaml"} <= {p.name for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_no_key_is_written_twice(path):
    # a YAML mapping keeps the last of two equal keys without a word: the first entry would be lost
    assert _keys_written_twice(path) == []
