"""The codemod on a second package in another team's habits (tests/migrate/corpus/pkg_studio):
sub-packages, star imports of the shared helpers (`from ..common import *`, with and
without `__all__`), kernels composing kernels of their module in a chain, a sibling
module's kernel composed, a sibling sub-package subclassing a kernel class.

Every kernel gets the row expected here, verify finds every migrated kernel identical,
and after `--write` every module still imports and every op left legacy computes what it
computed before (tests/migrate/package_probe.py, before and after).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import write_copy

PACKAGE = "pkg_studio"

#: module (path in the package) -> kernel class -> (status, a piece of the reason)
EXPECTED: dict[str, dict[str, tuple[str, str]]] = {
    "nn/activations.py": {
        # `*FLOATS` and `HALF` come in by `from ..common import *` (`__all__` lists them)
        "HardKernel": ("migrated", "class kept for pkg_studio/nn/fused.py"),
        "SquashKernel": ("migrated", ""),  # its local `x` rebound, renamed `x_value`
    },
    "nn/fused.py": {
        # composes activations.py's HardKernel: `from .activations import studio_hard_kernel`
        "HardSwishLikeKernel": ("migrated", ""),
    },
    "nn/shifted.py": {
        # its compute() is BaseScaleKernel's, read from math/scaled.py (tree_bases)
        "ShiftedScaleKernel": ("migrated", ""),
    },
    "math/clip.py": {
        "ClipUnitKernel": ("migrated", ""),  # `*REAL` from a star import without __all__
    },
    "math/reduce.py": {
        "SumKernel": ("migrated", ""),
    },
    "math/scaled.py": {
        # nn/shifted.py, its subclass's module, keeps importing the module alone (what
        # importing it registers), not the class: nothing keeps the class
        "BaseScaleKernel": ("migrated", ""),
        "DoubleKernel": ("migrated", ""),  # composes BaseScaleKernel
        "TripleKernel": ("migrated", ""),  # composes DoubleKernel
    },
}


def _module(row: dict[str, Any]) -> str:
    parts = Path(row["file"]).parts
    return "/".join(parts[parts.index(PACKAGE) + 1:])


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("studio"), PACKAGE)


def test_every_kernel_of_the_package_has_the_expected_row(written: dict[str, Any]) -> None:
    got = {(_module(r), r["kernel"]): r for r in written["doc"]["kernels"]}
    assert {m for m, _ in got} == set(EXPECTED)
    for module, kernels in EXPECTED.items():
        assert {k for m, k in got if m == module} == set(kernels), module
        for kernel, (status, reason) in kernels.items():
            row = got[(module, kernel)]
            assert (row["status"], reason in row["reason"]) == (status, True), row


def test_every_migrated_kernel_is_verified_identical(written: dict[str, Any]) -> None:
    migrated = [r for r in written["doc"]["kernels"] if r["status"] == "migrated"]
    assert migrated and written["code"] == 0
    for r in migrated:
        assert r["verify"] and all(v["status"] == "identical" and v["reimported"]
                                   for v in r["verify"]), r


def test_the_write_breaks_no_module_and_no_op_left_legacy(written: dict[str, Any]) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"} and len(before["imported"]) == 12
    assert after["imported"] == before["imported"]
    migrated = {r["op"] for r in written["doc"]["kernels"] if r["status"] == "migrated"}
    assert after["ran"] == {op: v for op, v in before["ran"].items() if op not in migrated}
    assert "studio_shifted_scale" in before["ran"] and "studio_shifted_scale" in migrated


def test_a_subclass_of_a_sibling_packages_kernel_gets_the_base_compute(
        written: dict[str, Any]) -> None:
    """The base's compute() is read from math/scaled.py and written as the subclass's
    function in nn/shifted.py, which keeps importing math/scaled.py (importing it
    registers ops) but no longer its class: the migrated base class goes."""
    shifted = (written["pkg"] / "nn" / "shifted.py").read_text()
    assert "    dev_ctx.alloc(out, x.dtype)[...] = x.data * alpha\n" in shifted
    assert "class ShiftedScaleKernel" not in shifted and "BaseScaleKernel" not in shifted
    assert "from ..math import scaled  # noqa: F401" in shifted
    rows = {r["kernel"]: r["reason"] for r in written["doc"]["kernels"]}
    assert "class kept" not in rows["BaseScaleKernel"]
    scaled = (written["pkg"] / "math" / "scaled.py").read_text()
    assert "class BaseScaleKernel" not in scaled


def test_a_chain_of_compositions_calls_function_after_function(written: dict[str, Any]
                                                              ) -> None:
    scaled = (written["pkg"] / "math" / "scaled.py").read_text()
    assert "    studio_scale_kernel(dev_ctx, x, alpha, out)\n" in scaled
    assert "    studio_double_kernel(dev_ctx, x, alpha, out)\n" in scaled
    assert "class DoubleKernel" not in scaled and "class BaseScaleKernel" not in scaled


def test_star_imports_stay_and_read_as_their_modules_names(written: dict[str, Any]) -> None:
    acts = (written["pkg"] / "nn" / "activations.py").read_text()
    assert "from ..common import *  # noqa: F403" in acts
    assert "[DataType.FLOAT32, DataType.FLOAT64]" in acts  # FLOATS spelled out
    clip = (written["pkg"] / "math" / "clip.py").read_text()
    assert "from ..common.dtypes import *  # noqa: F403" in clip
    assert '@register_kernel("studio_clip_unit", Backend.CPU, DataLayout.ALL_LAYOUT, ' \
           "[DataType.FLOAT32])" in clip


def test_a_kernel_of_a_sibling_module_is_composed_through_its_import(written: dict[str, Any]
                                                                     ) -> None:
    fused = (written["pkg"] / "nn" / "fused.py").read_text()
    assert "from .activations import studio_hard_kernel\n" in fused
    assert "    studio_hard_kernel(dev_ctx, x, alpha, out)\n" in fused
    assert "HardKernel" not in fused.split('"""', 2)[2]  # past the docstring
