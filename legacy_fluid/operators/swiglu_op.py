"""swiglu: out = silu(x) * y, or with y absent silu of the first half of x's last axis
times its second half. Math in phi.kernels.funcs.activation.

swiglu_grad: x, y (optional), out@GRAD -> x@GRAD, y@GRAD (without y, x@GRAD holds both
halves' gradients; math: phi.kernels.funcs.activation_grad.swiglu_grad).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import activation_grad as act_grad


class SwigluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.swiglu(ctx.xp, x.data, None if y is None else y.data, data)


class SwigluGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        y_grad = ctx.output("y@GRAD")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        act_grad.swiglu_grad(ctx.xp, x.data, None if y is None else y.data, out_grad.data, dx,
                             dy)


register_operator("swiglu", OperatorWithKernel)
register_operator("swiglu_grad", GradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("swiglu", _backend, SwigluKernel, _dtype)
        register_op_kernel("swiglu_grad", _backend, SwigluGradKernel, _dtype)

#: Parity / `migrate --verify` inputs: swiglu_grad with y (y@GRAD needs it).
VERIFY_CASES = {"swiglu_grad": [{"name": "x and y",
                                 "inputs": {"x": (3, 4), "y": (3, 4), "out@GRAD": (3, 4)}}]}
