"""Backward ops of the diagonal and triangle ops (diag_op), slots and attributes as Paddle
3.3.1's grad OpDescs:

- tril_triu_grad: Out@GRAD -> X@GRAD (diagonal, lower);
- diag_v2_grad: X (for its dims), Out@GRAD -> X@GRAD (offset; padding_value, carried by
  the desc, has no gradient);
- diagonal_grad: Input (for its dims), Out@GRAD -> Input@GRAD (offset, axis1, axis2).

Math in phi.kernels.funcs.diag_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.diag_op import _DIAG_TYPES, _DIAGONAL_TYPES, _TRIL_TRIU_TYPES
from legacy_fluid.operators.kernel_templates import LikeXGradKernel, OutGradOnlyKernel
from phi.kernels.funcs import diag_grad as diag_grad_funcs


class TrilTriuGradOp(GradOp):
    """X@GRAD takes its meta from Out@GRAD (the grad op reads nothing else)."""

    LIKE = {"X@GRAD": "Out@GRAD"}


class DiagonalGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        out_grad = ctx.input("Out@GRAD")
        input_grad = ctx.output("Input@GRAD")
        offset = ctx.attr("offset")
        axis1 = ctx.attr("axis1")
        axis2 = ctx.attr("axis2")
        diag_grad_funcs.diagonal_grad(ctx.xp, out_grad.data, offset, axis1, axis2,
                                      input_grad.mutable_data(ctx.place, input.dtype))


VERIFY_CASES = {
    "diag_v2_grad": [{"name": "vector", "inputs": {"X": (3,), "Out@GRAD": (5, 5)},
                      "attrs": {"offset": -2}},
                     {"name": "matrix", "inputs": {"X": (3, 4), "Out@GRAD": (3,)},
                      "attrs": {"offset": 1}}],
    "diagonal_grad": [{"name": "axes 2, 0", "inputs": {"Input": (2, 3, 4), "Out@GRAD": (3, 2)},
                       "attrs": {"offset": -1, "axis1": 2, "axis2": 0}}],
}

register_operator("tril_triu_grad", TrilTriuGradOp)
register_operator("diag_v2_grad", GradOp)
register_operator("diagonal_grad", GradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _DIAGONAL_TYPES:
        register_op_kernel("diagonal_grad", _backend, DiagonalGradKernel, _dtype)
register_op_table(OutGradOnlyKernel, [
    OpKernelRow("tril_triu_grad", "TrilTriuGradKernel", diag_grad_funcs.tril_triu_grad,
                _TRIL_TRIU_TYPES, attrs=("diagonal", "lower")),
])
register_op_table(LikeXGradKernel, [
    OpKernelRow("diag_v2_grad", "DiagV2GradKernel", diag_grad_funcs.diag_grad, _DIAG_TYPES,
                attrs=("offset",)),
])
