"""multiply: out = x * y (bool: logical and).

`multiply` broadcasts NumPy-style; `multiply_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

#: Paddle 3.3.1's CPU dtypes (bool; no float16, no int16); GPU: no bool
_CPU_TYPES = ew_funcs.MULTIPLY_CPU_TYPES
_GPU_TYPES = ew_funcs.ADD_DIVIDE_GPU_TYPES


register_table(binary_broadcast, [
    KernelRow("multiply", ew_funcs.multiply, _CPU_TYPES, _GPU_TYPES),
])


register_table(binary_axis, [
    KernelRow("multiply_raw", ew_funcs.multiply, _CPU_TYPES, _GPU_TYPES),
])
