"""What a write leaves legacy must be checked, never passed unchecked (issue 23).

Verify runs every op left legacy by a written module, or by a module importing one,
before and after the write. An op for which no case can be built (its VERIFY_CASES apply
to none of its dtypes, say), or a module that does not import before the write, cannot be
compared: the write is held back with that reason.
An op whose cases raise before the write is compared by its error: the same error after
the write is a match.
"""

from __future__ import annotations

import json
from pathlib import Path

from migrate_helpers import console, unary

from migrate.cli_entry import run_migrate

ACT = unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, out = ctx.input("X"), ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        data[...] = x.data * 2
''').replace('"unary"', '"chk_double"')

#: a sibling importing act.py, whose op has a required attribute
NEEDS_ATTR = '''\
from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from . import act


class ColumnMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("column", AttrType.INT, None, "which column (required)")


class ColumnOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext):
        ctx.set_output_dim("Out", ctx.get_input_dim("X")[:1])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ColumnKernel(OpKernel):
    def compute(self, ctx: ExecutionContext):
        x = ctx.input("X").data
        out = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        out[...] = x[:, ctx.attr("column")] * getattr(act, "SCALE", 1)


register_operator("chk_column", ColumnOp, ColumnMaker)
register_op_kernel("chk_column", "CPU", ColumnKernel, DataType.FLOAT32)
'''


def _package(root: Path, sibling: str) -> Path:
    pkg = root / "chkpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "act.py").write_text(ACT)
    (pkg / "user.py").write_text(sibling)
    return pkg


def _rows(path: Path) -> dict[str, dict]:
    return {r["kernel"]: r for r in json.loads(path.read_text())["kernels"]}


def test_an_importer_op_without_cases_holds_the_write_back(tmp_path: Path) -> None:
    """chk_column's only case is for float64; its kernel is float32: no case applies."""
    only_f64 = NEEDS_ATTR + ('\nVERIFY_CASES = {"chk_column": [{"name": "f64", "dtypes": '
                             '["float64"], "inputs": {"X": (3, 4)}, "attrs": {"column": 1}}]}\n')
    pkg = _package(tmp_path, only_f64)
    before = (pkg / "act.py").read_text()
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], write=True, json_path=out, console=console()) == 1
    assert (pkg / "act.py").read_text() == before
    row = _rows(out)["UnaryKernel"]
    assert row["status"] == "failed"
    assert "unable to check what stays legacy" in row["reason"]
    assert "legacy op 'chk_column' (ColumnKernel, CPU FLOAT32)" in row["reason"]
    assert "no case applies to FLOAT32" in row["reason"]


def test_an_importer_that_does_not_import_before_the_write_holds_it_back(
        tmp_path: Path) -> None:
    broken = NEEDS_ATTR.replace("from . import act\n",
                                "from . import act\nimport chk_no_such_module  # noqa\n")
    pkg = _package(tmp_path, broken)
    before = (pkg / "act.py").read_text()
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], write=True, json_path=out, console=console()) == 1
    assert (pkg / "act.py").read_text() == before
    reason = _rows(out)["UnaryKernel"]["reason"]
    assert "user.py does not import before the write" in reason
    assert "chk_no_such_module" in reason


def test_an_op_raising_alike_before_and_after_does_not_hold_the_write_back(
        tmp_path: Path) -> None:
    """ColumnKernel reads column 7 of inputs that have 4: IndexError before the write and
    after it, a match, so the unary op migrates; ColumnKernel itself, which verify could
    not run at all, is not (exit 1 for it)."""
    cases = NEEDS_ATTR + ('\nVERIFY_CASES = {"chk_column": [{"name": "col 7", '
                          '"inputs": {"X": (3, 4)}, "attrs": {"column": 7}}]}\n')
    pkg = _package(tmp_path, cases)
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], write=True, json_path=out, console=console()) == 1
    rows = _rows(out)
    assert rows["UnaryKernel"]["status"] == "migrated"
    assert "class UnaryKernel" not in (pkg / "act.py").read_text()
    assert rows["ColumnKernel"]["status"] == "failed"
    assert "unable to run it (CPU FLOAT32: no valid inputs (col 7: legacy op raised " \
           "IndexError" in rows["ColumnKernel"]["reason"]
    assert "class ColumnKernel" in (pkg / "user.py").read_text()
