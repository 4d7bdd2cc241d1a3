"""Backward ops of the fold family (plain ops: their protos are phi/backward.yaml's):

- unfold_grad: X (dims), Y@GRAD -> X@GRAD, the blocks' gradients summed back where each
  kernel tap read (the padding dropped);
- fold_grad: X (dims), Y@GRAD -> X@GRAD, the output gradient cut into blocks (zero where a
  block lay in the padding).

Math in phi.kernels.funcs.fold_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.kernels.funcs import fold_grad as fold_grad_funcs


class UnfoldGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        y_grad = ctx.input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        kernel_sizes = ctx.attr("kernel_sizes")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        dilations = ctx.attr("dilations")
        data = x_grad.mutable_data(ctx.place, y_grad.dtype)
        fold_grad_funcs.unfold_grad(ctx.xp, y_grad.data, kernel_sizes, strides, paddings,
                                    dilations, data)


class FoldGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        y_grad = ctx.input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        output_sizes = ctx.attr("output_sizes")
        kernel_sizes = ctx.attr("kernel_sizes")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        dilations = ctx.attr("dilations")
        data = x_grad.mutable_data(ctx.place, y_grad.dtype)
        fold_grad_funcs.fold_grad(ctx.xp, y_grad.data, output_sizes, kernel_sizes, strides,
                                  paddings, dilations, data)


#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "unfold_grad": [{"name": "2x3 kernel", "inputs": {"X": (2, 2, 4, 5), "Y@GRAD": (2, 12, 10)},
                     "attrs": {"kernel_sizes": [2, 3], "strides": [2, 1],
                               "paddings": [1, 0, 0, 2], "dilations": [1, 1]}}],
    "fold_grad": [{"name": "2x2 kernel", "inputs": {"X": (2, 8, 12), "Y@GRAD": (2, 2, 4, 5)},
                   "attrs": {"output_sizes": [4, 5], "kernel_sizes": [2, 2], "strides": [1, 1],
                             "paddings": [0, 0, 0, 0], "dilations": [1, 1]}}],
}

register_operator("unfold_grad", GradOp)
register_operator("fold_grad", GradOp)
for _dtype in fold_grad_funcs.UNFOLD_GRAD_TYPES:
    register_op_kernel("unfold_grad", "CPU", UnfoldGradKernel, _dtype)
    register_op_kernel("unfold_grad", "GPU", UnfoldGradKernel, _dtype)
for _dtype in fold_grad_funcs.FOLD_GRAD_TYPES:
    register_op_kernel("fold_grad", "CPU", FoldGradKernel, _dtype)
    register_op_kernel("fold_grad", "GPU", FoldGradKernel, _dtype)
