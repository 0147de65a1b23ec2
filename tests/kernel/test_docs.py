"""The documents stay true: every test a coverage table names exists."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
TABLES = sorted((ROOT / "docs/rules").glob("*.md"))
COVERAGE = [p for p in TABLES if "-" not in p.stem]


@pytest.mark.parametrize("table", COVERAGE, ids=lambda p: p.name)
def test_every_test_named_in_a_coverage_table_exists(table):
    game = table.stem
    refs = set(re.findall(r"(test_\w+\.py)::(test_\w+)", table.read_text()))
    assert len(refs) > 20, f"{table.name} names too few tests"
    missing = []
    for file, name in refs:
        path = ROOT / "tests" / game / file
        if not path.exists() or not re.search(rf"^def {name}\(", path.read_text(), re.M):
            missing.append(f"{file}::{name}")
    assert not missing, f"{table.name} names tests that do not exist: {missing}"
