"""Team W's two-input maps, written through `kit.produce` (the module imported)."""

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


for _op, _kernel in (("pw_div", DivKernel), ("pw_hypot", HypotKernel)):
    register_operator(_op, kit.SameShapeOp, kit.PairMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
