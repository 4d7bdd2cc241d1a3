"""The codemod on registrations through `functools.partial`s (tests/migrate/corpus/pkg_presets,
issue 23): a partial of a package registration helper binding positional arguments
(imported, `on_host("pr_abs", PrAbsKernel, REAL)`; bound in the module,
`_half_on_host(PrHalfKernel, dtypes=REAL)`), one binding a keyword a call overrides
(`single_only("pr_cube", ..., dtypes=REAL)` registers both floats), and one of
`register_op_kernel` binding a module constant and a keyword its calls override, are read as
the calls they make, as is one of `register_op_kernel` imported from the registry
(`plain("pr_ceil", "CPU", PrCeilKernel, *REAL)`): the kernels migrate, verified. The twins,
a partial handed to a function elsewhere in the tree and one bound twice, are not read
statically: verify being on, importing the tree shows what they register, and their kernels
migrate with the legacy registration kept (`live_registrations`), the calls and classes
staying as they are. After `--write` every module imports as before, every op computes what
it computed, and a second run changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, console, verified_rows, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_presets"
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
SINGLE = {"CPU": ["FLOAT32"]}
LIVE = ("migrated; legacy registration kept: registered by `{0}`, which the codemod cannot "
        "read; keys from importing the tree")

#: kernel -> (module, status, op, dtypes or what its reason holds)
EXPECTED: dict[str, tuple[str, str, str, Any]] = {
    "PrAbsKernel": ("unary.py", "migrated", "pr_abs", REAL),
    "PrNegKernel": ("unary.py", "migrated", "pr_neg", SINGLE),
    "PrCubeKernel": ("unary.py", "migrated", "pr_cube", REAL),
    "PrHalfKernel": ("unary.py", "migrated", "pr_half", REAL),
    "PrFloorKernel": ("rounding.py", "migrated", "pr_floor", REAL),
    "PrCeilKernel": ("rounding.py", "migrated", "pr_ceil", REAL),
    "PrSignKernel": ("twins.py", "migrated", "pr_sign", REAL),
    "PrTwiceKernel": ("twins.py", "migrated", "pr_twice", REAL),
}
#: registered by calls the codemod cannot read: the classes stay, still registered
KEPT = {"PrSignKernel": LIVE.format('also_on_host("pr_sign", PrSignKernel, REAL)'),
        "PrTwiceKernel": LIVE.format('_again("pr_twice", PrTwiceKernel, REAL)')}
MIGRATED = {op for k, (_, status, op, _) in EXPECTED.items()
            if status == "migrated" and k not in KEPT}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    assert set(rows) == set(EXPECTED)
    for kernel, (module, status, op, detail) in EXPECTED.items():
        row = rows[kernel]
        assert (Path(row["file"]).name, row["status"], row["op"]) == (module, status, op), row
        assert row["dtypes"] == detail, row
        assert row["reason"] == KEPT.get(kernel, ""), row
    assert written["doc"]["written"]


def test_the_partial_calls_go_and_the_twins_calls_stay(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    unary, rounding = (pkg / "unary.py").read_text(), (pkg / "rounding.py").read_text()
    for call in ('on_host("pr_abs"', 'single_only("pr_neg"', 'single_only("pr_cube"',
                 "_half_on_host(PrHalfKernel"):
        assert call not in unary
    assert "_floor(PrFloorKernel" not in rounding and "class PrFloorKernel" not in rounding
    assert 'plain("pr_ceil"' not in rounding and "class PrCeilKernel" not in rounding
    twins = (pkg / "twins.py").read_text()
    assert 'also_on_host("pr_sign", PrSignKernel, REAL)' in twins
    assert '_again("pr_twice", PrTwiceKernel, REAL)' in twins
    assert "class PrSignKernel(OpKernel):" in twins and "class PrTwiceKernel(OpKernel):" in twins
    assert "\ndef pr_sign_kernel(" in twins and "\ndef pr_twice_kernel(" in twins


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["ran"]) == MIGRATED | {"pr_sign", "pr_twice"}
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    assert_nothing_broken(written, MIGRATED)
    assert after["phi_ran"] == {op: before["ran"][op] for op in MIGRATED}


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
