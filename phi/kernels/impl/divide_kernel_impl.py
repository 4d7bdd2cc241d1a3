"""divide: out = x / y; integers truncate toward zero; bool x / True is x (a zero divisor:
an error).

`divide` broadcasts NumPy-style; `divide_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

_CPU_TYPES = ew_funcs.ADD_DIVIDE_CPU_TYPES
_GPU_TYPES = ew_funcs.ADD_DIVIDE_GPU_TYPES


register_table(binary_broadcast, [
    KernelRow("divide", ew_funcs.divide, _CPU_TYPES, _GPU_TYPES),
])


register_table(binary_axis, [
    KernelRow("divide_raw", ew_funcs.divide,
              [t for t in _CPU_TYPES if t not in ew_funcs.NO_DIVIDE_RAW_CPU_TYPES], _GPU_TYPES),
])
