"""gelu: x * Phi(x), exact (erf) or with the tanh approximation."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import gelu as gelu_funcs

register_operator("gelu", OperatorWithKernel)
register_op_table(SameDtypeKernel, [
    OpKernelRow("gelu", "GeluKernel", gelu_funcs.gelu, (DataType.FLOAT32, DataType.FLOAT64),
                (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16), attrs=("approximate",)),
])
