"""A kernel on the template base whose names a function of its module changes at run time:
which attributes it reads is not constant."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .base import RangeKernelBase, RangeMaker, SameShapeOp


class DriftKernel(RangeKernelBase):
    NAMES = ("lo",)

    def apply(self, xp, x, lo=-1.0, hi=1.0):
        return xp.maximum(x, lo)


def widen() -> None:
    DriftKernel.NAMES = ("lo", "hi")


register_operator("rg_drift", SameShapeOp, RangeMaker)
register_op_kernel("rg_drift", "CPU", DriftKernel, DataType.FLOAT32, DataType.FLOAT64)
