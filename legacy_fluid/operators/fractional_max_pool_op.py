"""fractional_max_pool2d / fractional_max_pool3d: max pooling over output_size windows
whose bounds step by a fractional stride (alpha), offset by random_u (0: a uniform draw);
mask holds each max's flat spatial index. Math: phi.kernels.funcs.pooling_nd."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import pooling_nd as pool_funcs


class FractionalMaxPoolOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class FractionalMaxPoolKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        mask = ctx.output("mask")
        output_size = ctx.attr("output_size")
        kernel_size = ctx.attr("kernel_size")
        random_u = ctx.attr("random_u")
        return_mask = ctx.attr("return_mask")
        dims = pool_funcs.fractional_out_dims(ctx.op_type, x.dims, output_size, kernel_size)
        out.resize(dims)
        mask.resize(dims)
        pool_funcs.fractional_max_pool(ctx.xp, x.data, output_size, kernel_size, random_u,
                                       return_mask, out.mutable_data(ctx.place, x.dtype),
                                       mask.mutable_data(ctx.place, DataType.INT32))


VERIFY_CASES = {
    "fractional_max_pool2d": [{"name": "9x7 to 4x3", "inputs": {"x": (2, 3, 9, 7)},
                               "attrs": {"output_size": [4, 3], "random_u": 0.3},
                               "outputs": {"out": 1, "mask": 1}}],
    "fractional_max_pool3d": [{"name": "7x6x5 to 3x4x2", "inputs": {"x": (2, 2, 7, 6, 5)},
                               "attrs": {"output_size": [3, 4, 2], "random_u": 0.3},
                               "outputs": {"out": 1, "mask": 1}}],
}

register_operator("fractional_max_pool2d", FractionalMaxPoolOp)
register_operator("fractional_max_pool3d", FractionalMaxPoolOp)
for _dtype in (DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64):
    for _op in ("fractional_max_pool2d", "fractional_max_pool3d"):
        register_op_kernel(_op, "CPU", FractionalMaxPoolKernel, _dtype)
        register_op_kernel(_op, "GPU", FractionalMaxPoolKernel, _dtype)
