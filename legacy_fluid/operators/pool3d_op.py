"""pool3d (max / avg over 3-D windows: plain, global, adaptive, ceil mode) and
max_pool2d_with_index / max_pool3d_with_index (the max and its flat input index per
window). Window rules: phi.kernels.funcs.pooling_nd."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import pooling_nd as pool_funcs


class Pool3DOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class Pool3DKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        ksize = ctx.attr("ksize")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        ceil_mode = ctx.attr("ceil_mode")
        exclusive = ctx.attr("exclusive")
        data_format = ctx.attr("data_format")
        pooling_type = ctx.attr("pooling_type")
        global_pooling = ctx.attr("global_pooling")
        adaptive = ctx.attr("adaptive")
        padding_algorithm = ctx.attr("padding_algorithm")
        data = out.mutable_data(ctx.place, x.dtype)
        pool_funcs.pool_nd(ctx.xp, x.data, ksize, strides, paddings, ceil_mode, exclusive,
                           data_format, pooling_type, global_pooling, adaptive,
                           padding_algorithm, data, "pool3d", ctx.dev_ctx.workspace)


class MaxPoolWithIndexOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class MaxPool2DWithIndexKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        mask = ctx.output("Mask")
        ksize = ctx.attr("ksize")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        global_pooling = ctx.attr("global_pooling")
        adaptive = ctx.attr("adaptive")
        ceil_mode = ctx.attr("ceil_mode")
        data = out.mutable_data(ctx.place, x.dtype)
        mask_data = mask.mutable_data(ctx.place, DataType.INT32)
        pool_funcs.max_pool_with_index(ctx.xp, x.data, ksize, strides, paddings, global_pooling,
                                       adaptive, ceil_mode, data, mask_data)


class MaxPool3DWithIndexKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        mask = ctx.output("Mask")
        ksize = ctx.attr("ksize")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        global_pooling = ctx.attr("global_pooling")
        adaptive = ctx.attr("adaptive")
        ceil_mode = ctx.attr("ceil_mode")
        data = out.mutable_data(ctx.place, x.dtype)
        mask_data = mask.mutable_data(ctx.place, DataType.INT32)
        pool_funcs.max_pool_with_index(ctx.xp, x.data, ksize, strides, paddings, global_pooling,
                                       adaptive, ceil_mode, data, mask_data)


register_operator("pool3d", Pool3DOp)
register_operator("max_pool2d_with_index", MaxPoolWithIndexOp)
register_operator("max_pool3d_with_index", MaxPoolWithIndexOp)
for _dtype in (DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("pool3d", "CPU", Pool3DKernel, _dtype)
    register_op_kernel("pool3d", "GPU", Pool3DKernel, _dtype)
for _op, _kernel in (("max_pool2d_with_index", MaxPool2DWithIndexKernel),
                     ("max_pool3d_with_index", MaxPool3DWithIndexKernel)):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "pool3d": [
        {"name": "max 3x3x3 stride 2 pad 1", "inputs": {"X": (2, 3, 5, 6, 6)},
         "attrs": {"pooling_type": "max", "ksize": [3, 3, 3], "strides": [2, 2, 2],
                   "paddings": [1, 1, 1]}},
        {"name": "avg ceil_mode, padding counted", "inputs": {"X": (2, 3, 5, 6, 5)},
         "attrs": {"pooling_type": "avg", "ksize": [3, 3, 3], "strides": [2, 2, 2],
                   "paddings": [1, 1, 1], "ceil_mode": True, "exclusive": False}},
        {"name": "adaptive avg NDHWC", "inputs": {"X": (2, 5, 4, 6, 3)},
         "attrs": {"pooling_type": "avg", "ksize": [2, 3, 2], "adaptive": True,
                   "data_format": "NDHWC"}},
    ],
    "max_pool2d_with_index": [
        {"name": "3x3 stride 2 pad 1", "inputs": {"X": (2, 3, 7, 6)},
         "attrs": {"ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1]}},
        {"name": "adaptive 2x3", "inputs": {"X": (2, 3, 5, 7)},
         "attrs": {"ksize": [2, 3], "adaptive": True}},
    ],
    "max_pool3d_with_index": [
        {"name": "2x2x2 ceil", "inputs": {"X": (1, 2, 5, 5, 5)},
         "attrs": {"ksize": [2, 2, 2], "strides": [2, 2, 2], "ceil_mode": True}},
    ],
}
