"""softmax: Out = exp(s) / sum(exp(s)) with s = max(X - max, -64) along `axis` (default -1,
the last); see phi.kernels.funcs.softmax."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import softmax as softmax_funcs


class SoftmaxOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


register_operator("softmax", SoftmaxOp)
register_op_table(SameDtypeKernel, [
    OpKernelRow("softmax", "SoftmaxKernel", softmax_funcs.softmax,
                (DataType.FLOAT32, DataType.FLOAT64),
                (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16),
                attrs=("axis",)),
])
