"""cumsum_grad (PHI cumsum_grad): X (its dims only), Out@GRAD -> X@GRAD, the output gradient
summed from the other end along the forward's axis (over the flattened X with `flatten`),
`exclusive` as the forward's; attributes axis / flatten / exclusive / reverse as Paddle
3.3.1's grad OpDesc. Math: phi.kernels.funcs.cumsum."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.cumsum_op import _CPU_TYPES, _GPU_TYPES
from phi.kernels.funcs import cumsum as cumsum_funcs


class CumsumGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        flatten = ctx.attr("flatten")
        exclusive = ctx.attr("exclusive")
        reverse = ctx.attr("reverse")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        cumsum_funcs.cumsum_grad(ctx.xp, out_grad.data, axis, flatten, exclusive, reverse, data)


VERIFY_CASES = {"cumsum_grad": [{"name": "flatten reverse",
                                 "inputs": {"X": (2, 3), "Out@GRAD": (6,)},
                                 "attrs": {"flatten": True, "reverse": True}}]}

register_operator("cumsum_grad", GradOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("cumsum_grad", "CPU", CumsumGradKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("cumsum_grad", "GPU", CumsumGradKernel, _dtype)
