"""Gradient-clipping ops as Paddle's clip classes emit them: squared_l2_norm (X -> Out of
dims [1], ClipGradByGlobalNorm's per-gradient term) and clip_by_norm (X scaled to norm at
most max_norm, ClipGradByNorm). The global norm's sum / sqrt / elementwise_max /
elementwise_div / elementwise_mul are the library's everyday ops. Math:
phi.kernels.funcs.grad_clip.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import grad_clip as clip_funcs


class _XTypedOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class SquaredL2NormOp(_XTypedOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class ClipByNormOp(_XTypedOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        max_norm = ctx.attr("max_norm")
        if not max_norm > 0:
            raise ValueError(f"clip_by_norm: max_norm must be greater than 0, got {max_norm}")
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class SquaredL2NormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        clip_funcs.squared_l2_norm(ctx.xp, x.data, data)


class ClipByNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        clip_funcs.clip_by_norm(ctx.xp, x.data, ctx.attr("max_norm"), data)


VERIFY_CASES = {
    "squared_l2_norm": [{"name": "3x4", "inputs": {"X": (3, 4)}}],
    "clip_by_norm": [{"name": "clipped", "inputs": {"X": (3, 4)}, "attrs": {"max_norm": 1.0}},
                     {"name": "kept", "inputs": {"X": (3, 4)}, "attrs": {"max_norm": 100.0}}],
}

register_operator("squared_l2_norm", SquaredL2NormOp)
register_operator("clip_by_norm", ClipByNormOp)
for _place in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("squared_l2_norm", _place, SquaredL2NormKernel, _dtype)
    # Paddle registers clip_by_norm for float32 only on CPU
    register_op_kernel("clip_by_norm", _place, ClipByNormKernel, DataType.FLOAT32)
