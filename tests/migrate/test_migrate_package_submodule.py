"""`from ..common import base` then `base.SameShapeOp`: a module of the tree reached through
its package, as Python finds it: the package's attribute when `__init__` binds the name to
something else, else the submodule (bound by `from . import base` there, or not at all)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from migrate_helpers import console

from migrate.cli_entry import run_migrate

_BASE = '''from legacy_fluid.framework.operator import OperatorWithKernel


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.share_lod("X", "Out")
'''
_BASIC = '''from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..common import base


class NegMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "x")
        self.add_output("Out", "out")


class NegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = -x.data


register_operator("sm_neg", base.SameShapeOp, NegMaker)
register_op_kernel("sm_neg", "CPU", NegKernel, DataType.FLOAT32)
'''


@pytest.mark.parametrize(("init", "status"), [
    ("from . import base  # noqa: F401\n", "migrated"),  # the submodule, bound by __init__
    ("", "migrated"),  # the submodule, which the import itself loads
    ("from .base import SameShapeOp  # noqa: F401\n", "migrated"),
    ("base = None\n", "skipped"),  # the package's own attribute: no class
    ("from .other import thing as base  # noqa: F401\n", "skipped"),
])
def test_a_submodule_reached_through_its_package(tmp_path: Path, init: str, status: str
                                                 ) -> None:
    pkg = tmp_path / "sm_pkg"
    for folder in (pkg, pkg / "common", pkg / "acts"):
        folder.mkdir()
        (folder / "__init__.py").write_text("")
    (pkg / "common" / "__init__.py").write_text(init)
    (pkg / "common" / "base.py").write_text(_BASE)
    (pkg / "common" / "other.py").write_text("thing = 1\n")
    (pkg / "acts" / "basic.py").write_text(_BASIC)
    out = tmp_path / "rows.json"
    run_migrate([pkg], json_path=out, console=console())
    (row,) = json.loads(out.read_text())["kernels"]
    assert row["status"] == status, row
    if status == "skipped":
        assert "its operator class `base.SameShapeOp` is no class statement" in row["reason"]
