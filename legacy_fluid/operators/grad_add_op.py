"""grad_add: Out = X + Y, the sum Paddle's backward pass writes to accumulate gradients.
Y broadcasts against X NumPy-style: the kernel ignores `axis`. Its proto is floordiv's
(X, Y, Out, axis and the oneDNN extras). Math: phi.kernels.funcs.elementwise."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.kernels.funcs import elementwise as ew_funcs


class GradAddOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class GradAddKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, y, out = ctx.input("X"), ctx.input("Y"), ctx.output("Out")
        ew_funcs.add(ctx.xp, x.data, y.data, -1, out.mutable_data(ctx.place, x.dtype))


register_operator("grad_add", GradAddOp)
for _dtype in ew_funcs.GRAD_ADD_TYPES:
    register_op_kernel("grad_add", "CPU", GradAddKernel, _dtype)
    register_op_kernel("grad_add", "GPU", GradAddKernel, _dtype)
