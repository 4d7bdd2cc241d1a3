"""Mask ops:

- masked_fill: out = value where mask, else x (x and mask broadcast NumPy-style; value is a
  one-element tensor of x's dtype). Paddle 3.3.1 writes it with its generated op's
  lower-case slot names.
- masked_select: Y = the elements of X (broadcast with Mask) where Mask holds, 1-D;
- where_index (PHI nonzero): Out = int64 [n, rank] coordinates of Condition's non-zero
  elements in row-major order.

masked_select and where_index have data-dependent dims: their kernels size the output.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import indexing as index_funcs

_MASKED_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
                 DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
                 DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_MASKED_GPU_TYPES = tuple(t for t in _MASKED_TYPES if t is not DataType.BFLOAT16)
_WHERE_INDEX_TYPES = (DataType.BOOL, DataType.INT16, DataType.INT32, DataType.INT64,
                      DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64,
                      DataType.COMPLEX64, DataType.COMPLEX128)
_WHERE_INDEX_GPU_TYPES = tuple(t for t in _WHERE_INDEX_TYPES if t is not DataType.BFLOAT16)


class MaskedFillOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "x"), ctx.place)


class MaskedSelectOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class MaskedFillKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        mask = ctx.input("mask")
        value = ctx.input("value")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, x.dtype)
        index_funcs.masked_fill(ctx.xp, x.data, mask.data, value.data, data)


class MaskedSelectKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        mask = ctx.input("Mask")
        y = ctx.output("Y")
        selected = index_funcs.masked_select(ctx.xp, x.data, mask.data)
        y.resize(selected.shape)
        data = y.mutable_data(ctx.place, x.dtype)
        data[...] = selected


class WhereIndexKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        condition = ctx.input("Condition")
        out = ctx.output("Out")
        coords = index_funcs.nonzero(ctx.xp, condition.data)
        out.resize(coords.shape)
        data = out.mutable_data(ctx.place, DataType.INT64)
        data[...] = coords


VERIFY_CASES = {
    "masked_fill": [{"name": "broadcast mask", "inputs": {
        "x": (2, 3), "mask": {"shape": (3,), "dtype": "bool"}, "value": {"shape": ()}}}],
    "masked_select": [{"name": "broadcast mask", "inputs": {
        "X": (2, 3), "Mask": {"shape": (3,), "dtype": "bool"}}}],
}

register_operator("masked_fill", MaskedFillOp)
register_operator("masked_select", MaskedSelectOp)
register_operator("where_index", OperatorWithKernel)
for _dtype in _MASKED_TYPES:
    register_op_kernel("masked_fill", "CPU", MaskedFillKernel, _dtype)
    register_op_kernel("masked_select", "CPU", MaskedSelectKernel, _dtype)
for _dtype in _MASKED_GPU_TYPES:
    register_op_kernel("masked_fill", "GPU", MaskedFillKernel, _dtype)
    register_op_kernel("masked_select", "GPU", MaskedSelectKernel, _dtype)
for _dtype in _WHERE_INDEX_TYPES:
    register_op_kernel("where_index", "CPU", WhereIndexKernel, _dtype)
for _dtype in _WHERE_INDEX_GPU_TYPES:
    register_op_kernel("where_index", "GPU", WhereIndexKernel, _dtype)
