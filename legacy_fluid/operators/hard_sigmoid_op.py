"""hard_sigmoid: out = min(max(slope * x + offset, 0), 1)."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import XDataKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs

register_operator("hard_sigmoid", OperatorWithKernel)
register_op_table(XDataKernel, [
    OpKernelRow("hard_sigmoid", "HardSigmoidKernel", act_funcs.hardsigmoid,
                (DataType.FLOAT32, DataType.FLOAT64),
                (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16), attrs=("slope", "offset")),
])
