"""The codemod on a kernel holding a kernel of another module of the tree and calling its
helper (tests/migrate/corpus/pkg_heldforeign, issue 23, cm45): `ops/composite.py` does
`from .binary import HypotKernel`, `self._elementwise = HypotKernel()` in `__init__` and
`self._elementwise._hypot(ctx.xp, ...)` in compute(). The static helper is lifted into
composite.py as HypotKernel sees it, importing what it reads from binary.py (`_square`).
Negative twins, refused with their reasons: a held kernel of the other module whose
`__init__` keeps a counter, and (in a tree of its own) one whose helper reads a list of its
module that a function rebinds (a list bound once is imported: the same object).

After `--write` (verify on) every module still imports and every op computes what it
computed before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_module_rows,
    assert_ops_as_before,
    console,
    dedent,
    run_package_ops,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_heldforeign"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_TALLY = ("holds a kernel TallyHypotKernel and calls its _hypot(): helper _hypot() uses self "
          "(instance state)")
EXPECTED = {
    "binary.py": {
        "HypotKernel": ("migrated", "hf_hypot", "migrated; class kept for ", _FLOATS),
        "TallyHypotKernel": ("skipped", "hf_tally_hypot", "TallyHypotKernel keeps instance "
                             "state", {}),
    },
    "composite.py": {
        "NormKernel": ("migrated", "hf_norm", "migrated; class kept for ", _FLOATS),
        "TallyNormKernel": ("skipped", "hf_tally_norm", _TALLY, {}),
    },
}
LEGACY = frozenset({"hf_tally_hypot", "hf_tally_norm"})
CASES = {op: [{}, {"w": -1.5}] for op in ("hf_hypot", "hf_norm", "hf_tally_hypot",
                                          "hf_tally_norm")}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, ["pkg_heldforeign.ops"], CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("heldforeign"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_held_kernels_helper_is_lifted_with_its_modules_reads_imported(
        written: dict[str, Any]) -> None:
    ops = written["pkg"] / "ops"
    composite, binary = (ops / "composite.py").read_text(), (ops / "binary.py").read_text()
    assert "from .binary import HypotKernel, TallyHypotKernel, _square\n" in composite
    assert "def _hypot(xp, a, b):\n    return xp.sqrt(_square(a) + _square(b))\n" in composite
    assert "    out[...] = _hypot(dev_ctx.xp, x.data, w) - 1.0\n" in composite
    assert "def _square(a):\n    return a * a\n" in binary  # still there to import
    assert "class HypotKernel(OpKernel):" in binary  # kept: composite.py still imports it


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert before["hf_norm {}"] != before["hf_norm {'w': -1.5}"]
    assert before["hf_norm {}"] != before["hf_tally_norm {}"]


_HELD = '''
from legacy_fluid.framework.op_kernel import OpKernel

SCALE = SCALE_VALUE


class HeldKernel(OpKernel):
    @staticmethod
    def reduce(a):
        return a * SCALE_READ

    def compute(self, ctx):
        ctx.output("Out").mutable_data(ctx.place)[...] = self.reduce(ctx.input("X").data)
'''
_USER = '''
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .held import HeldKernel
from .proto import UnaryMaker, UnaryOp


class UserKernel(OpKernel):
    def __init__(self):
        self._held = HeldKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self._held.reduce(x.data)


register_operator("hf_user", UnaryOp, UnaryMaker)
register_op_kernel("hf_user", "CPU", UserKernel, DataType.FLOAT32)
'''
_PROTO = '''
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class UnaryOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
'''


@pytest.mark.parametrize(("value", "read", "reason"), [
    ("2.0", "SCALE", ""),
    # bound once, never rebound: `from .held import SCALE` binds the very list (cm51)
    ("[2.0]", "SCALE[0]", ""),
    ("[2.0]\n\n\ndef reset():\n    global SCALE\n    SCALE = [3.0]", "SCALE[0]",
     "holds a kernel HeldKernel (pkg_hf/held.py), which reads 'SCALE', state of its module "
     "('SCALE' is bound more than once in its module (`SCALE = [3.0]`)"),
])
def test_a_held_kernel_of_another_module_is_read_only_when_its_reads_are_not_rebound(
        tmp_path: Path, value: str, read: str, reason: str) -> None:
    pkg = tmp_path / "pkg_hf"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "proto.py").write_text(dedent(_PROTO))
    (pkg / "held.py").write_text(dedent(_HELD.replace("SCALE_VALUE", value)
                                        .replace("SCALE_READ", read)))
    (pkg / "user.py").write_text(dedent(_USER))
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], json_path=out, console=console()) == 0
    row = next(r for r in json.loads(out.read_text())["kernels"] if r["kernel"] == "UserKernel")
    if not reason:
        assert row["status"] == "migrated", row["reason"]
    else:
        assert (row["status"], row["reason"].startswith(reason)) == ("skipped", True), row
