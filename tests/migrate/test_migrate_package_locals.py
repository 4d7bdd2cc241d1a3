"""The codemod judges a use of a name it removes by binding, not by spelling
(LibCST's ScopeProvider): a module-level registration loop's variable (`for t in
FLOATS: register_op_kernel(...)`) goes with the loop, and a function's or method's own
`t` / `dt` (a loop variable in compute, `dt = x.dtype`, `dt = ctx.get_input_dtype("X")`
in an operator's infer_shape) is not a use of it. A real read of the module-level name
(a function reading the loop variable after the loop, a `global dt`) still leaves the
module legacy, with the reason.

The package is written under tmp_path: `shadowed.py` (two kernels and an operator with
such locals: migrated), `reads_loop_var.py` and `declares_global.py` (kept legacy);
after `--write` every module imports and each migrated op, run through its PHI kernel,
gives what its legacy kernel gave.
"""

from __future__ import annotations

from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, dedent, verified_rows, write_sources

PACKAGE = "pkg_locals"

SOURCES = {
    "__init__": "",
    "common": dedent('''
    from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
    from legacy_fluid.framework.operator import OperatorWithKernel


    class XMaker(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", "")
            self.add_output("Out", "")


    class LocalDtypeOp(OperatorWithKernel):
        def infer_shape(self, ctx):
            ctx.share_dim("X", "Out")
            dt = ctx.get_input_dtype("X")  # a local named like the registration loop's variable
            ctx.set_output_dtype("Out", dt)
'''),
    "shadowed": dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_registry import register_operator
    from phi.common import DataType

    from .common import LocalDtypeOp, XMaker


    class TwiceKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = 0
            for t in (x.data, x.data):  # a local loop variable t
                out += t


    class NegKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            dt = x.dtype  # a local dt
            ctx.xp.negative(x.data, out=ctx.output("Out").mutable_data(ctx.place, dt))


    class DtOp(LocalDtypeOp):
        def infer_shape(self, ctx):
            dt = ctx.get_input_dtype("X")
            ctx.share_dim("X", "Out")
            ctx.set_output_dtype("Out", dt)


    register_operator("lb_twice", LocalDtypeOp, XMaker)
    register_operator("lb_neg", DtOp, XMaker)
    for t in (DataType.FLOAT32, DataType.FLOAT64):  # the module-level t the write removes
        register_op_kernel("lb_twice", "CPU", TwiceKernel, t)
    for dt in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("lb_neg", "CPU", NegKernel, dt)
'''),
    "reads_loop_var": dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_registry import register_operator
    from phi.common import DataType

    from .common import LocalDtypeOp, XMaker


    class HalfKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = x.data / 2


    register_operator("lb_half", LocalDtypeOp, XMaker)
    for t in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("lb_half", "CPU", HalfKernel, t)


    def last_registered():
        return t  # reads the module-level loop variable
'''),
    "declares_global": dedent('''
    from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
    from legacy_fluid.framework.op_registry import register_operator
    from phi.common import DataType

    from .common import LocalDtypeOp, XMaker


    class ThirdKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = x.data / 3


    def kernel_dtype():
        global dt
        return dt


    register_operator("lb_third", LocalDtypeOp, XMaker)
    for dt in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("lb_third", "CPU", ThirdKernel, dt)
'''),
}

#: kernel class -> (status, the reason, exactly)
EXPECTED = {
    "TwiceKernel": ("migrated", ""),
    "NegKernel": ("migrated", ""),
    "HalfKernel": ("skipped", "`last_registered` uses `t`, which migrating would remove "
                              "from this module; left legacy"),
    "ThirdKernel": ("skipped", "`kernel_dtype` uses `dt`, which migrating would remove "
                               "from this module; left legacy"),
}
MIGRATED_OPS = ("lb_neg", "lb_twice")


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_sources(tmp_path_factory.mktemp("locals"), PACKAGE, SOURCES)


def test_locals_named_like_a_removed_loop_variable_do_not_block(written: dict[str, Any]
                                                                ) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == EXPECTED
    shadowed = (written["pkg"] / "shadowed.py").read_text()
    assert "register_op_kernel" not in shadowed and "for dt in" not in shadowed
    assert "        dt = ctx.get_input_dtype(\"X\")\n" in shadowed  # DtOp kept as it was
    for kept in ("reads_loop_var", "declares_global"):  # left legacy: untouched
        assert (written["pkg"] / f"{kept}.py").read_text() == SOURCES[kept]


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert_nothing_broken(written, MIGRATED_OPS)
    assert set(before["ran"]) == {*MIGRATED_OPS, "lb_half", "lb_third"}
    assert set(after["phi_ran"]) == set(MIGRATED_OPS)
    for op in MIGRATED_OPS:
        assert isinstance(before["ran"][op], list), before["ran"][op]
        assert after["phi_ran"][op] == before["ran"][op]
    assert before["ran"]["lb_twice"][0][0] == pytest.approx(-4.0)  # 2 * x at x = -2
    assert before["ran"]["lb_neg"][0][0] == pytest.approx(2.0)
