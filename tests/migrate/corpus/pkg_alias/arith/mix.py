"""Blend and integer floor division, through `import pkg_alias.base.tensors as T`."""

from __future__ import annotations

import pkg_alias.base.tensors as T  # noqa: N812 (the team's habit)
from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from pkg_alias.base import BlendMaker, PairMaker, SameShapeOp


class BlendKernel(OpKernel):
    """Out = X * (1 - r) + Y * r, r the Ratio tensor when fed, else the `ratio` attribute."""

    def compute(self, ctx: ExecutionContext) -> None:
        a, b = T.operands(ctx)
        r_tensor = ctx.input("Ratio")
        ratio = ctx.attr("ratio")
        if r_tensor is not None:
            r = r_tensor.data
        else:
            r = T.like_scalar(a.data, ratio)
        res = T.new_out(ctx, "Out", a)
        res[...] = a.data * (1 - r) + b.data * r


class FloorDivIntKernel(OpKernel):
    def refuse_zero(self, xp, divisor):
        if xp.any(divisor == 0):
            raise ZeroDivisionError("ax_floor_div: Y holds a zero")

    def compute(self, ctx):
        x, y = T.operands(ctx)
        xp = ctx.xp
        self.refuse_zero(xp, y.data)
        res = T.new_out(ctx, "Out", x)
        xp.floor_divide(x.data, y.data, out=res)


register_operator("ax_blend", SameShapeOp, BlendMaker)
register_op_kernel("ax_blend", "CPU", BlendKernel, DataType.FLOAT32, DataType.FLOAT64)
register_operator("ax_floor_div", SameShapeOp, PairMaker)
register_op_kernel("ax_floor_div", "CPU", FloorDivIntKernel, DataType.INT32, DataType.INT64)
