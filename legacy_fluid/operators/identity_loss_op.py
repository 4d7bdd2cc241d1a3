"""identity_loss: the loss a program marks as such, summed (reduction 0), averaged (1) or
kept (2); math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs

register_operator("identity_loss", OperatorWithKernel)
register_op_table(SameDtypeKernel, [
    OpKernelRow("identity_loss", "IdentityLossKernel", loss_funcs.identity_loss,
                (DataType.FLOAT32, DataType.FLOAT64), attrs=("reduction",)),
], by_dtype=True)
