"""Backward ops of the vision_norm family: group_norm_grad, instance_norm_grad,
affine_channel_grad (X@GRAD, Scale@GRAD, Bias@GRAD, each may be left out), lrn_grad (X@GRAD
from X, Out, MidOut) and spectral_norm_grad (Weight@GRAD).

Slots and attributes are those of Paddle's grad OpDescs (protos from backward.yaml); the
math, and where it departs from Paddle 3.3.1's CPU kernels (group_norm_grad without Scale,
spectral_norm_grad for a non-constant Out@GRAD), is phi.kernels.funcs.vision_norm_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import vision_norm_grad as norm_grad_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class GroupNormGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        mean = ctx.input("Mean")
        variance = ctx.input("Variance")
        y_grad = ctx.input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        scale_grad = ctx.output("Scale@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        epsilon = ctx.attr("epsilon")
        groups = ctx.attr("groups")
        data_layout = ctx.attr("data_layout")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        ds = None if scale_grad is None else scale_grad.mutable_data(ctx.place, x.dtype)
        db = None if bias_grad is None else bias_grad.mutable_data(ctx.place, x.dtype)
        norm_grad_funcs.group_norm_grad(ctx.xp, x.data, None if scale is None else scale.data,
                                        mean.data, variance.data, y_grad.data, epsilon,
                                        groups, data_layout, dx, ds, db)


class InstanceNormGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        saved_mean = ctx.input("SavedMean")
        saved_variance = ctx.input("SavedVariance")
        y_grad = ctx.input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        scale_grad = ctx.output("Scale@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        ds = None if scale_grad is None else scale_grad.mutable_data(ctx.place, x.dtype)
        db = None if bias_grad is None else bias_grad.mutable_data(ctx.place, x.dtype)
        norm_grad_funcs.instance_norm_grad(ctx.xp, x.data,
                                           None if scale is None else scale.data,
                                           saved_mean.data, saved_variance.data, y_grad.data,
                                           dx, ds, db)


class AffineChannelGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        scale_grad = ctx.output("Scale@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        data_layout = ctx.attr("data_layout")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        ds = None if scale_grad is None else scale_grad.mutable_data(ctx.place, scale.dtype)
        db = None if bias_grad is None else bias_grad.mutable_data(ctx.place, scale.dtype)
        norm_grad_funcs.affine_channel_grad(ctx.xp, x.data, scale.data, out_grad.data,
                                            data_layout, dx, ds, db)


class LRNGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        mid_out = ctx.input("MidOut")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        n = ctx.attr("n")
        alpha = ctx.attr("alpha")
        beta = ctx.attr("beta")
        data_format = ctx.attr("data_format")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        norm_grad_funcs.lrn_grad(ctx.xp, x.data, out.data, mid_out.data, out_grad.data, n,
                                 alpha, beta, data_format, data)


class SpectralNormGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        weight = ctx.input("Weight")
        u = ctx.input("U")
        v = ctx.input("V")
        out_grad = ctx.input("Out@GRAD")
        weight_grad = ctx.output("Weight@GRAD")
        dim = ctx.attr("dim")
        power_iters = ctx.attr("power_iters")
        eps = ctx.attr("eps")
        data = weight_grad.mutable_data(ctx.place, weight.dtype)
        norm_grad_funcs.spectral_norm_grad(ctx.xp, weight.data, u.data, v.data, out_grad.data,
                                           dim, power_iters, eps, data)


def _stat(low: float, high: float, size: int):
    return lambda dtype, rng: rng.uniform(low, high, (size,)).astype(dtype.to_numpy())


VERIFY_CASES = {
    "group_norm_grad": [
        {"name": "NCHW groups 2", "attrs": {"groups": 2},
         "inputs": {"X": (2, 4, 3, 3), "Scale": (4,), "Bias": (4,), "Y": (2, 4, 3, 3),
                    "Mean": (2, 2), "Variance": {"shape": (2, 2), "low": 0.5, "high": 2.0},
                    "Y@GRAD": (2, 4, 3, 3)},
         "outputs": ["X@GRAD", "Scale@GRAD", "Bias@GRAD"]},
    ],
    "instance_norm_grad": [
        {"name": "NCHW", "inputs": {"X": (2, 3, 4, 4), "Scale": (3,), "Bias": (3,),
                                    "SavedMean": (6,), "SavedVariance": _stat(0.5, 2.0, 6),
                                    "Y@GRAD": (2, 3, 4, 4)},
         "outputs": ["X@GRAD", "Scale@GRAD", "Bias@GRAD"]},
    ],
    "affine_channel_grad": [
        {"name": "NCHW", "attrs": {"data_layout": "NCHW"},
         "inputs": {"X": (2, 3, 4, 4), "Scale": (3,), "Bias": (3,), "Out@GRAD": (2, 3, 4, 4)},
         "outputs": ["X@GRAD", "Scale@GRAD", "Bias@GRAD"]},
    ],
    "lrn_grad": [
        {"name": "n 5", "attrs": {"n": 5},
         "inputs": {"X": (2, 6, 3, 3), "Out": (2, 6, 3, 3),
                    "MidOut": {"shape": (2, 6, 3, 3), "low": 2.0, "high": 3.0},
                    "Out@GRAD": (2, 6, 3, 3)}},
    ],
    "spectral_norm_grad": [
        {"name": "dim 0", "attrs": {"dim": 0, "power_iters": 2},
         "inputs": {"Weight": (4, 6), "U": (4,), "V": (6,), "Out@GRAD": (4, 6)}},
    ],
}

for _op, _kernel, _dtypes in (
        ("group_norm_grad", GroupNormGradKernel, _FLOAT),
        ("instance_norm_grad", InstanceNormGradKernel, _FLOAT),
        ("affine_channel_grad", AffineChannelGradKernel, _FLOAT),
        ("lrn_grad", LRNGradKernel, (DataType.FLOAT32,)),
        ("spectral_norm_grad", SpectralNormGradKernel, _FLOAT)):
    register_operator(_op, GradOp)
    for _dtype in _dtypes:
        for _place in ("CPU", "GPU"):
            register_op_kernel(_op, _place, _kernel, _dtype)
