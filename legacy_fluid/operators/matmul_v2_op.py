"""matmul_v2: Out = op(X) @ op(Y), op transposing the last two dims when trans_x/trans_y.

NumPy matmul semantics: 1-D operands are vectors (their flag is ignored), batch dims
broadcast; two 1-D operands give a 0-D Out (Paddle 3.x).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.funcs import matmul as matmul_funcs

#: Paddle 3.3.1's CPU kernels (integers exact, no float round trip; no half types) and
#: the GPU ones fluidphi keeps (half types accumulate in float32).
_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
              DataType.COMPLEX64, DataType.COMPLEX128)


class MatMulV2Op(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype (promoted to complex when either operand is complex)."""
        dtype = ew_funcs.promote_if_complex(self.indicate_var_data_type(ctx, "X"),
                                            self.indicate_var_data_type(ctx, "Y"))
        return OpKernelType(dtype, ctx.place)


class MatMulV2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        trans_x = ctx.attr("trans_x")
        trans_y = ctx.attr("trans_y")
        data = out.mutable_data(ctx.place, x.dtype)
        matmul_funcs.matmul(ctx.xp, x.data, y.data, trans_x, trans_y, data)


register_operator("matmul_v2", MatMulV2Op)
for _dtype in _CPU_TYPES:
    register_op_kernel("matmul_v2", "CPU", MatMulV2Kernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("matmul_v2", "GPU", MatMulV2Kernel, _dtype)
