"""label_smooth: soften one-hot labels towards a prior over the last axis (math in
phi.kernels.funcs.label_smooth).

label_smooth_grad: Out@GRAD -> X@GRAD = (1 - epsilon) * Out@GRAD (it reads nothing else;
math in phi.kernels.funcs.label_smooth_grad).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import FlatGradKernel
from phi.common import DataType
from phi.kernels.funcs import label_smooth as smooth_funcs
from phi.kernels.funcs import label_smooth_grad as smooth_grad_funcs


class LabelSmoothOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class LabelSmoothKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        prior_dist = ctx.input("PriorDist")
        out = ctx.output("Out")
        epsilon = ctx.attr("epsilon")
        data = out.mutable_data(ctx.place, x.dtype)
        smooth_funcs.label_smooth(ctx.xp, x.data,
                                  None if prior_dist is None else prior_dist.data, epsilon,
                                  data)


class LabelSmoothGradOp(GradOp):
    """X@GRAD takes its meta from Out@GRAD (the grad op reads nothing else)."""

    LIKE = {"X@GRAD": "Out@GRAD"}


register_operator("label_smooth", LabelSmoothOp)
register_operator("label_smooth_grad", LabelSmoothGradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _place in ("CPU", "GPU"):
        register_op_kernel("label_smooth", _place, LabelSmoothKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [
    {"name": "uniform prior", "inputs": {"X": (4, 5), "PriorDist": None},
     "attrs": {"epsilon": 0.1}},
    {"name": "PriorDist", "inputs": {"X": (2, 3, 4), "PriorDist": (1, 4)},
     "attrs": {"epsilon": 0.2}},
]
register_op_table(FlatGradKernel, [
    OpKernelRow("label_smooth_grad", "LabelSmoothGradKernel", smooth_grad_funcs.label_smooth_grad,
                (DataType.FLOAT32, DataType.FLOAT64), attrs=("epsilon",)),
], by_dtype=True)
