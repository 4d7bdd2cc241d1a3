"""Backward ops of the special functions, lower-case slots as Paddle 3.3.1's grad OpDescs:
gammaln_grad and i0_grad (x, out@GRAD -> x@GRAD), i0e_grad / i1_grad / i1e_grad (x, out,
out@GRAD -> x@GRAD), polygamma_grad (x, out@GRAD, attribute n -> x@GRAD) and
gammaincc_grad (x, y, out@GRAD -> y@GRAD: Paddle differentiates y only). Math in
phi.kernels.funcs.special_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import special_grad


class GammalnGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        special_grad.gammaln_grad(ctx.xp, x.data, out_grad.data,
                                  x_grad.mutable_data(ctx.place, out_grad.dtype))


class I0GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        special_grad.i0_grad(ctx.xp, x.data, out_grad.data,
                             x_grad.mutable_data(ctx.place, out_grad.dtype))


class I0eGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.input("out")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        special_grad.i0e_grad(ctx.xp, x.data, out.data, out_grad.data,
                              x_grad.mutable_data(ctx.place, out_grad.dtype))


class I1GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.input("out")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        special_grad.i1_grad(ctx.xp, x.data, out.data, out_grad.data,
                             x_grad.mutable_data(ctx.place, out_grad.dtype))


class I1eGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.input("out")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        special_grad.i1e_grad(ctx.xp, x.data, out.data, out_grad.data,
                              x_grad.mutable_data(ctx.place, out_grad.dtype))


class GammainccGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out_grad = ctx.input("out@GRAD")
        y_grad = ctx.output("y@GRAD")
        special_grad.gammaincc_grad(ctx.xp, x.data, y.data, out_grad.data,
                                    y_grad.mutable_data(ctx.place, out_grad.dtype))


class PolygammaGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        n = ctx.attr("n")
        special_grad.polygamma_grad(ctx.xp, x.data, out_grad.data, n,
                                    x_grad.mutable_data(ctx.place, out_grad.dtype))


#: Parity / `migrate --verify` inputs: polygamma_grad's order `n` has no default (a
#: program always carries it).
VERIFY_CASES = {"polygamma_grad": [
    {"name": f"n {n}", "attrs": {"n": n},
     "inputs": {"x": {"shape": (3, 4), "low": 0.5, "high": 4.0}, "out@GRAD": (3, 4)}}
    for n in (1, 2)]}


_KERNELS = (("gammaln_grad", GammalnGradKernel), ("i0_grad", I0GradKernel),
            ("i0e_grad", I0eGradKernel), ("i1_grad", I1GradKernel),
            ("i1e_grad", I1eGradKernel), ("gammaincc_grad", GammainccGradKernel),
            ("polygamma_grad", PolygammaGradKernel))
for _op, _kernel in _KERNELS:
    register_operator(_op, GradOp)
    for _backend in ("CPU", "GPU"):
        for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
            register_op_kernel(_op, _backend, _kernel, _dtype)
