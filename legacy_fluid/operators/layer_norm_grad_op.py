"""layer_norm_grad: X@GRAD, Scale@GRAD and Bias@GRAD from the forward's saved Mean and
Variance (each only when the program asks for it). Math:
phi.kernels.funcs.layer_norm_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import layer_norm_grad as ln_grad_funcs


class LayerNormGradKernel(OpKernel):
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
        begin_norm_axis = ctx.attr("begin_norm_axis")
        scale_data = None if scale is None else scale.data
        ln_grad_funcs.check_scale_grad(scale_data, x_grad, scale_grad)
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        dscale = None if scale_grad is None else scale_grad.mutable_data(ctx.place, x.dtype)
        dbias = None if bias_grad is None else bias_grad.mutable_data(ctx.place, x.dtype)
        ln_grad_funcs.layer_norm_grad(ctx.xp, x.data, scale_data, mean.data, variance.data,
                                      y_grad.data, epsilon, begin_norm_axis, dx, dscale, dbias)


VERIFY_CASES = [
    {"name": "scale and bias", "inputs": {
        "X": (3, 4, 5), "Scale": (20,), "Bias": (20,),
        "Mean": {"shape": (3,), "low": -0.1, "high": 0.1},
        "Variance": {"shape": (3,), "low": 0.5, "high": 1.5}, "Y@GRAD": (3, 4, 5)},
     "outputs": ["X@GRAD", "Scale@GRAD", "Bias@GRAD"]},
    {"name": "no scale, last axis", "inputs": {
        "X": (3, 4), "Scale": None, "Bias": None,
        "Mean": {"shape": (3,), "low": -0.1, "high": 0.1},
        "Variance": {"shape": (3,), "low": 0.5, "high": 1.5}, "Y@GRAD": (3, 4)},
     "outputs": ["X@GRAD"]},
]

register_operator("layer_norm_grad", GradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("layer_norm_grad", "CPU", LayerNormGradKernel, _dtype)
    register_op_kernel("layer_norm_grad", "GPU", LayerNormGradKernel, _dtype)
