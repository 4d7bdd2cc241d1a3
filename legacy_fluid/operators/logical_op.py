"""Logical ops: logical_and / logical_or / logical_xor (X, Y broadcast NumPy-style) and
logical_not.

Out is bool; nonzero elements read as true. The ops are plain (protos from phi/ops.yaml);
the two binary ops share one operator class; each op has its own small kernel.
"""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import BoolBinaryKernel, OutDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs

_CPU_TYPES = compare_funcs.LOGICAL_CPU
_GPU_TYPES = compare_funcs.LOGICAL_GPU


register_operator("logical_and", OperatorWithKernel)
register_operator("logical_or", OperatorWithKernel)
register_operator("logical_xor", OperatorWithKernel)
register_operator("logical_not", OperatorWithKernel)
#: (op type, kernel class, funcs function, CPU dtypes, GPU dtypes)
register_op_table(BoolBinaryKernel, [
    OpKernelRow("logical_and", "LogicalAndKernel", compare_funcs.logical_and, _CPU_TYPES,
                _GPU_TYPES),
    OpKernelRow("logical_or", "LogicalOrKernel", compare_funcs.logical_or, _CPU_TYPES,
                _GPU_TYPES),
    OpKernelRow("logical_xor", "LogicalXorKernel", compare_funcs.logical_xor, _CPU_TYPES,
                _GPU_TYPES),
])
register_op_table(OutDtypeKernel, [
    OpKernelRow("logical_not", "LogicalNotKernel", compare_funcs.logical_not, _CPU_TYPES,
                _GPU_TYPES, lambda _: DataType.BOOL),
])
