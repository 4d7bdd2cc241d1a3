"""huber_loss: the Huber loss of the residual Y - X (quadratic within delta, linear
outside), Residual kept for the gradient; math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class HuberLossOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = loss_funcs.check_same_dims("huber_loss", {"X": ctx.get_input_dim("X"),
                                                         "Y": ctx.get_input_dim("Y")})
        for slot in ("Out", "Residual"):
            ctx.set_output_dim(slot, dims)
            ctx.set_output_dtype(slot, ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class HuberLossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        residual = ctx.output("Residual")
        delta = ctx.attr("delta")
        loss_funcs.huber_loss(ctx.xp, x.data, y.data, delta, out.mutable_data(ctx.place, x.dtype),
                              residual.mutable_data(ctx.place, x.dtype))


register_operator("huber_loss", HuberLossOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("huber_loss", "CPU", HuberLossKernel, _dtype)
    register_op_kernel("huber_loss", "GPU", HuberLossKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "delta 1", "attrs": {"delta": 1.0}, "inputs": {"X": (3, 4), "Y": (3, 4)}}]
