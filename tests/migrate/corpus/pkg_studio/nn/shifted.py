"""Team S: a kernel subclassing a sibling sub-package's kernel class (`math/scaled.py`)
and overriding nothing but a class constant it never reads."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import FLOATS
from ..common.ops import UnaryMaker, UnaryOp
from ..math.scaled import BaseScaleKernel


class ShiftedScaleKernel(BaseScaleKernel):
    LABEL = "shifted"


register_operator("studio_shifted_scale", UnaryOp, UnaryMaker)
register_op_kernel("studio_shifted_scale", "CPU", ShiftedScaleKernel, *FLOATS)
