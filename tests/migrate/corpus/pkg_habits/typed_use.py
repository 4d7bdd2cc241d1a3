"""Kernels on the typed base of `typed_base.py`, specialised as the team's style guide
asked (`ScaledBase[float]`)."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import PlainMaker, SameOp
from .typed_base import ScaledBase


class QuadrupleKernel(ScaledBase[float]):
    FACTOR = 4.0


register_operator("hb_quadruple", SameOp, PlainMaker)
register_op_kernel("hb_quadruple", "CPU", QuadrupleKernel, DataType.FLOAT32)
