"""The codemod on a package registering its kernels in ways beyond plain calls
(tests/migrate/corpus/pkg_regs): a helper function of the package whose body only loops
over its parameters and calls register_op_kernel (read by unrolling each call with its
arguments), a constant `if _dt in REAL:` inside a registration loop over a literal table
(decided statically), f-string op names over a literal tuple, and kernel classes a loop
finds by a computed name (read by importing the tree when verify runs: migrated with
their loop kept, blocking nothing else), and helpers
registering the operator and its kernels in one call (the call becomes the operator's
registration when its kernels migrate; a call of a helper doing more stays, its kernel
migrated beside it). What cannot be
read for one kernel decides that kernel's row only. After `--write` every module still
imports and every op still computes what it computed before (package_probe.py, in a
subprocess, before and after; migrated ops through the dual dispatch).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import CORPUS, assert_module_rows, console, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_regs"
KEPT = "kept: the registration `for _name in (\"sinh\", \"cosh\"):` may find it by a computed name"
LIVE = ("migrated; legacy registration kept: registered by `{}`, which the codemod cannot read; "
        "keys from importing the tree")

LIVE_PROTO = LIVE + "; proto from importing the tree"
_SINH = 'for _name in ("sinh", "cosh"):'
_EXP = 'for _n in ("exp", "tanh"):'
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
BOTH = {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32", "FLOAT64"]}

#: module -> kernel class -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[str, dict[str, tuple[str, str, str, dict[str, list[str]]]]] = {
    "helped.py": {
        # register_all(op, kernel, REAL) of common.py, unrolled with its default backends
        "TwiceKernel": ("migrated", "regs_twice", "",
                        {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32", "FLOAT64"]}),
        # ... and with `REAL + INTS, backends=("CPU",)`
        "HalfKernel": ("migrated", "regs_half", "",
                       {"CPU": ["FLOAT32", "FLOAT64", "INT32", "INT64"]}),
        # a helper taking *dtypes: the arguments left over are its tuple
        "NegKernel": ("migrated", "regs_neg", "", {"CPU": ["FLOAT32"]}),
        # the call also registers the operator: it becomes that registration alone
        "AbsKernel": ("migrated", "regs_abs", "", {"CPU": ["FLOAT32"]}),
    },
    "combined.py": {
        # register_op_and_kernels of common.py: register_operator + register_all
        "FiveKernel": ("migrated", "regs_five", "", {"CPU": ["FLOAT32", "FLOAT64"]}),
        "ShiftKernel": ("migrated", "regs_shift", "",
                        {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32", "FLOAT64"]}),
        # a helper also doing something besides registering: its call and the class stay
        "LoggedKernel": ("migrated", "regs_logged", "migrated; legacy registration kept: "
                         "`register_logged(\"regs_logged\", SameOp, UnaryMaker, LoggedKernel, "
                         "REAL)` also records it in REGISTERED (`REGISTERED.append(op_type)` in "
                         "`register_logged`)",
                         {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32", "FLOAT64"]}),
    },
    "looped.py": {
        # GPU only where `_dt in REAL`; the class stays for the computed lookup below
        "SquareKernel": ("migrated", "regs_square", f"migrated; class SquareKernel {KEPT}",
                         {"CPU": ["FLOAT32", "FLOAT64", "INT32", "INT64"],
                          "GPU": ["FLOAT32", "FLOAT64"]}),
        # stays legacy: the loop is unrolled around it, its `if` kept
        "CubeKernel": ("skipped", "regs_cube", "passes ctx to _fill(), which keeps 'ctx' or "
                       "passes it on", {}),
        # f"regs_{_name}" over a literal tuple, registered through register_all
        "Abs2Kernel": ("migrated", "regs_abs2", f"migrated; class Abs2Kernel {KEPT}",
                       {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32", "FLOAT64"]}),
        # the op names the loop spells are readable, the class lookup is not; importing the
        # tree (verify on) shows the class registered and its op's proto: migrated, the loop
        # and the class staying
        "SinhKernel": ("migrated", "regs_sinh", LIVE_PROTO.format(_SINH), BOTH),
        "CoshKernel": ("migrated", "regs_cosh", LIVE_PROTO.format(_SINH), BOTH),
    },
    "globbed.py": {
        # looked up in the module's namespace: each row names its op and the statement
        # looking it up; the plainly registered kernel migrates, its class kept
        "ExpKernel": ("migrated", "regs_exp", LIVE_PROTO.format(_EXP), REAL),
        "TanhKernel": ("migrated", "regs_tanh", LIVE_PROTO.format(_EXP), REAL),
        # a lookup importing the tree shows: migrated, the statement and the class staying
        "SqrtKernel": ("migrated", "regs_sqrt", LIVE.format(
            "register_op_kernel(\"regs_sqrt\", \"CPU\", globals().get(\"SqrtKernel\"), *REAL)"),
            {"CPU": ["FLOAT32", "FLOAT64"]}),
        "CbrtKernel": ("migrated", "regs_cbrt", LIVE.format(
            "register_op_kernel(\"regs_cbrt\", \"CPU\", vars()[\"CbrtKernel\"], *REAL)"),
            {"CPU": ["FLOAT32", "FLOAT64"]}),
        "RintKernel": ("migrated", "regs_rint", "migrated; class RintKernel kept: the "
                       "registration `for _n in (\"exp\", \"tanh\"):` may find it by a "
                       "computed name", {"CPU": ["FLOAT32", "FLOAT64"]}),
    },
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert set(before["ran"]) == {"regs_twice", "regs_half", "regs_neg", "regs_abs",
                                  "regs_square", "regs_cube", "regs_abs2", "regs_sinh",
                                  "regs_cosh", "regs_five", "regs_shift", "regs_logged",
                                  "regs_exp", "regs_tanh", "regs_sqrt", "regs_cbrt",
                                  "regs_rint"}
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    migrated = {r["op"] for r in written["doc"]["kernels"] if r["status"] == "migrated"}
    assert migrated == {"regs_twice", "regs_half", "regs_neg", "regs_square", "regs_abs2",
                        "regs_abs", "regs_five", "regs_shift", "regs_rint", "regs_logged",
                        "regs_sqrt", "regs_cbrt", "regs_sinh", "regs_cosh", "regs_exp",
                        "regs_tanh"}
    # their legacy registrations stay (the probe runs them legacy)
    kept = {"regs_logged", "regs_sqrt", "regs_cbrt", "regs_sinh", "regs_cosh", "regs_exp",
            "regs_tanh"}
    # the ops left legacy run their legacy kernels as before
    assert after["ran"] == {op: v for op, v in before["ran"].items()
                            if op not in migrated - kept}
    # the migrated ops, through their PHI kernels, compute what their legacy kernels did
    assert after["phi_ran"] == {op: before["ran"][op] for op in migrated - kept}
    assert before["phi_ran"] == {}


def test_only_the_migrated_registrations_went(written: dict[str, Any]) -> None:
    helped = (written["pkg"] / "helped.py").read_text()
    assert "register_all(" not in helped and "class TwiceKernel" not in helped
    assert '_cpu_only("regs_neg"' not in helped and "class NegKernel" not in helped
    # the helper call registering the operator and the kernel: the operator's call stays
    assert '_with_operator("regs_abs", AbsKernel)' not in helped
    assert '\nregister_operator("regs_abs", SameOp, UnaryMaker)\n' in helped
    combined = (written["pkg"] / "combined.py").read_text()
    assert "register_op_and_kernels(" not in combined
    # spelled as the helper spells it, its import taken from where the helper's module has it
    assert ('\nregister_operator("regs_five", SameOp, UnaryMaker)\n\n'
            'register_operator("regs_shift", SameOp, UnaryMaker)\n\n'
            'register_logged("regs_logged", SameOp, UnaryMaker, LoggedKernel, REAL)\n'
            ) in combined
    assert "from legacy_fluid.framework.op_registry import register_operator\n" in combined
    assert "from .common import REAL, register_logged\n" in combined
    looped = (written["pkg"] / "looped.py").read_text()
    # the table loop unrolled around the kernel left legacy, its constant `if` kept
    assert ('register_operator("regs_square", SameOp, UnaryMaker)\n'
            'register_operator("regs_cube", SameOp, UnaryMaker)\n'
            "for _dt in [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64]:\n"
            '    register_op_kernel("regs_cube", "CPU", CubeKernel, _dt)\n'
            "    if _dt in REAL:\n"
            '        register_op_kernel("regs_cube", "GPU", CubeKernel, _dt)\n') in looped
    assert 'register_operator("regs_abs2", SameOp, UnaryMaker)\n' in looped
    assert "class SquareKernel(OpKernel)" in looped and "class Abs2Kernel(OpKernel)" in looped
    # the unrolled loop spells DataType, which only the generated code's import binds
    assert "from phi.common import Backend, DataLayout, DataType\n" in looped
    assert 'getattr(sys.modules[__name__], f"{_name.title()}Kernel")' in looped


_HELPERS = '''
from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .shapes import SameOp


def in_loop(op_types, op_cls, maker, kernel):
    for op_type in op_types:
        register_operator(op_type, op_cls, maker)
        register_op_kernel(op_type, "CPU", kernel, DataType.FLOAT32)


def own_operator(op_type, maker, kernel):
    register_operator(op_type, SameOp, maker)
    register_op_kernel(op_type, "CPU", kernel, DataType.FLOAT32)
'''


@pytest.mark.parametrize("call, why", [
    ('in_loop(("rh_x",), SameOp, UnaryMaker, XKernel)',
     '`in_loop` registers `register_operator(op_type, op_cls, maker)` inside a For statement'),
    ('own_operator("rh_x", UnaryMaker, XKernel)',
     "`own_operator` passes SameOp of its own module to `register_operator(op_type, SameOp, "
     "maker)`"),
])
def test_a_helper_remainder_that_cannot_be_spelled_here_keeps_the_kernel_legacy(
        tmp_path: Path, call: str, why: str) -> None:
    pkg = tmp_path / "rh"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    shapes = (CORPUS / "pkg_regs" / "combined.py").read_text()
    rest = shapes.partition("class UnaryMaker")[2]
    (pkg / "shapes.py").write_text(
        "from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker\n"
        "from legacy_fluid.framework.operator import OperatorWithKernel\n\n\n"
        "class UnaryMaker" + rest.partition("class FiveKernel")[0].rstrip() + "\n")
    (pkg / "helpers.py").write_text("from phi.common import DataType\n" + _HELPERS)
    (pkg / "ops.py").write_text(
        "from legacy_fluid.framework.op_kernel import OpKernel\n\n"
        "from .helpers import in_loop, own_operator  # noqa: F401\n"
        "from .shapes import SameOp, UnaryMaker  # noqa: F401\n\n\n"
        "class XKernel(OpKernel):\n"
        "    def compute(self, ctx):\n"
        '        x = ctx.input("X")\n'
        '        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 5\n\n\n'
        f"{call}\n")
    out = tmp_path / "summary.json"
    code = run_migrate([pkg], write=True, verify=False, json_path=out, console=console())
    rows = [(r["kernel"], r["op"], r["status"], r["reason"])
            for r in json.loads(out.read_text())["kernels"]]
    assert code == 0
    assert rows == [("XKernel", "rh_x", "skipped",
                     "its registration cannot be taken out of the statement registering it "
                     f"alone ({why})")]
    assert "class XKernel(OpKernel)" in (pkg / "ops.py").read_text()
