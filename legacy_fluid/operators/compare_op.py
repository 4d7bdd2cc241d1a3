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
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import AxisCompareKernel
from phi.common import CPUPlace, DataType
from phi.kernels.funcs import compare as compare_funcs
from phi.kernels.funcs import elementwise as ew_funcs

_ORDER_CPU = compare_funcs.ORDER_CPU
_ORDER_GPU = compare_funcs.ORDER_GPU
_EQUALITY_CPU = compare_funcs.EQUALITY_CPU
_EQUALITY_GPU = compare_funcs.EQUALITY_GPU


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


for _op in ("equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal"):
    register_operator(_op, CompareOp)
#: (op type, kernel class, funcs function, CPU dtypes, GPU dtypes)
register_op_table(AxisCompareKernel, [
    OpKernelRow("equal", "EqualKernel", compare_funcs.equal, _EQUALITY_CPU, _EQUALITY_GPU),
    OpKernelRow("not_equal", "NotEqualKernel", compare_funcs.not_equal, _EQUALITY_CPU,
                _EQUALITY_GPU),
    OpKernelRow("less_than", "LessThanKernel", compare_funcs.less_than, _EQUALITY_CPU,
                _ORDER_GPU),
    OpKernelRow("less_equal", "LessEqualKernel", compare_funcs.less_equal, _EQUALITY_CPU,
                _ORDER_GPU),
    OpKernelRow("greater_than", "GreaterThanKernel", compare_funcs.greater_than, _EQUALITY_CPU,
                _ORDER_GPU),
    OpKernelRow("greater_equal", "GreaterEqualKernel", compare_funcs.greater_equal,
                _EQUALITY_CPU, _ORDER_GPU),
])
