"""Team B's ops: kernels built by the factory of ufunc.py, registered by plain calls."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .ufunc import UfuncMaker, UfuncOp, make_kernel

TripleKernel = make_kernel(3.0)
HalfKernel = make_kernel(0.5)

register_operator("fb_triple", UfuncOp, UfuncMaker)
register_op_kernel("fb_triple", "CPU", TripleKernel, DataType.FLOAT32, DataType.FLOAT64)
register_operator("fb_half", UfuncOp, UfuncMaker)
register_op_kernel("fb_half", "CPU", HalfKernel, DataType.FLOAT32)
