"""dropout_grad: the gradient through dropout, from the forward's Mask (which elements it
kept). Paddle's grad OpDesc carries the forward's attributes; the seed ones are inert here.
Math: phi.kernels.funcs.dropout.dropout_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import dropout as dropout_funcs


class DropoutGradOp(GradOp):
    LIKE = {"X@GRAD": "Out@GRAD"}
    COTANGENT_LIKE = {"Out@GRAD": "Mask"}


class DropoutGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        mask = ctx.input("Mask")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        dropout_prob = ctx.attr("dropout_prob")
        is_test = ctx.attr("is_test")
        dropout_implementation = ctx.attr("dropout_implementation")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        mask_data = None if is_test else mask.data  # test mode never reads the mask
        dropout_funcs.dropout_grad(ctx.xp, mask_data, out_grad.data, float(dropout_prob),
                                   is_test, dropout_implementation, data)


VERIFY_CASES = [
    {"name": "training, upscale_in_train",
     "inputs": {"Mask": {"shape": (3, 4), "dtype": "uint8", "low": 0, "high": 2},
                "Out@GRAD": (3, 4)},
     "attrs": {"dropout_prob": 0.3, "dropout_implementation": "upscale_in_train"}},
    {"name": "inference, downgrade_in_infer",
     "inputs": {"Mask": {"shape": (3, 4), "dtype": "uint8", "low": 0, "high": 2},
                "Out@GRAD": (3, 4)},
     "attrs": {"dropout_prob": 0.3, "is_test": True}},
]

register_operator("dropout_grad", DropoutGradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16):
    register_op_kernel("dropout_grad", "CPU", DropoutGradKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("dropout_grad", "GPU", DropoutGradKernel, _dtype)
