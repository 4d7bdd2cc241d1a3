"""nll_loss: negative log likelihood of class ids Label under log-probabilities X ([N, C]
or [N, C, H, W]), optional per-class Weight, ignore_index, reduction none / sum / mean;
math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class NLLLossOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class NLLLossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        label = ctx.input("Label")
        weight = ctx.input("Weight")
        out = ctx.output("Out")
        total_weight = ctx.output("Total_weight")
        ignore_index = ctx.attr("ignore_index")
        reduction = ctx.attr("reduction")
        loss_funcs.nll_loss(ctx.xp, x.data, label.data, None if weight is None else weight.data,
                            ignore_index, reduction, out.mutable_data(ctx.place, x.dtype),
                            total_weight.mutable_data(ctx.place, x.dtype))


register_operator("nll_loss", NLLLossOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("nll_loss", "CPU", NLLLossKernel, _dtype)
    register_op_kernel("nll_loss", "GPU", NLLLossKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [
    {"name": "weighted mean", "inputs": {
        "X": (5, 4), "Label": {"shape": (5,), "dtype": "int64", "low": 0, "high": 4},
        "Weight": (4,)}},
    {"name": "4-D, none", "attrs": {"reduction": "none"}, "inputs": {
        "X": (2, 3, 2, 2), "Label": {"shape": (2, 2, 2), "dtype": "int64", "low": 0, "high": 3},
        "Weight": None}},
]
