"""Kernels registered through a partial of register_op_kernel binding a module constant
and a keyword its calls override, and through one imported from the registry."""

import functools

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import LibraryType
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import SameShapeOp, XOutMaker
from .registry import REAL, plain

FLOOR_OP = "pr_floor"


class PrFloorKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = np.floor(x.data)


class PrCeilKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = np.ceil(x.data)


_floor = functools.partial(register_op_kernel, FLOOR_OP, "CPU", library=LibraryType.CUDNN)

register_operator(FLOOR_OP, SameShapeOp, XOutMaker)
_floor(PrFloorKernel, DataType.FLOAT32, library=LibraryType.PLAIN)
_floor(PrFloorKernel, DataType.FLOAT64, library=LibraryType.PLAIN)
register_operator("pr_ceil", SameShapeOp, XOutMaker)
plain("pr_ceil", "CPU", PrCeilKernel, *REAL)
