"""Team W's two-input maps, written through `kit.produce` (the module imported), and a
kernel of kit.py's template."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from . import kit


class DivKernel(OpKernel):
    """Out = X / Y, warnings off, X's LoD kept; the manager after `produce` in the `with`."""

    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        with kit.produce(ctx, "Out", like=x, keep_lod=True) as out, kit.quiet_fp(ctx.xp):
            out[...] = x.data / y.data


class HypotKernel(OpKernel):
    """Out = sqrt(X^2 + Y^2), checked after the block."""

    def compute(self, ctx):
        x = ctx.input("X")
        y = ctx.input("Y")
        with kit.quiet_fp(ctx.xp):
            with kit.produce(ctx, "Out", like=y, keep_lod=True) as out:
                out[...] = ctx.xp.hypot(x.data, y.data)
        if not ctx.xp.isfinite(out).all():
            raise ValueError("pw_hypot: overflow")


class SquareKernel(kit.UnaryTemplate):
    """Out = X^2 through the template of kit.py, whose compute() calls `produce` (a name
    this module does not bind)."""

    @staticmethod
    def fn(xp, values):
        return xp.square(values)


for _op, _kernel in (("pw_div", DivKernel), ("pw_hypot", HypotKernel)):
    register_operator(_op, kit.SameShapeOp, kit.PairMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
register_operator("pw_square", kit.SameShapeOp, kit.MapMaker)
register_op_kernel("pw_square", "CPU", SquareKernel, DataType.FLOAT32, DataType.FLOAT64)
