"""Backward ops of the pool family: lp_pool2d_grad (x@GRAD from x, out and out@GRAD; the
kernel size as the forward reads it: KernelSizeTensor, KernelSizeTensorList or the
attribute) and fractional_max_pool2d_grad / fractional_max_pool3d_grad (x@GRAD from mask and
out@GRAD).

Slots and attributes are those of Paddle's grad OpDescs (protos from backward.yaml); the
math is phi.kernels.funcs.pool_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs import pool_grad as pool_grad_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class LpPool2DGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.input("out")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
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
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        pool_grad_funcs.lp_pool2d_grad(ctx.xp, x.data, out.data, out_grad.data, kernel_size,
                                       strides, paddings, ceil_mode, exclusive, data_format,
                                       pooling_type, global_pooling, adaptive,
                                       padding_algorithm, norm_type, data)


class FractionalMaxPoolGradKernel(OpKernel):
    """fractional_max_pool2d_grad and fractional_max_pool3d_grad (the same math)."""

    def compute(self, ctx: ExecutionContext) -> None:
        mask = ctx.input("mask")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        pool_grad_funcs.fractional_max_pool_grad(ctx.xp, mask.data, out_grad.data, data)


VERIFY_CASES = {
    "lp_pool2d_grad": [
        {"name": "p2 2x2", "attrs": {"kernel_size": [2, 2], "strides": [2, 2],
                                     "norm_type": 2.0},
         "inputs": {"x": {"shape": (2, 3, 4, 4), "low": 0.5, "high": 2.0},
                    "out": {"shape": (2, 3, 2, 2), "low": 1.0, "high": 3.0},
                    "out@GRAD": (2, 3, 2, 2), "KernelSizeTensor": None,
                    "KernelSizeTensorList": None}},
    ],
    "fractional_max_pool2d_grad": [
        {"name": "to 2x2", "attrs": {"output_size": [2, 2], "random_u": 0.3},
         "inputs": {"x": (1, 2, 4, 4), "out@GRAD": (1, 2, 2, 2),
                    "mask": {"shape": (1, 2, 2, 2), "dtype": "int32", "low": 0, "high": 16}}},
    ],
    "fractional_max_pool3d_grad": [
        {"name": "to 2x2x2", "attrs": {"output_size": [2, 2, 2], "random_u": 0.3},
         "inputs": {"x": (1, 1, 4, 4, 4), "out@GRAD": (1, 1, 2, 2, 2),
                    "mask": {"shape": (1, 1, 2, 2, 2), "dtype": "int32", "low": 0,
                             "high": 64}}},
    ],
}

for _op, _kernel, _dtypes in (
        ("lp_pool2d_grad", LpPool2DGradKernel, _FLOAT),
        ("fractional_max_pool2d_grad", FractionalMaxPoolGradKernel,
         (DataType.FLOAT16, *_FLOAT)),
        ("fractional_max_pool3d_grad", FractionalMaxPoolGradKernel,
         (DataType.FLOAT16, *_FLOAT))):
    register_operator(_op, GradOp)
    for _dtype in _dtypes:
        for _place in ("CPU", "GPU"):
            register_op_kernel(_op, _place, _kernel, _dtype)
