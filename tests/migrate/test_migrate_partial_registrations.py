"""Kernels registered through `reg = functools.partial(register_op_kernel, "x", "CPU")`,
bound once at module level with literal arguments and only called (`reg(XKernel,
DataType.FLOAT32)`, also in a loop): each call is read as the register_op_kernel call it
makes, the kernels migrate (verified), the calls go and the written package imports and
computes what it did. A partial used any other way (passed on, built from a name) is
still `register_op_kernel` used as a value: every kernel of the module stays legacy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from migrate_helpers import console, dedent, run_script

from migrate.cli_entry import run_migrate

_MODULE = '''
import functools
from functools import partial

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

OP_NAME = "pp_x"


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class XKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 5


class YKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 5


register_operator("pp_x", SameOp, UnaryMaker)
register_operator("pp_y", SameOp, UnaryMaker)
reg = functools.partial(register_op_kernel, "pp_x", "CPU")
reg(XKernel, DataType.FLOAT32)
reg(XKernel, DataType.FLOAT64)
_ry = partial(register_op_kernel, "pp_y")
for _dt in (DataType.FLOAT32, DataType.FLOAT64):
    _ry("CPU", YKernel, _dt)
'''

_RUN_OPS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, mode = sys.argv[1], sys.argv[2]
sys.path.insert(0, root)
importlib.import_module("pp.parts")
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
print(json.dumps({op: run_single_op(op, {"X": x}, {}, {"Out": 1}, mode=mode)[0]["Out"][0].tolist()
                  for op in ("pp_x", "pp_y")}))
'''


def _package(root: Path, text: str) -> Path:
    pkg = root / "pp"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "parts.py").write_text(dedent(text))
    return pkg


def _rows(out: Path) -> dict[str, tuple[str, str, str, dict[str, list[str]], list[str]]]:
    return {r["kernel"]: (r["op"], r["status"], r["reason"], r["dtypes"],
                          sorted({v["status"] for v in r.get("verify") or []}))
            for r in json.loads(out.read_text())["kernels"]}


#: the partial binding a module constant and a keyword, each call overriding the keyword (as
#: Python does; read without the override, CUDNN would keep the kernel legacy)
_KEYWORDS = (('reg = functools.partial(register_op_kernel, "pp_x", "CPU")',
              'reg = functools.partial(register_op_kernel, OP_NAME, "CPU", '
              'library=LibraryType.CUDNN)'),
             ("reg(XKernel, DataType.FLOAT32)", "reg(XKernel, DataType.FLOAT32, "
              "library=LibraryType.PLAIN)"),
             ("reg(XKernel, DataType.FLOAT64)", "reg(XKernel, library=LibraryType.PLAIN, "
              "*(DataType.FLOAT64,))"),
             ("from phi.common import DataType", "from phi.common import DataType\n"
              "from legacy_fluid.framework.op_kernel_type import LibraryType"))


@pytest.mark.parametrize("changes", [(), _KEYWORDS])
def test_a_partial_bound_once_and_called_is_read_at_its_calls(
        tmp_path: Path, changes: tuple[tuple[str, str], ...]) -> None:
    text = _MODULE
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    pkg = _package(tmp_path, text)
    before = run_script(_RUN_OPS, str(tmp_path), "legacy")
    out = tmp_path / "summary.json"
    code = run_migrate([pkg], write=True, verify=True, json_path=out, console=console())
    assert code == 0
    floats = {"CPU": ["FLOAT32", "FLOAT64"]}
    assert _rows(out) == {"XKernel": ("pp_x", "migrated", "", floats, ["identical"]),
                          "YKernel": ("pp_y", "migrated", "", floats, ["identical"])}
    text = (pkg / "parts.py").read_text()
    assert "reg(" not in text and "_ry(" not in text and "class XKernel" not in text
    assert "def pp_x_kernel(" in text and "def pp_y_kernel(" in text
    assert run_script(_RUN_OPS, str(tmp_path), "phi") == before


@pytest.mark.parametrize("change, used", [
    ("_ry(\"CPU\", YKernel, _dt)\n", "_HOOKS = [_ry]\n"),  # passed on
    ('partial(register_op_kernel, "pp_y")',  # an argument known at run time only
     'partial(register_op_kernel, chr(112) + "p_y")'),
])
def test_a_partial_used_otherwise_stays_a_value(tmp_path: Path, change: str, used: str
                                                ) -> None:
    text = dedent(_MODULE)
    text = text + used if change.startswith("_ry(") else text.replace(change, used)
    pkg = _package(tmp_path, text)
    out = tmp_path / "summary.json"
    code = run_migrate([pkg], write=True, verify=False, json_path=out, console=console())
    assert code == 0
    rows = _rows(out)
    assert {k: r[1] for k, r in rows.items()} == {"XKernel": "skipped", "YKernel": "skipped"}
    for r in rows.values():
        assert r[2].startswith("the module registers kernels in a way the codemod cannot "
                               "read (registers kernels through `register_op_kernel` used as "
                               "a value"), r
    assert (pkg / "parts.py").read_text() == text
