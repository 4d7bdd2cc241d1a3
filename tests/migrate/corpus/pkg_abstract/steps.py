"""Concrete kernels over the abstract bases of shapes.py."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .shapes import ElementwiseStep, PlainMaker, SameOp, TwoStage


class CubeKernel(ElementwiseStep):
    def step(self, xp, values):
        return values * values * values


class _HalfStage(TwoStage):
    def before(self, xp, values):
        return values * 0.5


class HalfAbsKernel(_HalfStage):
    """Both stages implemented, over two classes."""

    def after(self, xp, values):
        return xp.abs(values)


class HalfOnlyKernel(_HalfStage):
    """`after` left abstract: Python refuses to make one."""


register_operator("ab_cube", SameOp, PlainMaker)
register_op_kernel("ab_cube", "CPU", CubeKernel, DataType.FLOAT32)
register_operator("ab_half_abs", SameOp, PlainMaker)
register_op_kernel("ab_half_abs", "CPU", HalfAbsKernel, DataType.FLOAT32)
register_operator("ab_half_only", SameOp, PlainMaker)
register_op_kernel("ab_half_only", "CPU", HalfOnlyKernel, DataType.FLOAT32)
