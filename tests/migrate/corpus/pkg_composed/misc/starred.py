"""Team R: the same shared pieces through a star import of `common` (whose `__init__`
star-imports `shared.py` in turn)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import *  # noqa: F403


class QuarticKernel(PowBase):  # noqa: F405
    POWER = 4


class ShiftedCubeKernel(OffsetMixin, PowBase):  # noqa: F405
    POWER = 3


class AlphaShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data + alpha_of(ctx)  # noqa: F405


register_operator("rx_quartic", UnaryOp, UnaryMaker)  # noqa: F405
register_cpu("rx_quartic", QuarticKernel)  # noqa: F405
register_operator("rx_shifted_cube", UnaryOp, UnaryMaker)  # noqa: F405
register_op_kernel("rx_shifted_cube", "CPU", ShiftedCubeKernel, *FLOATS)  # noqa: F405
register_operator("rx_alpha_shift", UnaryOp, UnaryMaker)  # noqa: F405
register_cpu("rx_alpha_shift", AlphaShiftKernel)  # noqa: F405
