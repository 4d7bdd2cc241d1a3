"""Element-wise kernels: thin subclasses of FnKernel setting `fn`."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .base import REAL, FnKernel, SameShapeOp, UnaryMaker


class DsSquareKernel(FnKernel):
    OP = "ds_square"
    fn = staticmethod(lambda xp, x: x * x)


class DsSoftsignKernel(FnKernel):
    OP = "ds_softsign"
    fn = staticmethod(lambda xp, x: x / (1 + xp.abs(x)))


for _op, _kernel in (("ds_square", DsSquareKernel), ("ds_softsign", DsSoftsignKernel)):
    register_operator(_op, SameShapeOp, UnaryMaker)
    register_op_kernel(_op, "CPU", _kernel, *REAL)
