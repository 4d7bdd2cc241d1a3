"""Guarded kernels registered by team G."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .guards import DoubledTemplate, FiniteGuard, PlainMaker, RememberingTemplate, SameOp


class GuardedDoubleKernel(FiniteGuard, DoubledTemplate):
    pass


class GuardedRememberKernel(FiniteGuard, RememberingTemplate):
    pass


register_operator("gd_double", SameOp, PlainMaker)
register_op_kernel("gd_double", "CPU", GuardedDoubleKernel, DataType.FLOAT32)
register_operator("gd_remember", SameOp, PlainMaker)
register_op_kernel("gd_remember", "CPU", GuardedRememberKernel, DataType.FLOAT32)
