"""lp_pool2d: power-average pooling over 2-D windows, (sum of x ** norm_type) **
(1 / norm_type); max pooling where norm_type is +inf or pooling_type "max", average
pooling where pooling_type is "avg". Math: phi.kernels.funcs.pooling."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs import pooling as pool_funcs


class LpPool2DOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class LpPool2DKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        kernel_size_tensor = ctx.input_arrays("KernelSizeTensor")
        kernel_size = list(full_funcs.requested_shape(  # the tensor, the list, the attribute
            kernel_size_tensor[0] if kernel_size_tensor else None,
            ctx.input_arrays("KernelSizeTensorList"), ctx.attr("kernel_size")))
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        ceil_mode = ctx.attr("ceil_mode")
        exclusive = ctx.attr("exclusive")
        data_format = ctx.attr("data_format")
        pooling_type = ctx.attr("pooling_type")
        global_pooling = ctx.attr("global_pooling")
        adaptive = ctx.attr("adaptive")
        padding_algorithm = ctx.attr("padding_algorithm")
        norm_type = ctx.attr("norm_type")
        out.resize(pool_funcs.pool2d_out_dims(x.dims, kernel_size, strides, paddings,
                                              ceil_mode, data_format, global_pooling,
                                              adaptive, padding_algorithm))
        pool_funcs.lp_pool2d(ctx.xp, x.data, kernel_size, strides, paddings, ceil_mode,
                             exclusive, data_format, pooling_type, global_pooling, adaptive,
                             padding_algorithm, norm_type, out.mutable_data(ctx.place, x.dtype),
                             ctx.dev_ctx.workspace)


VERIFY_CASES = [{"name": "p2 2x2", "attrs": {"kernel_size": [2, 2], "norm_type": 2.0},
                 "inputs": {"x": (2, 3, 5, 6)}, "outputs": {"out": 1}}]

register_operator("lp_pool2d", LpPool2DOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("lp_pool2d", "CPU", LpPool2DKernel, _dtype)
    register_op_kernel("lp_pool2d", "GPU", LpPool2DKernel, _dtype)
