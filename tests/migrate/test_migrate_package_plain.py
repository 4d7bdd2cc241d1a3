"""The codemod on kernels that are plain although they look otherwise
(tests/migrate/corpus/pkg_plain).

`inits.py`: an `__init__` that only runs the base's (`super(C, self).__init__()`,
`op_kernel.OpKernel.__init__(self)`, `super().__init__()` after a docstring) is no state;
one that also logs its making stays legacy, naming the statement.
`mixed.py`: a cooperative mixin whose compute() checks X then calls `super().compute(ctx)`
is resolved through the kernel's MRO (a template base's compute calling a method taking
ctx; a subclass spelling `super(C, self).compute(ctx)`); a mixin whose `super()` reaches
no compute in the tree stays legacy, saying so.
`norms.py`: a class dict of module functions read as `self._FNS[kind](...)` is as constant
as one of literals; one naming a function a `global` statement rebinds stays legacy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, run_package_ops, verified_rows, write_copy

PACKAGE = "pkg_plain"

#: kernel class -> (status, a piece of the reason)
EXPECTED = {
    "HalveRowsKernel": ("migrated", ""),
    "ThirdRowsKernel": ("migrated", ""),
    "QuarterRowsKernel": ("migrated", ""),
    "LoudRowsKernel": ("skipped", "LoudRowsKernel defines __init__ (instance state or behaviour "
                                  "beyond compute: `MADE.append(type(self).__name__)`"),
    "GuardedScaleKernel": ("migrated", ""),
    "GuardedShiftKernel": ("migrated", ""),
    "UnguardedKernel": ("skipped", "calls super().compute: no class after FiniteGuard in the "
                                   "kernel's MRO defines compute"),
    "PickedPowerKernel": ("migrated", ""),
    "SwappedPowerKernel": ("skipped", "reads self._FNS, a class-level table of functions "
                                      "holding function '_neg', which its module binds more "
                                      "than once or at run time"),
}
MIGRATED_OPS = ("pl_halve", "pl_third", "pl_quarter", "pl_guard_scale", "pl_guard_shift",
                "pl_picked")
LEGACY_OPS = ("pl_loud", "pl_unguarded", "pl_swapped")


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    cases = {op: [{}, {"k": 2.0}] for op in MIGRATED_OPS}
    cases["pl_picked"] += [{"kind": "ab"}, {"kind": "cube", "k": 1.5}]
    return run_package_ops(root, ["pkg_plain"], cases, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("plain"), PACKAGE, run_ops)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert set(got) == set(EXPECTED)
    for kernel, (status, reason) in EXPECTED.items():
        assert got[kernel]["status"] == status, got[kernel]
        assert reason in got[kernel]["reason"], got[kernel]


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, MIGRATED_OPS)
    assert set(LEGACY_OPS) <= set(written["after"]["ran"])
    ops = written["after_ops"]
    assert ops["pl_picked {'kind': 'ab'}"] != ops["pl_picked {}"]  # the table is read


def test_the_written_kernels_read_the_mro_and_the_table(written: dict[str, Any]) -> None:
    pkg: Path = written["pkg"]
    mixed = (pkg / "mixed.py").read_text()
    assert "super()" not in mixed.split("class GuardedScaleKernel")[-1].split("register_")[0]
    assert 'raise ValueError("X holds a value that is not finite")' in \
        mixed.split("def pl_guard_scale_kernel")[1]
    norms = (pkg / "norms.py").read_text()
    assert '{"sq": _sq, "ab": _ab, "cube": _cube}[kind]' in norms
    inits = (pkg / "inits.py").read_text()
    assert "def pl_halve_kernel(" in inits and "class LoudRowsKernel" in inits
