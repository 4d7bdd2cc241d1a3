"""add: out = x + y (integers wrap; bool: logical or).

`add` broadcasts NumPy-style; `add_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

_CPU_TYPES = ew_funcs.ADD_DIVIDE_CPU_TYPES
_GPU_TYPES = ew_funcs.ADD_DIVIDE_GPU_TYPES


register_table(binary_broadcast, [
    KernelRow("add", ew_funcs.add, _CPU_TYPES, _GPU_TYPES),
])


register_table(binary_axis, [
    KernelRow("add_raw", ew_funcs.add, _CPU_TYPES, _GPU_TYPES),
])
