"""Backward ops of the unary math ops: X@GRAD from Out@GRAD and what Paddle 3.3.1's grad
OpDesc carries, the forward's Out (expm1, reciprocal, rsqrt) or its X (the rest); no
attributes. The math and its singular points are phi.kernels.funcs.unary_math_grad."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.activation_grad_op import ReadsOutGradOp
from phi.common import DataType
from phi.kernels.funcs import unary_math_grad as math_grad

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class UnaryGradKernel(OpKernel):
    """x_grad = FUNC(forward's SOURCE slot, Out@GRAD)."""

    SOURCE = "X"
    FUNC: Callable[..., None]

    def compute(self, ctx: ExecutionContext) -> None:
        source = ctx.input(self.SOURCE)
        out_grad = ctx.input("Out@GRAD")
        data = ctx.output("X@GRAD").mutable_data(ctx.place, out_grad.dtype)
        type(self).FUNC(ctx.xp, source.data, out_grad.data, data)


def _register(op: str, source: str) -> None:
    func: Any = getattr(math_grad, op)
    kernel = type(f"{op.title().replace('_', '')}Kernel", (UnaryGradKernel,),
                  {"SOURCE": source, "FUNC": staticmethod(func)})
    register_operator(op, ReadsOutGradOp if source == "Out" else GradOp)
    for dtype in _FLOAT:
        register_op_kernel(op, "CPU", kernel, dtype)
        register_op_kernel(op, "GPU", kernel, dtype)


for _op in ("sin_grad", "cos_grad", "tan_grad", "asin_grad", "acos_grad", "atan_grad",
            "sinh_grad", "cosh_grad", "asinh_grad", "acosh_grad", "atanh_grad", "log1p_grad",
            "log2_grad", "log10_grad"):
    _register(_op, "X")
for _op in ("expm1_grad", "reciprocal_grad", "rsqrt_grad"):
    _register(_op, "Out")
