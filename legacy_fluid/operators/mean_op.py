"""mean (Paddle 1.x/2.x): the mean of every element of X as one 0-D value (PHI mean_all;
an empty X gives NaN); math in phi.kernels.funcs.reduce."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs

_CPU = (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.COMPLEX64,
        DataType.COMPLEX128)
_GPU = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.COMPLEX64,
        DataType.COMPLEX128)


class MeanOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


register_operator("mean", MeanOp)
register_op_table(SameDtypeKernel, [
    OpKernelRow("mean", "MeanKernel", reduce_funcs.mean_all, _CPU, _GPU),
])
