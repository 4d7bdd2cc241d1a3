"""Logical ops: logical_and / logical_or / logical_xor (X, Y broadcast NumPy-style) and
logical_not.

Out is bool; nonzero elements read as true. The ops are plain (protos from phi/ops.yaml);
the two binary ops share one operator class; each op has its own small kernel.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs
from phi.kernels.funcs import elementwise as ew_funcs

_CPU_TYPES = (DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
              DataType.COMPLEX128)


class LogicalBinaryOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ew_funcs.broadcast_shape(ctx.get_input_dim("X"), ctx.get_input_dim("Y"), -1)
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", DataType.BOOL)
        ctx.share_lod("X", "Out")


class LogicalNotOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", DataType.BOOL)
        ctx.share_lod("X", "Out")


class LogicalAndKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.logical_and(ctx.xp, x.data, y.data, data)


class LogicalOrKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.logical_or(ctx.xp, x.data, y.data, data)


class LogicalXorKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.logical_xor(ctx.xp, x.data, y.data, data)


class LogicalNotKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.logical_not(ctx.xp, x.data, data)


register_operator("logical_and", LogicalBinaryOp)
register_operator("logical_or", LogicalBinaryOp)
register_operator("logical_xor", LogicalBinaryOp)
register_operator("logical_not", LogicalNotOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("logical_and", "CPU", LogicalAndKernel, _dtype)
    register_op_kernel("logical_or", "CPU", LogicalOrKernel, _dtype)
    register_op_kernel("logical_xor", "CPU", LogicalXorKernel, _dtype)
    register_op_kernel("logical_not", "CPU", LogicalNotKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("logical_and", "GPU", LogicalAndKernel, _dtype)
    register_op_kernel("logical_or", "GPU", LogicalOrKernel, _dtype)
    register_op_kernel("logical_xor", "GPU", LogicalXorKernel, _dtype)
    register_op_kernel("logical_not", "GPU", LogicalNotKernel, _dtype)
