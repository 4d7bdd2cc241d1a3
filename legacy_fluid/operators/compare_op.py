"""Compare ops: Out = X (op) Y element-wise, bool.

equal / not_equal (every dtype, complex included) and less_than / less_equal /
greater_than / greater_equal (real dtypes; complex on CPU, ordered by real part, then
imaginary part, as Paddle 3.3.1's CPU kernels). Y lines up with X as in the element-wise
ops (`axis`; -1: trailing dims), then size-1 dims broadcast. `force_cpu` puts Out in CPU
memory. Float equality is exact (NaN is unequal to everything).

One maker and one operator class serve the six ops (fluid's CompareOp); each op has its
own small kernel.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import CPUPlace, DataType
from phi.kernels.funcs import compare as compare_funcs
from phi.kernels.funcs import elementwise as ew_funcs

_ORDER_CPU = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64)
_ORDER_GPU = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64)
_EQUALITY_CPU = (*_ORDER_CPU, DataType.COMPLEX64, DataType.COMPLEX128)
_EQUALITY_GPU = (*_ORDER_GPU, DataType.COMPLEX64, DataType.COMPLEX128)


class CompareOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ew_funcs.broadcast_shape(ctx.get_input_dim("X"), ctx.get_input_dim("Y"),
                                        ctx.attr("axis"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", DataType.BOOL)
        ctx.share_lod("X", "Out")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype; the CPU when force_cpu is set."""
        dtype = self.indicate_var_data_type(ctx, "X")
        return OpKernelType(dtype, CPUPlace() if ctx.attr("force_cpu") else ctx.place)


class EqualKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.equal(ctx.xp, x.data, y.data, axis, data)


class NotEqualKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.not_equal(ctx.xp, x.data, y.data, axis, data)


class LessThanKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.less_than(ctx.xp, x.data, y.data, axis, data)


class LessEqualKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.less_equal(ctx.xp, x.data, y.data, axis, data)


class GreaterThanKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.greater_than(ctx.xp, x.data, y.data, axis, data)


class GreaterEqualKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.greater_equal(ctx.xp, x.data, y.data, axis, data)


for _op in ("equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal"):
    register_operator(_op, CompareOp)
for _dtype in _EQUALITY_CPU:
    register_op_kernel("equal", "CPU", EqualKernel, _dtype)
    register_op_kernel("not_equal", "CPU", NotEqualKernel, _dtype)
for _dtype in _EQUALITY_GPU:
    register_op_kernel("equal", "GPU", EqualKernel, _dtype)
    register_op_kernel("not_equal", "GPU", NotEqualKernel, _dtype)
for _dtype in _EQUALITY_CPU:
    register_op_kernel("less_than", "CPU", LessThanKernel, _dtype)
    register_op_kernel("less_equal", "CPU", LessEqualKernel, _dtype)
    register_op_kernel("greater_than", "CPU", GreaterThanKernel, _dtype)
    register_op_kernel("greater_equal", "CPU", GreaterEqualKernel, _dtype)
for _dtype in _ORDER_GPU:
    register_op_kernel("less_than", "GPU", LessThanKernel, _dtype)
    register_op_kernel("less_equal", "GPU", LessEqualKernel, _dtype)
    register_op_kernel("greater_than", "GPU", GreaterThanKernel, _dtype)
    register_op_kernel("greater_equal", "GPU", GreaterEqualKernel, _dtype)
