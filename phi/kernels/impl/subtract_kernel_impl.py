"""subtract: out = x - y.

`subtract` broadcasts NumPy-style; `subtract_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

#: Paddle 3.3.1's CPU dtypes (no float16); GPU: float16 too
_CPU_TYPES = ew_funcs.SUBTRACT_CPU_TYPES
_GPU_TYPES = ew_funcs.ADD_DIVIDE_GPU_TYPES


register_table(binary_broadcast, [
    KernelRow("subtract", ew_funcs.subtract, _CPU_TYPES, _GPU_TYPES),
])


register_table(binary_axis, [
    KernelRow("subtract_raw", ew_funcs.subtract, _CPU_TYPES, _GPU_TYPES),
])
