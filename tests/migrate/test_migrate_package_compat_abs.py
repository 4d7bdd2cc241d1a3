"""The codemod on team C's package (tests/migrate/corpus/pkg_compat_abs, issue 23, cm54
part 1): the framework re-exported by `_compat.py` (no `__all__`) and by `_fw.py` (with
one, under the team's own names: `OpKernel as TeamKernel`, `register_op_kernel as
enlist`, `ExecutionContext as Ctx`), every module importing them by absolute name
(`from pkg_compat_abs._compat import ...`, `import pkg_compat_abs._compat as C`, `import
pkg_compat_abs._compat`, `from pkg_compat_abs._fw import ...`, `import pkg_compat_abs._fw`
and `pkg_compat_abs._fw.TeamKernel`: a name the module lends under its dotted path).

After `--write` (verify on) no import only the migrated code read stays behind (ruff's
F401 finds nothing), the one whose module registers an op as it is imported
(`from pkg_compat_abs.twice import TwiceBase`) stays, as `import pkg_compat_abs.twice`
marked with why, every module
imports and every op computes what it computed before.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_ops_as_before,
    run_package_ops,
    write_copy,
)

from migrate.import_effects import KEPT_COMMENT

PACKAGE = "pkg_compat_abs"
RUFF = Path(sys.executable).parent / "ruff"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
EXPECTED = {
    "named.py": {"TripleKernel": ("migrated", "ca_triple", "", _FLOATS)},
    "aliased.py": {"HalveKernel": ("migrated", "ca_halve", "", _FLOATS)},
    "bare.py": {"SquareKernel": ("migrated", "ca_square", "", {"CPU": ["FLOAT32"]})},
    "teamed.py": {"CubeKernel": ("migrated", "ca_cube", "", {"CPU": ["FLOAT32"]})},
    "listed.py": {"NegKernel": ("migrated", "ca_neg", "", _FLOATS)},
    "based.py": {"DoubleKernel": ("migrated", "ca_double", "", _FLOATS)},
    "twice.py": {"TwiceKernel": ("migrated", "ca_twice", "", _FLOATS)},
}
CASES = {op: [{}] for op in ("ca_triple", "ca_halve", "ca_square", "ca_cube", "ca_neg",
                             "ca_double", "ca_twice")}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [PACKAGE], CASES, mode)


def _f401(root: Path) -> list[str]:
    done = subprocess.run([str(RUFF), "check", "--isolated", "--select", "F401",
                           "--output-format", "json", "--exit-zero", str(root)],
                          capture_output=True, text=True, timeout=120, check=True)
    return sorted(f"{Path(d['filename']).name}: {d['message']}" for d in json.loads(done.stdout))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("compat_abs"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_verifies_identical(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_no_import_only_the_migrated_code_read_stays(written: dict[str, Any]) -> None:
    assert _f401(CORPUS / PACKAGE) == []
    assert _f401(written["pkg"]) == []
    ops = written["pkg"] / "ops"
    # the team's names for the framework's (`_fw`): what the new code reads stays
    assert "from pkg_compat_abs._fw import DataType, register_operator\n" in (
        ops / "listed.py").read_text()
    named = (ops / "named.py").read_text()
    assert "from pkg_compat_abs._compat import register_operator\n" in named
    assert "ExecutionContext" not in named and "FLOATS" not in named
    for module in ("aliased.py", "bare.py"):  # the module imported whole, read no more
        text = (ops / module).read_text()
        assert "import pkg_compat_abs._compat\n" not in text, module
        assert "import pkg_compat_abs._compat as C" not in text, module
        assert "from pkg_compat_abs._compat import register_operator\n" in text, module


def test_an_import_that_registers_ops_stays_marked(written: dict[str, Any]) -> None:
    based = (written["pkg"] / "ops" / "based.py").read_text()
    # the module alone: no name of it is kept alive for the import's sake
    assert f"\nimport pkg_compat_abs.twice  {KEPT_COMMENT}\n" in based
    assert "class DoubleKernel" not in based


def test_the_write_breaks_nothing_and_every_op_computes_as_before(
        written: dict[str, Any]) -> None:
    before = assert_ops_as_before(written)
    assert len({json.dumps(v) for v in before.values()}) == len(before) - 1  # twice == double
