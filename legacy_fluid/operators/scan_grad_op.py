"""Grads of cumprod and logcumsumexp (PHI cumprod_grad, logcumsumexp_grad): X, Out,
Out@GRAD -> X@GRAD; attributes the forward's (cumprod: dim / exclusive / reverse;
logcumsumexp: axis / flatten / exclusive / reverse), as Paddle 3.3.1's grad OpDescs.
cumprod_grad reads Out only for its dims. Math: phi.kernels.funcs.scan_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.scan_op import _CUMPROD, _FLOAT
from phi.kernels.funcs import scan_grad as scan_grad_funcs


class CumprodGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        dim = ctx.attr("dim")
        exclusive = ctx.attr("exclusive")
        reverse = ctx.attr("reverse")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        scan_grad_funcs.cumprod_grad(ctx.xp, x.data, out_grad.data, dim, exclusive, reverse,
                                     data)


class LogcumsumexpGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        flatten = ctx.attr("flatten")
        exclusive = ctx.attr("exclusive")
        reverse = ctx.attr("reverse")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        scan_grad_funcs.logcumsumexp_grad(ctx.xp, x.data, out.data, out_grad.data, axis,
                                          flatten, exclusive, reverse, data)


VERIFY_CASES = {
    "cumprod_grad": [{"name": "dim 1 exclusive", "attrs": {"dim": 1, "exclusive": True},
                      "inputs": {"X": (3, 4), "Out": (3, 4), "Out@GRAD": (3, 4)}}],
    "logcumsumexp_grad": [{"name": "flatten reverse", "attrs": {"flatten": True,
                                                               "reverse": True},
                           "inputs": {"X": (2, 3), "Out": (6,), "Out@GRAD": (6,)}}],
}

register_operator("cumprod_grad", GradOp)
register_operator("logcumsumexp_grad", GradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _CUMPROD:
        register_op_kernel("cumprod_grad", _backend, CumprodGradKernel, _dtype)
    for _dtype in _FLOAT:
        register_op_kernel("logcumsumexp_grad", _backend, LogcumsumexpGradKernel, _dtype)
