"""Scale v1: `ScaleV1Kernel.compute` reads numpy as `np`, `sqrt` imported from math as
`_sqrt`, and a module constant `_OFFSET`; `DriftV1Kernel.compute` also reads `_DRIFT`,
state this module computes when it is imported and rebinds in `recalibrate()`."""

import math
from math import sqrt as _sqrt

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

__all__ = ["DriftV1Kernel", "ScaleMaker", "ScaleOp", "ScaleV1Kernel", "recalibrate"]

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
_OFFSET = 0.25
_DRIFT = math.log(2.0)


def recalibrate(value):
    global _DRIFT
    _DRIFT = value


class ScaleMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("scale", AttrType.FLOAT, 2.0, "factor")


class ScaleOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ScaleV1Kernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        factor = np.float32(ctx.attr("scale")) * _sqrt(4.0)
        out[...] = x.data * factor + _OFFSET


class DriftV1Kernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * np.float32(ctx.attr("scale")) + _DRIFT


register_operator("ih_scale_v1", ScaleOp, ScaleMaker)
register_operator("ih_drift_v1", ScaleOp, ScaleMaker)
for _dt in FLOATS:
    register_op_kernel("ih_scale_v1", "CPU", ScaleV1Kernel, _dt)
    register_op_kernel("ih_drift_v1", "CPU", DriftV1Kernel, _dt)
