"""Backward ops of the vision ops: conv2d_grad, depthwise_conv2d_grad (Input@GRAD and
Filter@GRAD, either may be left out), pool2d_grad (X@GRAD from X, Out and Out@GRAD) and
batch_norm_grad (X@GRAD, Scale@GRAD, Bias@GRAD, from the batch statistics the forward
saved, or the running ones with is_test / use_global_stats).

Slots and attributes are those of Paddle's grad OpDescs; the math is
phi.kernels.funcs.conv_grad, pooling_grad and batch_norm_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import XOutGradKernel
from phi.common import DataType
from phi.kernels.funcs import batch_norm as bn_funcs
from phi.kernels.funcs import batch_norm_grad as bn_grad_funcs
from phi.kernels.funcs import conv_grad as conv_grad_funcs
from phi.kernels.funcs import pooling_grad as pool_grad_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class BatchNormGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's input")
        self.add_input("Scale", "per-channel gamma", dispensable=True)
        self.add_input("Bias", "per-channel beta", dispensable=True)
        self.add_input("Mean", "running mean (with global statistics, as MeanOut)",
                       dispensable=True)
        self.add_input("Variance", "running variance (with global statistics, as VarianceOut)",
                       dispensable=True)
        self.add_input("MeanOut", "running mean (read with global statistics)",
                       dispensable=True)
        self.add_input("VarianceOut", "running variance (read with global statistics)",
                       dispensable=True)
        self.add_input("SavedMean", "the forward's batch mean")
        self.add_input("SavedVariance", "the forward's batch 1 / sqrt(var + epsilon)")
        self.add_input("ReserveSpace", "cuDNN workspace (not read)", dispensable=True)
        self.add_input("Y@GRAD", "gradient of Y")
        self.add_output("X@GRAD", "gradient of X", dispensable=True)
        self.add_output("Scale@GRAD", "gradient of Scale", dispensable=True)
        self.add_output("Bias@GRAD", "gradient of Bias", dispensable=True)
        self.add_attr("momentum", AttrType.FLOAT, 0.9, "the forward's momentum")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-5, "the forward's epsilon")
        self.add_attr("data_layout", AttrType.STRING, "NCHW", "the forward's layout")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "the forward's is_test")
        self.add_attr("use_global_stats", AttrType.BOOLEAN, False,
                      "the forward's use_global_stats")
        self.add_attr("trainable_statistics", AttrType.BOOLEAN, False,
                      "the forward's trainable_statistics")


class ConvGradKernel(OpKernel):
    """conv2d_grad and depthwise_conv2d_grad (the same math)."""

    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        filter_ = ctx.input("Filter")
        output_grad = ctx.input("Output@GRAD")
        input_grad = ctx.output("Input@GRAD")
        filter_grad = ctx.output("Filter@GRAD")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        padding_algorithm = ctx.attr("padding_algorithm")
        dilations = ctx.attr("dilations")
        groups = ctx.attr("groups")
        data_format = ctx.attr("data_format")
        dx = None if input_grad is None else input_grad.mutable_data(ctx.place, input_.dtype)
        dw = None if filter_grad is None else filter_grad.mutable_data(ctx.place, filter_.dtype)
        conv_grad_funcs.conv2d_grad(ctx.xp, input_.data, filter_.data, output_grad.data,
                                    strides, paddings, padding_algorithm, dilations, groups,
                                    data_format, dx, dw)


class BatchNormGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        mean = ctx.input("Mean")
        variance = ctx.input("Variance")
        mean_out = ctx.input("MeanOut")
        variance_out = ctx.input("VarianceOut")
        saved_mean = ctx.input("SavedMean")
        saved_variance = ctx.input("SavedVariance")
        y_grad = ctx.input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        scale_grad = ctx.output("Scale@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        epsilon = ctx.attr("epsilon")
        data_layout = ctx.attr("data_layout")
        is_test = ctx.attr("is_test")
        use_global_stats = ctx.attr("use_global_stats")
        global_stats = bn_funcs.uses_global_stats(is_test, use_global_stats, False)
        param_dtype = x.dtype if scale is None else scale.dtype
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, y_grad.dtype)
        ds = None if scale_grad is None else scale_grad.mutable_data(ctx.place, param_dtype)
        db = None if bias_grad is None else bias_grad.mutable_data(ctx.place, param_dtype)
        bn_grad_funcs.batch_norm_grad(
            ctx.xp, x.data, _written(scale), _written(mean_out, mean),
            _written(variance_out, variance), _written(saved_mean),
            _written(saved_variance), y_grad.data, epsilon, data_layout, global_stats, dx, ds,
            db)


def _written(*tensors):
    """The data of the first input the forward wrote, else None (SavedMean / SavedVariance
    are not written with global statistics; MeanOut and Mean are the same variable)."""
    return next((t.data for t in tensors if t is not None and t.initialized()), None)


def _bn_stat(low: float, high: float):
    return lambda dtype, rng: rng.uniform(low, high, (3,)).astype(dtype.to_numpy())


class BatchNormGradOp(GradOp):
    """Y (the cotangent's forward output) has X's dims."""

    COTANGENT_LIKE = {"Y@GRAD": "X"}


VERIFY_CASES = {
    "conv2d_grad": [
        {"name": "3x3 stride 2 pad 1", "attrs": {"strides": [2, 2], "paddings": [1, 1]},
         "inputs": {"Input": (2, 4, 7, 7), "Filter": (5, 4, 3, 3), "Output@GRAD": (2, 5, 4, 4)}},
        {"name": "groups 2 dilation 2", "attrs": {"groups": 2, "dilations": [2, 2]},
         "inputs": {"Input": (2, 4, 7, 7), "Filter": (6, 2, 3, 3), "Output@GRAD": (2, 6, 3, 3)}},
    ],
    "depthwise_conv2d_grad": [
        {"name": "depthwise 3x3 pad 1", "attrs": {"groups": 4, "paddings": [1, 1]},
         "inputs": {"Input": (2, 4, 6, 6), "Filter": (4, 1, 3, 3), "Output@GRAD": (2, 4, 6, 6)}},
    ],
    "pool2d_grad": [
        {"name": "max 2x2", "attrs": {"ksize": [2, 2], "strides": [2, 2], "pooling_type": "max"},
         "inputs": {"X": (2, 3, 4, 4), "Out": (2, 3, 2, 2), "Out@GRAD": (2, 3, 2, 2)}},
        {"name": "adaptive avg 1x1", "attrs": {"ksize": [1, 1], "pooling_type": "avg",
                                              "adaptive": True},
         "inputs": {"X": (2, 3, 4, 4), "Out": (2, 3, 1, 1), "Out@GRAD": (2, 3, 1, 1)}},
    ],
    "batch_norm_grad": [
        {"name": "batch statistics",
         "inputs": {"X": (4, 3, 2, 2), "Scale": _bn_stat(0.5, 1.5), "Bias": _bn_stat(-1, 1),
                    "MeanOut": _bn_stat(-1, 1), "VarianceOut": _bn_stat(0.5, 2),
                    "SavedMean": _bn_stat(-1, 1), "SavedVariance": _bn_stat(0.5, 2),
                    "ReserveSpace": None, "Y@GRAD": (4, 3, 2, 2)},
         "outputs": ["X@GRAD", "Scale@GRAD", "Bias@GRAD"]},
    ],
}

register_operator("conv2d_grad", GradOp)
register_operator("depthwise_conv2d_grad", GradOp)
register_operator("pool2d_grad", GradOp)
register_operator("batch_norm_grad", BatchNormGradOp, BatchNormGradOpMaker)
for _dtype in _FLOAT:
    for _place in ("CPU", "GPU"):
        register_op_kernel("conv2d_grad", _place, ConvGradKernel, _dtype)
        register_op_kernel("depthwise_conv2d_grad", _place, ConvGradKernel, _dtype)
        register_op_kernel("batch_norm_grad", _place, BatchNormGradKernel, _dtype)
# Paddle 3.3.1's CPU pool2d_grad adds float16 (computed in float32, rounded once)
register_op_table(XOutGradKernel, [
    OpKernelRow("pool2d_grad", "Pool2DGradKernel", pool_grad_funcs.pool2d_grad,
                (*_FLOAT, DataType.FLOAT16), _FLOAT,
                attrs=("ksize", "strides", "paddings", "ceil_mode", "exclusive", "data_format",
                       "pooling_type", "global_pooling", "adaptive", "padding_algorithm")),
], by_dtype=True)
