"""lp_pool2d: power-average pooling over 2-D windows, (sum of x ** norm_type) **
(1 / norm_type); max pooling where norm_type is +inf or pooling_type "max", average
pooling where pooling_type is "avg". Math: phi.kernels.funcs.pooling."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs import pooling as pool_funcs


class LpPool2DOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x", "input image, NCHW or NHWC per data_format")
        self.add_input("KernelSizeTensor", "kernel_size as a tensor", dispensable=True)
        self.add_input("KernelSizeTensorList", "kernel_size as 1-element tensors",
                       duplicable=True, dispensable=True)
        self.add_output("out", "pooled image, x's layout")
        self.add_attr("kernel_size", AttrType.LONGS, None, "window [kh, kw] (adaptive: out)")
        self.add_attr("strides", AttrType.INTS, [1, 1], "window stride")
        self.add_attr("paddings", AttrType.INTS, [0, 0], "[pad_h, pad_w] or 4 values")
        self.add_attr("ceil_mode", AttrType.BOOLEAN, False, "round the output size up")
        self.add_attr("exclusive", AttrType.BOOLEAN, True, "avg: count real elements only")
        self.add_attr("data_format", AttrType.STRING, "NCHW", "NCHW or NHWC")
        self.add_attr("pooling_type", AttrType.STRING, "", "max / avg override the power")
        self.add_attr("global_pooling", AttrType.BOOLEAN, False, "pool the whole image")
        self.add_attr("adaptive", AttrType.BOOLEAN, False, "kernel_size is the output size")
        self.add_attr("padding_algorithm", AttrType.STRING, "EXPLICIT", "EXPLICIT, SAME, VALID")
        self.add_attr("norm_type", AttrType.FLOAT, 0.0, "the power p")


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

register_operator("lp_pool2d", LpPool2DOp, LpPool2DOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("lp_pool2d", "CPU", LpPool2DKernel, _dtype)
    register_op_kernel("lp_pool2d", "GPU", LpPool2DKernel, _dtype)
