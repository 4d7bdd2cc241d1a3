"""matmul_v2: Out = op(X) @ op(Y), op transposing the last two dims when trans_x/trans_y.

NumPy matmul semantics: 1-D operands are vectors (their flag is ignored), batch dims
broadcast; two 1-D operands give a 0-D Out (Paddle 3.x). matmul_v2_grad: X@GRAD / Y@GRAD
(either may be left out) from X, Y and Out@GRAD, with the forward's trans_x / trans_y.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import XYKernel
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


class MatMulV2GradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "left operand")
        self.add_input("Y", "right operand")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X", dispensable=True)
        self.add_output("Y@GRAD", "gradient of Y", dispensable=True)
        self.add_attr("trans_x", AttrType.BOOLEAN, False, "the forward's trans_x")
        self.add_attr("trans_y", AttrType.BOOLEAN, False, "the forward's trans_y")


class MatMulV2GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        trans_x = ctx.attr("trans_x")
        trans_y = ctx.attr("trans_y")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype)
        matmul_funcs.matmul_grad(ctx.xp, x.data, y.data, out_grad.data, trans_x, trans_y,
                                 dx, dy)


VERIFY_CASES = {
    "matmul_v2_grad": [
        {"name": "batched by 2-D", "inputs": {"X": (2, 3, 4), "Y": (4, 5),
                                              "Out@GRAD": (2, 3, 5)}},
    ],
}

register_operator("matmul_v2", MatMulV2Op)
register_operator("matmul_v2_grad", GradOp, MatMulV2GradOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("matmul_v2_grad", "CPU", MatMulV2GradKernel, _dtype)
    register_op_kernel("matmul_v2_grad", "GPU", MatMulV2GradKernel, _dtype)
register_op_table(XYKernel, [
    OpKernelRow("matmul_v2", "MatMulV2Kernel", matmul_funcs.matmul, _CPU_TYPES, _GPU_TYPES,
                attrs=("trans_x", "trans_y")),
])
