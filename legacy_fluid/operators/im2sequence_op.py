"""im2sequence: an image's sliding windows as a sequence of rows.

X [N, C, H, W] -> Out [windows, C * kh * kw] with one LoD level (one sequence per image):
the windows of kernels [kh, kw] at strides, over X padded by paddings (up, left, down,
right), row-major, each flattened as (C, kh, kw). With Y (a (height, width) per image, read
on the host) and N > 1, image n has only the windows of its real size divided by out_stride
(rounded up), as Paddle; Paddle ignores Y for a batch of one. Paddle registers float32 only.
Math: phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class Im2SequenceOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class Im2SequenceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        kernels = ctx.attr("kernels")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        out_stride = ctx.attr("out_stride")
        down, across = seq_funcs.im2sequence_windows("im2sequence", x.dims,
                                                     None if y is None else y.data, kernels,
                                                     strides, paddings, out_stride)
        counts = down * across
        out.resize((int(counts.sum()), x.dims[1] * kernels[0] * kernels[1]))
        seq_funcs.im2sequence(ctx.xp, x.data, down, across, kernels, strides, paddings,
                              out.mutable_data(ctx.place, x.dtype))
        out.lod = [[0, *(int(v) for v in counts.cumsum())]]


VERIFY_CASES = [
    {"name": "2x2 windows, padded", "attrs": {"kernels": [2, 2], "paddings": [1, 0, 0, 1]},
     "inputs": {"X": (2, 3, 4, 4)}, "outputs": {"Out": 1}},
    {"name": "real sizes", "attrs": {"kernels": [2, 2], "out_stride": [2, 1]},
     "inputs": {"X": (2, 1, 4, 4), "Y": {"value": [[4.0, 4.0], [3.0, 2.0]]}},
     "outputs": {"Out": 1}},
]

register_operator("im2sequence", Im2SequenceOp)
for _backend in ("CPU", "GPU"):
    register_op_kernel("im2sequence", _backend, Im2SequenceKernel, DataType.FLOAT32)
