"""A kernel running the scale kernel on its own context: the scale kernel's messages name
the op of the context it runs on, this one's."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .base import REAL, FactorMaker, SameShapeOp
from .scale import KcScaleKernel


class KcRescaleKernel(OpKernel):
    def compute(self, ctx):
        KcScaleKernel().compute(ctx)


register_operator("kc_rescale", SameShapeOp, FactorMaker)
register_op_kernel("kc_rescale", "CPU", KcRescaleKernel, *REAL)
