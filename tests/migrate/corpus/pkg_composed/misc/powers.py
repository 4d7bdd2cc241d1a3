"""Team R: kernels built on the shared pieces, each named through `common`'s re-exports
(a base and a mixin, a helper taking ctx, a dtype tuple, a registration helper)."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import FLOATS, OffsetMixin, PowBase, UnaryMaker, UnaryOp, alpha_of, register_cpu


class CubeKernel(PowBase):
    POWER = 3


class ShiftedSquareKernel(OffsetMixin, PowBase):
    pass


class AlphaScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * alpha_of(ctx)


register_operator("rx_cube", UnaryOp, UnaryMaker)
register_cpu("rx_cube", CubeKernel)
register_operator("rx_shifted_square", UnaryOp, UnaryMaker)
register_cpu("rx_shifted_square", ShiftedSquareKernel, FLOATS)
register_operator("rx_alpha_scale", UnaryOp, UnaryMaker)
register_cpu("rx_alpha_scale", AlphaScaleKernel)
