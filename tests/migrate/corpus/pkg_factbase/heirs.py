"""Team B's quarter op: a kernel deriving from ufunc.py's registered kernel."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .ufunc import ScaleKernel, UfuncMaker, UfuncOp


class QuarterKernel(ScaleKernel):
    FACTOR = 0.25


register_operator("fb_quarter", UfuncOp, UfuncMaker)
register_op_kernel("fb_quarter", "CPU", QuarterKernel, DataType.FLOAT32)
