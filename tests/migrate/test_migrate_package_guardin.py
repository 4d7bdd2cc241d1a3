"""The codemod on inputs a helper guards against None (tests/migrate/corpus/pkg_guardin,
issue 23, cm54 part 3): `kit.py`'s ctx helpers refuse a missing input
(`if like is None: raise ValueError(...)`), `alloc_like` lifted, the `@contextmanager`
`written_like` inlined into compute(), where its guard then tests the kernel's own input
(`if ref is None: raise ...`). Whether an input is optional is its op's proto's to say
(dispensable): a guard refusing None makes a required input no optional one (ops.yaml
lists no `optional`, the parameter is a `DenseTensor`), a dispensable input the body tests
stays optional, and a kernel computing something when a required input is None
(`FallbackAddKernel`: `if y is None: y = x`) is refused, naming the input and the op.

An extra output a program may not fetch (`Diff`), tested through an alias (`d =
ctx.output("Diff")`, `if d is not None:`), is an optional output, and so is one whose
absence the kernel handles otherwise (a `try`/`except AttributeError` around its write):
a program may omit an extra output, and the legacy kernel then read None. Verify runs
each op without each such output too.

After `--write` (verify on) every module imports and every op computes what it computed
before; run without its required input, `gi_shift` is refused before and after.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from migrate_helpers import (
    assert_module_rows,
    run_package_ops,
    write_copy,
    write_sources,
)

PACKAGE = "pkg_guardin"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
FALLBACK = ("the legacy kernel computes something when input 'Y' is None (checks `y` for "
            "None other than to raise), but op 'gi_fallback' does not declare it dispensable")
EXPECTED = {"ops.py": {
    "GuardNegKernel": ("migrated", "gi_neg", "", _FLOATS),
    "GuardShiftKernel": ("migrated", "gi_shift", "", _FLOATS),
    "BiasAddKernel": ("migrated", "gi_bias", "", _FLOATS),
    "FallbackAddKernel": ("skipped", "gi_fallback", FALLBACK, {}),
    "AliasDiffKernel": ("migrated", "gi_diff", "", _FLOATS),
}}
CASES = {op: [{}] for op in ("gi_neg", "gi_shift", "gi_bias", "gi_fallback", "gi_diff")}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [PACKAGE], CASES, mode, frozenset({"gi_fallback"}))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("guardin"), PACKAGE, _run)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_only_a_dispensable_input_is_optional(written: dict[str, Any]) -> None:
    entries = {e["op"]: e for e in yaml.safe_load((written["pkg"] / "ops.yaml").read_text())}
    assert set(entries) == {"gi_neg", "gi_shift", "gi_bias", "gi_diff"}
    assert {op: e.get("optional") for op, e in entries.items()} == {
        "gi_neg": None, "gi_shift": None, "gi_bias": "bias", "gi_diff": "diff"}
    ops = (written["pkg"] / "ops.py").read_text()
    assert "def gi_shift_kernel(dev_ctx: DeviceContext, x: DenseTensor, ref: DenseTensor,\n" \
        in ops
    assert "def gi_neg_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor)" in ops
    assert "bias: DenseTensor | None" in ops
    # an output tested for None through an alias (`d = diff`) is an optional one
    assert "diff: OptionalOutTensor" in ops
    # the inlined guard is the kernel's own, testing its required input
    assert "    if ref is None:\n        raise ValueError(" in ops


def test_the_write_breaks_nothing_and_every_op_computes_as_before(
        written: dict[str, Any]) -> None:
    assert set(written["after"]["imported"].values()) == {"ok"}
    assert written["after"]["imported"] == written["before"]["imported"]
    before, after = written["before_ops"], written["after_ops"]
    shift = "gi_shift {}"  # run without its required input Ref: refused both times
    assert before[shift] == "written_like: no input to write Out like"
    assert isinstance(after[shift], str) and "Ref" in after[shift], after[shift]
    assert {k: v for k, v in after.items() if k != shift} == \
        {k: v for k, v in before.items() if k != shift}
    assert before["gi_fallback {}"] != before["gi_bias {}"]


#: `gi_diff` again, in a package of its own, its absent output handled by catching what
#: None raises (no None test the codemod sees: an extra output is optional anyway)
_TRIED = '''
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class DiffMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")
        self.add_output("Diff", "Out - X, when a program fetches it", extra=True)


class SameAsX(OperatorWithKernel):
    def infer_shape(self, ctx):
        for out in ("Out", "Diff"):
            if ctx.has_output(out):
                ctx.share_dim("X", out)
                ctx.set_output_dtype(out, ctx.get_input_dtype("X"))


class TriedDiffKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2
        d = ctx.output("Diff")
        try:
            d.mutable_data(ctx.place, x.dtype)[...] = x.data
        except AttributeError:  # not fetched: None
            pass


register_operator("gt_tried", SameAsX, DiffMaker)
register_op_kernel("gt_tried", "CPU", TriedDiffKernel, DataType.FLOAT32)
'''


def test_an_extra_output_is_optional_however_its_absence_is_handled(tmp_path: Path) -> None:
    written = write_sources(tmp_path, "pkg_tried", {"__init__": "", "ops": _TRIED})
    row = next(r for r in written["doc"]["kernels"] if r["kernel"] == "TriedDiffKernel")
    assert row["status"] == "migrated", row
    # verify ran it asking for Diff and without it: the case and its twin per dtype
    assert [v["cases"] for v in row["verify"]] == [2], row["verify"]
    assert "diff: OptionalOutTensor" in (written["pkg"] / "ops.py").read_text()
