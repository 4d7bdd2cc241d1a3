"""pow: Out = X ** factor; a fed FactorTensor (1 element) replaces the `factor` attribute.

The factor is cast to X's element type first, so integer tensors take integer powers.

pow_grad: X, FactorTensor (optional), Out@GRAD -> X@GRAD = Out@GRAD * factor *
X ** (factor - 1), conjugated for complex X, 0 for factor 0
(math: phi.kernels.funcs.unary_math_grad.pow_grad).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import unary_math, unary_math_grad

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32,
              DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128)


class PowOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "FactorTensor":
            return None  # read on the host as it is, never moved or cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class PowKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        factor = ctx.attr("factor")
        if ctx.has_input("FactorTensor"):
            factor = float(ctx.input("FactorTensor").numpy().reshape(-1)[0])
        data = out.mutable_data(ctx.place, x.dtype)
        unary_math.pow(ctx.xp, x.data, factor, data)


class PowGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "FactorTensor":
            return None  # read on the host as it is, never moved or cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class PowGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        factor = ctx.attr("factor")
        if ctx.has_input("FactorTensor"):
            factor = float(ctx.input("FactorTensor").numpy().reshape(-1)[0])
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        unary_math_grad.pow_grad(ctx.xp, x.data, out_grad.data, factor, data)


VERIFY_CASES = [
    {"name": "square", "attrs": {"factor": 2.0}},
    {"name": "FactorTensor overrides factor", "inputs": {"FactorTensor": {"value": [3.0]}},
     "dtypes": ["float32", "float64"]},
]

register_operator("pow", PowOp)
register_operator("pow_grad", PowGradOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("pow", "CPU", PowKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("pow", "GPU", PowKernel, _dtype)
for _dtype in _CPU_TYPES:
    register_op_kernel("pow_grad", "CPU", PowGradKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("pow_grad", "GPU", PowGradKernel, _dtype)
