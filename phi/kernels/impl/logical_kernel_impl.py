"""Logical kernels: logical_and / logical_or / logical_xor (NumPy broadcasting) and
logical_not.

out is bool; nonzero elements read as true. Rows of the element-wise tables
(phi.core.kernel_table).
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import compare as compare_funcs
from phi.kernels.impl.elementwise_templates import binary_bool_out, bool_out

_CPU_TYPES = compare_funcs.LOGICAL_CPU
_GPU_TYPES = compare_funcs.LOGICAL_GPU


#: (name, funcs function, CPU dtypes, GPU dtypes)
register_table(binary_bool_out, [
    KernelRow("logical_and", compare_funcs.logical_and, _CPU_TYPES, _GPU_TYPES),
    KernelRow("logical_or", compare_funcs.logical_or, _CPU_TYPES, _GPU_TYPES),
    KernelRow("logical_xor", compare_funcs.logical_xor, _CPU_TYPES, _GPU_TYPES),
])


register_table(bool_out, [
    KernelRow("logical_not", compare_funcs.logical_not, _CPU_TYPES, _GPU_TYPES),
])
