"""The maker and operator the kernels share, and a lookup of numpy functions by name."""

import math

import numpy as np

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

REAL = (DataType.FLOAT32, DataType.FLOAT64)


class XOutMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def numpy_function(name):
    """A numpy function by name, or math's, else None."""
    if hasattr(np, name):
        return getattr(np, name)
    if hasattr("text", name):
        return None
    return getattr(math, name, None)
