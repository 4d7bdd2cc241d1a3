"""where_grad (PHI where_grad): Condition, X and Y (their dims), Out@GRAD -> X@GRAD (Out@GRAD
where Condition holds, else 0) and Y@GRAD (the rest), each summed back to its operand's
dims; either may be left out. Math: phi.kernels.funcs.where_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.where_op import _CPU_TYPES, _GPU_TYPES
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import where_grad as where_grad_funcs


class WhereGradOp(GradOp):
    """Condition is read as it is (bool), never cast to the gradient's type."""

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "Condition":
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class WhereGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        condition = ctx.input("Condition")
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        where_grad_funcs.where_grad(ctx.xp, condition.data, x.data.shape, y.data.shape,
                                    out_grad.data, dx, dy)


VERIFY_CASES = {"where_grad": [{"name": "x broadcast", "inputs": {
    "Condition": {"value": [[True, False], [False, True]], "dtype": "bool"},
    "X": (2, 1), "Y": (2, 2), "Out@GRAD": (2, 2)}}]}

register_operator("where_grad", WhereGradOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("where_grad", "CPU", WhereGradKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("where_grad", "GPU", WhereGradKernel, _dtype)
