"""conv3d: 3-D convolution of Input (NCDHW or NDHWC) by Filter (O, I / groups, kd, kh, kw),
grouped, strided, dilated, padded (3 or 6 values, SAME, VALID), and its grad conv3d_grad
(Input@GRAD and Filter@GRAD, either may be left out). Math: phi.kernels.funcs.conv3d
(im2col + one GEMM over the groups) and phi.kernels.funcs.conv_grad (conv2d's grad, N-d)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import conv3d as conv3d_funcs
from phi.kernels.funcs import conv_grad as conv_grad_funcs

#: Framework / cuDNN / oneDNN knobs Paddle knows for conv3d (all extra).
_EXTRAS = (
    ("is_test", AttrType.BOOLEAN, False), ("use_cudnn", AttrType.BOOLEAN, True),
    ("use_mkldnn", AttrType.BOOLEAN, False), ("use_onednn", AttrType.BOOLEAN, False),
    ("mkldnn_data_type", AttrType.STRING, "float32"), ("onednn_data_type", AttrType.STRING, ""),
    ("fuse_relu", AttrType.BOOLEAN, False), ("fuse_activation", AttrType.STRING, ""),
    ("fuse_alpha", AttrType.FLOAT, 0.0), ("fuse_beta", AttrType.FLOAT, 0.0),
    ("use_addto", AttrType.BOOLEAN, False), ("fuse_residual_connection", AttrType.BOOLEAN, False),
    ("force_fp32_output", AttrType.BOOLEAN, False), ("workspace_size_MB", AttrType.INT, 512),
    ("exhaustive_search", AttrType.BOOLEAN, False),
)


class Conv3DOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """The Input's dtype; the Filter must have the same one."""
        dtype = self.indicate_var_data_type(ctx, "Input")
        filter_dtype = self.indicate_var_data_type(ctx, "Filter")
        if filter_dtype != dtype:
            raise TypeError(f"conv3d: Input ({dtype}) and Filter ({filter_dtype}) must have "
                            "the same data type")
        return OpKernelType(dtype, ctx.place)


class Conv3DKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        filter_ = ctx.input("Filter")
        output = ctx.output("Output")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        padding_algorithm = ctx.attr("padding_algorithm")
        groups = ctx.attr("groups")
        dilations = ctx.attr("dilations")
        data_format = ctx.attr("data_format")
        data = output.mutable_data(ctx.place, input_.dtype)
        conv3d_funcs.conv_nd(ctx.xp, input_.data, filter_.data, strides, paddings,
                             padding_algorithm, dilations, groups, data_format, data)


class Conv3DGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        filter_ = ctx.input("Filter")
        output_grad = ctx.input("Output@GRAD")
        input_grad = ctx.output("Input@GRAD")
        filter_grad = ctx.output("Filter@GRAD")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        padding_algorithm = ctx.attr("padding_algorithm")
        groups = ctx.attr("groups")
        dilations = ctx.attr("dilations")
        data_format = ctx.attr("data_format")
        dx = None if input_grad is None else input_grad.mutable_data(ctx.place, input_.dtype)
        dw = None if filter_grad is None else filter_grad.mutable_data(ctx.place, filter_.dtype)
        conv_grad_funcs.conv_grad(ctx.xp, input_.data, filter_.data, output_grad.data, strides,
                                  paddings, padding_algorithm, dilations, groups, data_format,
                                  dx, dw)


register_operator("conv3d", Conv3DOp)
register_operator("conv3d_grad", GradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _place in ("CPU", "GPU"):
        register_op_kernel("conv3d", _place, Conv3DKernel, _dtype)
        register_op_kernel("conv3d_grad", _place, Conv3DGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "conv3d": [
        {"name": "3x3x3 pad 1 stride 2", "inputs": {"Input": (2, 3, 5, 6, 6),
                                                    "Filter": (4, 3, 3, 3, 3)},
         "attrs": {"strides": [2, 2, 2], "paddings": [1, 1, 1]}},
        {"name": "groups 2, NDHWC, SAME", "inputs": {"Input": (1, 4, 5, 5, 4),
                                                     "Filter": (6, 2, 2, 3, 3)},
         "attrs": {"groups": 2, "data_format": "NDHWC", "padding_algorithm": "SAME"}},
    ],
    "conv3d_grad": [
        {"name": "3x3x3 pad 1 stride 2", "inputs": {"Input": (2, 3, 5, 6, 6),
                                                    "Filter": (4, 3, 3, 3, 3),
                                                    "Output@GRAD": (2, 4, 3, 3, 3)},
         "attrs": {"strides": [2, 2, 2], "paddings": [1, 1, 1]}},
        {"name": "groups 2, NDHWC", "inputs": {"Input": (1, 4, 5, 5, 4),
                                               "Filter": (6, 2, 2, 3, 3),
                                               "Output@GRAD": (1, 3, 3, 3, 6)},
         "attrs": {"groups": 2, "data_format": "NDHWC", "padding_algorithm": "VALID"}},
    ],
}
