"""log_softmax: Out = log(softmax(X)) along `axis`, computed as s - log(sum(exp(s))) with
s = max(X - max, -64) as Paddle's softmax (see phi.kernels.funcs.softmax)."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import unary_math

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16)


class LogSoftmaxOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


register_operator("log_softmax", LogSoftmaxOp)
register_op_table(SameDtypeKernel, [
    OpKernelRow("log_softmax", "LogSoftmaxKernel", unary_math.log_softmax, _CPU_TYPES, _GPU_TYPES,
                attrs=("axis",)),
])
