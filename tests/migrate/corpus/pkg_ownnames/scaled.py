"""Scaling ops, registered through the team's own `register_kernel`."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

from .registry import register_kernel


class ScaledMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")
        self.add_attr("factor", AttrType.FLOAT, 2.0, "multiplier")


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class OnScaledKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * ctx.attr("factor")


class OnJitterKernel(OpKernel):
    """Adds a small noise from its own generator: instance state, so it stays legacy."""

    def __init__(self):
        self.rng = np.random.RandomState(7)

    def compute(self, ctx):
        x = ctx.input("X")
        noise = self.rng.uniform(-1e-3, 1e-3, x.data.shape).astype(x.data.dtype)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + noise


register_operator("on_scaled", SameShape, ScaledMaker)
register_operator("on_jitter", SameShape, ScaledMaker)
register_kernel("on_scaled", OnScaledKernel)
register_kernel("on_jitter", OnJitterKernel)
