"""Backward ops of the N-d pooling ops and maxout: pool3d_grad (X@GRAD from X, Out and
Out@GRAD), max_pool2d_with_index_grad / max_pool3d_with_index_grad (X@GRAD from Mask and
Out@GRAD), unpool_grad / unpool3d_grad (X@GRAD: Out@GRAD gathered at Indices) and
maxout_grad (X@GRAD from X, Out and Out@GRAD; Paddle files maxout under pooling).

Slots and attributes are those of Paddle's grad OpDescs (protos from backward.yaml); the
math is phi.kernels.funcs.vision_pool_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import vision_pool_grad as pool_grad_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class Pool3DGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        ksize = ctx.attr("ksize")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        ceil_mode = ctx.attr("ceil_mode")
        exclusive = ctx.attr("exclusive")
        data_format = ctx.attr("data_format")
        pooling_type = ctx.attr("pooling_type")
        global_pooling = ctx.attr("global_pooling")
        adaptive = ctx.attr("adaptive")
        padding_algorithm = ctx.attr("padding_algorithm")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        pool_grad_funcs.pool_nd_grad(ctx.xp, x.data, out.data, out_grad.data, ksize, strides,
                                     paddings, ceil_mode, exclusive, data_format,
                                     pooling_type, global_pooling, adaptive,
                                     padding_algorithm, data)


class MaxPoolWithIndexGradKernel(OpKernel):
    """max_pool2d_with_index_grad and max_pool3d_with_index_grad (the same math)."""

    def compute(self, ctx: ExecutionContext) -> None:
        mask = ctx.input("Mask")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        pool_grad_funcs.max_pool_with_index_grad(ctx.xp, mask.data, out_grad.data, data)


class UnpoolGradKernel(OpKernel):
    """unpool_grad and unpool3d_grad (the same math)."""

    def compute(self, ctx: ExecutionContext) -> None:
        indices = ctx.input("Indices")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        pool_grad_funcs.unpool_grad(ctx.xp, indices.data, out_grad.data, data, ctx.op_type)


class MaxoutGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        groups = ctx.attr("groups")
        axis = ctx.attr("axis")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        pool_grad_funcs.maxout_grad(ctx.xp, x.data, out.data, out_grad.data, groups, axis, data)


VERIFY_CASES = {
    "pool3d_grad": [
        {"name": "max 2x2x2", "attrs": {"ksize": [2, 2, 2], "strides": [2, 2, 2],
                                        "pooling_type": "max"},
         "inputs": {"X": (2, 3, 4, 4, 4), "Out": (2, 3, 2, 2, 2), "Out@GRAD": (2, 3, 2, 2, 2)}},
        {"name": "avg 3x3x3 pad 1", "attrs": {"ksize": [3, 3, 3], "strides": [2, 2, 2],
                                              "paddings": [1, 1, 1], "pooling_type": "avg"},
         "inputs": {"X": (1, 2, 4, 4, 4), "Out": (1, 2, 2, 2, 2), "Out@GRAD": (1, 2, 2, 2, 2)}},
    ],
    "max_pool2d_with_index_grad": [
        {"name": "2x2", "attrs": {"ksize": [2, 2], "strides": [2, 2]},
         "inputs": {"X": (2, 3, 4, 4), "Out@GRAD": (2, 3, 2, 2),
                    "Mask": {"shape": (2, 3, 2, 2), "dtype": "int32", "low": 0, "high": 16}}},
    ],
    "max_pool3d_with_index_grad": [
        {"name": "2x2x2", "attrs": {"ksize": [2, 2, 2], "strides": [2, 2, 2],
                                    "paddings": [0, 0, 0]},
         "inputs": {"X": (1, 2, 4, 4, 4), "Out@GRAD": (1, 2, 2, 2, 2),
                    "Mask": {"shape": (1, 2, 2, 2, 2), "dtype": "int32", "low": 0,
                             "high": 64}}},
    ],
    "unpool_grad": [
        {"name": "2x2 to 4x4", "attrs": {"ksize": [2, 2], "strides": [2, 2],
                                         "unpooling_type": "max", "output_size": [4, 4]},
         "inputs": {"X": (1, 2, 2, 2), "Out": (1, 2, 4, 4), "Out@GRAD": (1, 2, 4, 4),
                    "Indices": {"value": [[[[0, 3], [9, 14]], [[5, 2], [8, 15]]]],
                                "dtype": "int32"}}},
    ],
    "unpool3d_grad": [
        {"name": "to 2x2x2", "attrs": {"ksize": [2, 2, 2], "strides": [2, 2, 2],
                                       "output_size": [2, 2, 2]},
         "inputs": {"X": (1, 2, 1, 1, 1), "Out": (1, 2, 2, 2, 2), "Out@GRAD": (1, 2, 2, 2, 2),
                    "Indices": {"value": [[[[[3]]], [[[6]]]]], "dtype": "int32"}}},
    ],
    "maxout_grad": [
        {"name": "NCHW groups 2", "attrs": {"groups": 2, "axis": 1},
         "inputs": {"X": (2, 4, 3, 3), "Out": (2, 2, 3, 3), "Out@GRAD": (2, 2, 3, 3)}},
    ],
}

for _op, _kernel, _dtypes in (
        ("pool3d_grad", Pool3DGradKernel, (DataType.FLOAT16, *_FLOAT)),
        ("max_pool2d_with_index_grad", MaxPoolWithIndexGradKernel, _FLOAT),
        ("max_pool3d_with_index_grad", MaxPoolWithIndexGradKernel, _FLOAT),
        ("unpool_grad", UnpoolGradKernel, (*_FLOAT, DataType.INT64)),
        ("unpool3d_grad", UnpoolGradKernel, (*_FLOAT, DataType.INT64)),
        ("maxout_grad", MaxoutGradKernel, _FLOAT)):
    register_operator(_op, GradOp)
    for _dtype in _dtypes:
        for _place in ("CPU", "GPU"):
            register_op_kernel(_op, _place, _kernel, _dtype)
