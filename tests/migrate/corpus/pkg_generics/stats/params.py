"""The generic base: `ParamKernel[P]` over the parameters its kernels read, logging each
run through the module logger. `P` and `log` are computed when this module is imported
and bound once, never rebound."""

from __future__ import annotations

import logging
from typing import Generic, TypeVar

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

__all__ = ["FLOATS", "AxisParams", "ParamKernel", "ParamMaker", "ParamOp"]

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
log = logging.getLogger(__name__)


class AxisParams:
    """What a kernel reads of its op's attributes."""


P = TypeVar("P", bound=AxisParams)


class ParamMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("scale", AttrType.FLOAT, 2.0, "factor")


class ParamOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ParamKernel(OpKernel, Generic[P]):
    OFFSET = 0.0

    def compute(self, ctx) -> None:
        x = ctx.input("X")
        scale = ctx.attr("scale")
        log.debug("scaling by %s", scale)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._shifted(x.data * scale)

    def _shifted(self, data, params: P | None = None):
        return data + self.OFFSET
