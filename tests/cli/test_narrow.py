"""At 80 columns on a non-terminal (piped) console every name is whole (folded over
lines at worst, never ellipsized), `coverage --table` is one line per op type, and help
shows metavars rather than type labels."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from fluidphi.cli import console, err_console
from tests.cli.malformed import ROOT, invoke

DET = ROOT / "tests" / "fixtures" / "models" / "det_head"
VERBS = ("run", "train", "check", "inspect", "kernels", "migrate", "coverage", "bench")


@pytest.fixture(autouse=True)
def width_80() -> Iterator[None]:
    widths = console.width, err_console.width
    console.width = err_console.width = 80
    yield
    console.width, err_console.width = widths


def _first_column(text: str) -> str:
    """The first column of every table row, its folded pieces joined in order."""
    cells = [line.split("│")[1].strip() for line in text.splitlines()
             if line.startswith("│")]
    return "".join(cells)


def test_det_head_fetch_names_are_whole(tmp_path: Path) -> None:
    res = invoke("run", DET / "model", "-i", DET / "inputs_b1.npz")
    assert res.exit_code == 0, res.output
    names = list(json.loads(invoke("run", DET / "model", "-i", DET / "inputs_b1.npz",
                                   "--json").stdout)["outputs"])
    assert len(set(names)) == 5
    assert "…" not in res.stdout
    assert _first_column(res.stdout) == "".join(names)
    for name in names:  # at 80 columns, each on a line of its own
        assert re.search(rf"│ {re.escape(name)} +│", res.stdout), name
    assert max(map(len, res.stdout.splitlines())) <= 80


def test_inspect_trace_and_plan_never_ellipsize() -> None:
    for args in (("inspect", DET / "model"),
                 ("run", DET / "model", "-i", DET / "inputs_b1.npz", "--trace", "--plan")):
        res = invoke(*args)
        assert res.exit_code == 0, res.output
        assert "…" not in res.stdout and max(map(len, res.stdout.splitlines())) <= 80


def test_coverage_table_is_one_line_per_op_type(tmp_path: Path) -> None:
    res = invoke("coverage", "--model", DET / "model", "--out", tmp_path, "--format", "json",
                 "--table")
    assert res.exit_code == 0, res.output
    doc = json.loads((tmp_path / "coverage.json").read_text())
    lines = res.stdout.splitlines()
    ops = [r["op_type"] for r in doc["ops"]]
    assert len(lines) < len(ops) + 60  # was over 5,000 lines at 80 columns
    rows = {line.split()[0]: line for line in lines if line.strip()}
    missing = [op for op in ops if op not in rows]
    assert not missing, missing[:5]  # every op type whole at the start of its line
    assert max(len(rows[op]) for op in ops) <= 80 and "…" not in res.stdout
    assert "stage: M migrated" in res.stdout  # the legend of the short codes


@pytest.mark.parametrize("verb", VERBS)
def test_help_shows_metavars_not_type_labels(verb: str) -> None:
    res = invoke(verb, "--help")
    assert res.exit_code == 0, res.output
    assert not re.search(r"<(bool|str|int|float|path|list\[[^]]*\])[^>]*>", res.stdout), \
        res.stdout
    assert "[=FILE]" in res.stdout  # --json on every verb
