"""A one_hot-like op: integer ids, an int attribute `depth` (default 2), the kernel raising
ValueError for an id outside [0, depth)."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class IdsMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "ids")
        self.add_output("Out", "one row per id")
        self.add_attr("depth", AttrType.INT, 2, "how many classes")


class IdsOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", [*ctx.get_input_dim("X"), ctx.attr("depth")])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class OneHotLikeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        depth = ctx.attr("depth")
        if x.data.size and (x.data.min() < 0 or x.data.max() >= depth):
            raise ValueError(f"ids must be in [0, {depth}), got {x.data.min()}..{x.data.max()}")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data[..., None] == np.arange(depth)


register_operator("t_one_hot_like", IdsOp, IdsMaker)
register_op_kernel("t_one_hot_like", "CPU", OneHotLikeKernel, DataType.INT32, DataType.INT64)
