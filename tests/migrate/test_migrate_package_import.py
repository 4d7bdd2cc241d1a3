"""Verify imports the tree given as the package it is, once per session, whatever sys.path
holds: a package whose `__init__` imports its submodules (a sibling importing from the
module under verification), a module composing a sibling's kernel, with the package's
parent on sys.path or not. Each package here is written to tmp_path; after `--write`
it still imports and its ops give the values they gave before (in a subprocess).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import REPO, console, dedent

from migrate.cli_entry import run_migrate

IMPORTS = '''\
from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
'''

#: the operator and maker of the small packages' ops (source text, between two blocks)
SAME_OP = """

class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class XMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "x")
        self.add_output("Out", "out")


"""

#: `__init__` importing its submodules; b imports a's operator and composes a's kernel
PKG_INIT_IMPORTS = {
    "__init__.py": "from . import neg, twice\n",
    "common.py": "from phi.common import DataType\n\nREALS = (DataType.FLOAT32, "
                 "DataType.FLOAT64)\n",
    "neg.py": IMPORTS + dedent('''

        from .common import REALS

    ''') + SAME_OP + dedent('''


        class PiNegKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                out = ctx.output("Out")
                data = out.mutable_data(ctx.place, x.dtype)
                ctx.xp.negative(x.data, out=data)


        register_operator("pi_neg", SameOp, XMaker)
        for _d in REALS:
            register_op_kernel("pi_neg", "CPU", PiNegKernel, _d)
    '''),
    "twice.py": IMPORTS.replace("from legacy_fluid.framework.operator import "
                                "OperatorWithKernel\n", "") + dedent('''

        from .common import REALS
        from .neg import PiNegKernel, SameOp, XMaker


        class PiAbsKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                out = ctx.output("Out")
                data = out.mutable_data(ctx.place, x.dtype)
                ctx.xp.abs(x.data, out=data)


        class PiNegAgainKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                PiNegKernel().compute(ctx)


        register_operator("pi_abs", SameOp, XMaker)
        register_operator("pi_neg_again", SameOp, XMaker)
        for _d in REALS:
            register_op_kernel("pi_abs", "CPU", PiAbsKernel, _d)
            register_op_kernel("pi_neg_again", "CPU", PiNegAgainKernel, _d)
    '''),
}

OPS = ["pi_neg", "pi_abs", "pi_neg_again"]

#: what runs each op (auto mode: its PHI kernel once migrated) in a fresh process
RUN_OPS = dedent('''
    import importlib, json, pathlib, sys
    import numpy as np
    from compat.single_op import run_single_op
    sys.path.insert(0, sys.argv[1])
    for module in sorted(pathlib.Path(sys.argv[1], sys.argv[2]).glob("*.py")):
        importlib.import_module(sys.argv[2] + ("" if module.stem == "__init__"
                                               else "." + module.stem))
    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
    out = {}
    for op in sys.argv[3:]:
        outs, trace = run_single_op(op, {"X": x}, {}, {"Out": 1}, mode="auto")
        out[op] = [outs["Out"][0].tolist(), str(trace.path)]
    print(json.dumps(out))
''')


def write_package(root: Path, name: str, files: dict[str, str]) -> Path:
    pkg = root / name
    pkg.mkdir(parents=True)
    for rel, text in files.items():
        (pkg / rel).write_text(text)
    return pkg


def run_ops(root: Path, package: str, ops: list[str]) -> dict[str, Any]:
    """Each op's output and dispatch path, the package and its modules imported in a fresh
    process."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", RUN_OPS, str(root), package, *ops],
                          check=False, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def migrate_rows(pkg: Path, write: bool, verify: bool = True
                 ) -> tuple[int, dict[str, tuple[str, str]]]:
    out = pkg.parent / "summary.json"
    code = run_migrate([pkg], write=write, verify=verify, json_path=out, console=console())
    doc = json.loads(out.read_text())
    return code, {k["kernel"]: (k["status"], k["reason"]) for k in doc["kernels"]}


@pytest.mark.parametrize("parent_on_path", [False, True])
def test_a_package_whose_init_imports_its_modules_verifies_and_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parent_on_path: bool) -> None:
    """Its `__init__` imports neg and twice, twice imports neg: verify imports the
    package once per session (no operator registered twice, no half-imported module),
    composition across the modules reads the sibling as the write leaves it."""
    pkg = write_package(tmp_path, "pkg_init_imports", PKG_INIT_IMPORTS)
    if parent_on_path:
        monkeypatch.syspath_prepend(str(tmp_path))
    before = run_ops(tmp_path, pkg.name, OPS)
    assert all(path == "legacy" for _, path in before.values()), before
    code, rows = migrate_rows(pkg, write=True)
    # twice.py's kernel migrates in the same write and imports neg's new function instead
    # of PiNegKernel: the class has no user left and goes with its migration
    assert rows == {
        "PiNegKernel": ("migrated", ""),
        "PiAbsKernel": ("migrated", ""),
        "PiNegAgainKernel": ("migrated", ""),
    }, rows
    assert code == 0
    assert not [m for m in sys.modules if m.startswith("pkg_init_imports")]
    twice = (pkg / "twice.py").read_text()
    assert "from .neg import SameOp, XMaker, pi_neg_kernel\n" in twice, twice
    assert "class PiNegKernel" not in (pkg / "neg.py").read_text()
    after = run_ops(tmp_path, pkg.name, OPS)
    assert {op: v[0] for op, v in after.items()} == {op: v[0] for op, v in before.items()}
    assert all(path == "phi" for _, path in after.values()), after
    # a second run finds nothing left to migrate
    code, rows = migrate_rows(pkg, write=True)
    assert code == 0 and not any(s == "migrated" for s, _ in rows.values()), rows


#: `checked` registers a kernel verify cannot run (every case raises), `composed` a kernel
#: composing it and an innocent one
PKG_HELD = {
    "__init__.py": "",
    "checked.py": IMPORTS + dedent('''
        from phi.common import DataType

    ''') + SAME_OP + dedent('''


        class HbCheckedKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                if x.data.size >= 0:
                    raise ValueError("hb_checked: refuses every input")
                out = ctx.output("Out")
                data = out.mutable_data(ctx.place, x.dtype)
                ctx.xp.negative(x.data, out=data)


        register_operator("hb_checked", SameOp, XMaker)
        register_op_kernel("hb_checked", "CPU", HbCheckedKernel, DataType.FLOAT32)
    '''),
    "composed.py": dedent('''
        from legacy_fluid.framework.execution_context import ExecutionContext
        from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
        from legacy_fluid.framework.op_registry import register_operator
        from phi.common import DataType

        from .checked import HbCheckedKernel, SameOp, XMaker


        class HbTwiceKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                HbCheckedKernel().compute(ctx)


        class HbAbsKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                out = ctx.output("Out")
                data = out.mutable_data(ctx.place, x.dtype)
                ctx.xp.abs(x.data, out=data)


        register_operator("hb_twice", SameOp, XMaker)
        register_operator("hb_abs", SameOp, XMaker)
        register_op_kernel("hb_twice", "CPU", HbTwiceKernel, DataType.FLOAT32)
        register_op_kernel("hb_abs", "CPU", HbAbsKernel, DataType.FLOAT32)
    '''),
}


def test_a_module_composing_a_kernel_verify_holds_back_keeps_its_innocent_kernels(
        tmp_path: Path) -> None:
    """verify holds back checked.py's kernel: composed.py is re-planned with its composing
    kernel left legacy, and its other kernel is verified and written."""
    pkg = write_package(tmp_path, "pkg_held", PKG_HELD)
    before = run_ops(tmp_path, pkg.name, ["hb_abs"])
    code, rows = migrate_rows(pkg, write=True)
    assert {k: v[0] for k, v in rows.items()} == {
        "HbCheckedKernel": "failed", "HbTwiceKernel": "skipped", "HbAbsKernel": "migrated"}
    assert rows["HbCheckedKernel"][1].startswith("not written: verify found it unable to "
                                                 "run it"), rows
    assert "passes the ExecutionContext 'ctx' on" in rows["HbTwiceKernel"][1], rows
    assert code == 1  # a kernel failed (held back)
    composed = (pkg / "composed.py").read_text()
    assert "HbCheckedKernel().compute(ctx)" in composed and "def hb_abs_kernel(" in composed
    assert "class HbCheckedKernel" in (pkg / "checked.py").read_text()
    after = run_ops(tmp_path, pkg.name, ["hb_abs"])
    assert after["hb_abs"] == [before["hb_abs"][0], "phi"], (before, after)
