"""The codemod on kernels holding another kernel of their module and calling its plain
methods (tests/migrate/corpus/pkg_heldkern, issue 23, cm41): `self._mean = MeanKernel()` in
`__init__` and `_mean = MeanKernel()` in a class body, then `self._mean.reduce(...)` /
`self._mean.scale(...)` in compute(). Each method is lifted as MeanKernel sees it (its
constant inlined, the method it calls lifted too) and shared with MeanKernel's own kernel.
Negative twins, refused with their reasons: a held kernel whose `__init__` keeps a counter,
and one whose method changes a class-level list.

After `--write` (verify on) every module still imports and every op computes what it
computed before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_module_rows,
    assert_ops_as_before,
    migrate,
    run_package_ops,
    unary,
    write_copy,
)

PACKAGE = "pkg_heldkern"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_COUNTED = ("holds a kernel CountingKernel and calls its reduce(): helper reduce() uses self "
            "(instance state)")
_LOGGED = ("holds a kernel LoggedMeanKernel and calls its reduce(): reads class attribute "
           "self.HISTORY = [], which is not an immutable constant")
EXPECTED = {"ops.py": {
    "MeanKernel": ("migrated", "hk_mean", "", _FLOATS),
    "CenterKernel": ("migrated", "hk_center", "", _FLOATS),
    "SpreadKernel": ("migrated", "hk_spread", "", _FLOATS),
    "CountingKernel": ("skipped", "hk_counting", "CountingKernel keeps instance state", {}),
    "CountedCenterKernel": ("skipped", "hk_counted_center", _COUNTED, {}),
    "LoggedMeanKernel": ("skipped", "hk_logged_mean", "reads class attribute self.HISTORY", {}),
    "LoggedCenterKernel": ("skipped", "hk_logged_center", _LOGGED, {}),
    "TaggedMeanKernel": ("migrated", "hk_tagged_mean", "migrated; drops the write-only counter",
                         _FLOATS),
    "TaggedCenterKernel": ("migrated", "hk_tagged_center", "", _FLOATS),
}}
LEGACY = frozenset({"hk_counting", "hk_counted_center", "hk_logged_mean", "hk_logged_center"})
CASES = {op: [{}, {"w": -1.5}] for op in ("hk_mean", "hk_center", "hk_spread",
                                          "hk_tagged_mean", "hk_tagged_center")}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, ["pkg_heldkern.ops"], CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("heldkern"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_held_kernels_methods_are_lifted_as_its_class_sees_them(written: dict[str, Any]
                                                                   ) -> None:
    ops = (written["pkg"] / "ops.py").read_text()
    assert "def _scale(a):\n    return a * 2.0\n" in ops
    assert "def _reduce(xp, a, axes, keep):\n    return _scale(xp.mean(a, axis=axes, " \
        "keepdims=keep))\n" in ops
    assert "    out[...] = x.data - _reduce(dev_ctx.xp, x.data, (1,), True) * w\n" in ops
    assert "    centered = x.data - _reduce(dev_ctx.xp, x.data, (0, 1), True)\n" \
        "    out[...] = _scale(centered) * w\n" in ops
    code = ops.split("FLOATS = ")[1]  # the module's docstring names what was held
    assert ops.count("def _reduce(") == 1 and " MeanKernel()" not in code
    for kernel in ("MeanKernel", "CenterKernel", "SpreadKernel"):
        assert f"class {kernel}(" not in ops


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert before["hk_center {}"] != before["hk_spread {}"]
    assert before["hk_center {}"] != before["hk_center {'w': -1.5}"]


_KERNELS = '''
class HeldKernel(OpKernel):
    HELD_BODY

    def compute(self, ctx):
        ctx.output("Out").mutable_data(ctx.place)[...] = self.reduce(ctx.input("X").data)


class UnaryKernel(OpKernel):
    def __init__(self):
        self._held = HeldKernel()

    def compute(self, ctx):
        out = ctx.output("Out").mutable_data(ctx.place)
        out[...] = CALL
'''


@pytest.mark.parametrize(("held", "call", "reason"), [
    ("K = 3\n\n    def reduce(self, a):\n        return a * self.K", "self._held.reduce(1.0)",
     ""),
    ("def reduce(self, a):\n        return a * self.k", "self._held.reduce(1.0)",
     "holds a kernel HeldKernel and calls its reduce(): helper reduce() uses self"),
    ("def reduce(self, a):\n        return a", "self._held.other(1.0)",
     "holds a kernel HeldKernel and calls its other(), which is no plain method"),
    ("def reduce(self, a):\n        return a", "self._held.reduce(self._held)",
     "the object escapes: `self._held`"),
    ("def __call__(self, a):\n        return a\n\n    def reduce(self, a):\n        return a",
     "self._held.reduce(1.0)", "HeldKernel defines __call__"),
])
def test_a_held_kernel_is_read_only_when_its_methods_keep_no_state(held: str, call: str,
                                                                  reason: str) -> None:
    source = unary(_KERNELS.replace("HELD_BODY", held).replace("CALL", call))
    record = next(r for r in migrate(source).records if r.kernel == "UnaryKernel")
    if not reason:
        assert record.status == "migrated", record.reason
    else:
        assert (record.status, reason in record.reason) == ("skipped", True), record.reason
