"""Makers built by a registry object's method and registered by looking them up in it."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .helpers import KeepShape, MakerRegistry

MAKERS = MakerRegistry()
MAKERS.build("lp_scale", ("factor", 2.0))
register_operator("lp_scale", KeepShape, MAKERS["lp_scale"])


class ScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("factor")


register_op_kernel("lp_scale", "CPU", ScaleKernel, DataType.FLOAT32, DataType.FLOAT64)
