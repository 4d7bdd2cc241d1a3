"""equal_all: whether X and Y have the same dims and equal elements (a 0-D bool; NaN equals
nothing). Math in phi.kernels.funcs.compare."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import BoolBinaryKernel
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs

register_operator("equal_all", OperatorWithKernel)
register_op_table(BoolBinaryKernel, [
    OpKernelRow("equal_all", "EqualAllKernel", compare_funcs.equal_all,
                (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
                 DataType.FLOAT64)),
], by_dtype=True)
