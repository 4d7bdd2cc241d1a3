"""Ops whose int attribute's default is invalid for them (issue 23, cm41): a one_hot-like op
whose `depth` defaults to -1 (its kernel raising "depth must be > 0", and for an id outside
[0, depth)), a float op whose `groups` defaults to 0; and the twin, a kernel raising for
every depth verify may try (1 to 4)."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class DepthMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "ids")
        self.add_output("Out", "one row per id")
        self.add_attr("depth", AttrType.INT, -1, "how many classes; the caller must set it")


class DepthOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", [*ctx.get_input_dim("X"), max(ctx.attr("depth"), 0)])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class DepthOneHotKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        depth = ctx.attr("depth")
        if depth <= 0:
            raise ValueError(f"depth must be > 0, got {depth}")
        if x.data.size and (x.data.min() < 0 or x.data.max() >= depth):
            raise ValueError(f"ids must be in [0, {depth}), got {x.data.min()}..{x.data.max()}")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data[..., None] == np.arange(depth)


class DeepOnlyKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        depth = ctx.attr("depth")
        if depth < 5:
            raise ValueError(f"depth must be at least 5, got {depth}")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data[..., None] == np.arange(depth)


class GroupMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "values")
        self.add_output("Out", "each value less its group's mean")
        self.add_attr("groups", AttrType.INT, 0, "groups of the last dim; the caller sets it")


class GroupOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class GroupCenterKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        groups = ctx.attr("groups")
        if groups <= 0 or x.data.shape[-1] % groups:
            raise ValueError(f"groups must divide the last dim, got {groups}")
        parts = x.data.reshape(*x.data.shape[:-1], groups, -1)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = (parts - parts.mean(axis=-1, keepdims=True)).reshape(x.data.shape)


register_operator("t_depth_one_hot", DepthOp, DepthMaker)
register_op_kernel("t_depth_one_hot", "CPU", DepthOneHotKernel, DataType.INT32, DataType.INT64)
register_operator("t_deep_only", DepthOp, DepthMaker)
register_op_kernel("t_deep_only", "CPU", DeepOnlyKernel, DataType.INT32, DataType.INT64)
register_operator("t_group_center", GroupOp, GroupMaker)
register_op_kernel("t_group_center", "CPU", GroupCenterKernel, DataType.FLOAT32,
                   DataType.FLOAT64)
