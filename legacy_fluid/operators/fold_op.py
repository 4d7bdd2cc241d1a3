"""Sliding blocks:

- unfold: X [N, C, H, W] -> Y [N, C*kh*kw, L], every kernel-sized block a column (im2col;
  paddings [top, left, bottom, right]);
- fold: X [N, C*kh*kw, L] -> Y [N, C, output_sizes] with overlapping blocks summed (col2im;
  Paddle pads paddings[0] on top and bottom, paddings[1] left and right).

Math in phi.kernels.funcs.fold.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import fold as fold_funcs

_UNFOLD_TYPES = (DataType.FLOAT32, DataType.FLOAT64)
_FOLD_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class UnfoldOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class FoldOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class UnfoldKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.output("Y")
        kernel_sizes = ctx.attr("kernel_sizes")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        dilations = ctx.attr("dilations")
        data = y.mutable_data(ctx.place, x.dtype)
        fold_funcs.unfold(ctx.xp, x.data, kernel_sizes, strides, paddings, dilations, data)


class FoldKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.output("Y")
        output_sizes = ctx.attr("output_sizes")
        kernel_sizes = ctx.attr("kernel_sizes")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        dilations = ctx.attr("dilations")
        data = y.mutable_data(ctx.place, x.dtype)
        fold_funcs.fold(ctx.xp, x.data, output_sizes, kernel_sizes, strides, paddings,
                        dilations, data)


VERIFY_CASES = {
    "unfold": [{"name": "2x3 kernel", "inputs": {"X": (2, 2, 4, 5)},
                "attrs": {"kernel_sizes": [2, 3], "strides": [2, 1], "paddings": [1, 0, 0, 2],
                          "dilations": [1, 1]}}],
    "fold": [{"name": "2x2 kernel", "inputs": {"X": (2, 8, 12)},
              "attrs": {"output_sizes": [4, 5], "kernel_sizes": [2, 2], "strides": [1, 1],
                        "paddings": [0, 0, 0, 0], "dilations": [1, 1]}}],
}

register_operator("unfold", UnfoldOp)
register_operator("fold", FoldOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _UNFOLD_TYPES:
        register_op_kernel("unfold", _backend, UnfoldKernel, _dtype)
    for _dtype in _FOLD_TYPES:
        register_op_kernel("fold", _backend, FoldKernel, _dtype)
