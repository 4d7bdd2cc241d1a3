"""A module changing its own namespace: `globals().update(...)`, `globals()[...] = ...`."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from .shared import PlainMaker

REAL = (DataType.FLOAT32,)
SCALE = 1.0
globals().update(REAL=(DataType.FLOAT32, DataType.FLOAT64))
globals()["SCALE"] = 2.0


class ScaleMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "result")
        self.add_attr("scale", AttrType.FLOAT, SCALE, "factor")


class ScaleOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class UpdScaleKernel(OpKernel):
    """Its maker's default reads SCALE, which `globals()["SCALE"] = 2.0` changed."""

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * ctx.attr("scale")


class UpdRealKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data - 1


class UpdPlainKernel(OpKernel):
    """Registered with its dtypes written out, its op's maker another module's: reads nothing the
    dynamic changes name, so it migrates."""

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data + 1


register_operator("dn_upd_scale", ScaleOp, ScaleMaker)
register_op_kernel("dn_upd_scale", "CPU", UpdScaleKernel, DataType.FLOAT32)
register_operator("dn_upd_real", ScaleOp, PlainMaker)
register_op_kernel("dn_upd_real", "CPU", UpdRealKernel, *REAL)
register_operator("dn_upd_plain", ScaleOp, PlainMaker)
register_op_kernel("dn_upd_plain", "CPU", UpdPlainKernel, DataType.FLOAT32, DataType.FLOAT64)
