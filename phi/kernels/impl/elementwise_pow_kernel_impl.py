"""elementwise_pow: out = x ** y; integers go through double pow and truncate; complex
as C's cpow.

`elementwise_pow` broadcasts NumPy-style; `elementwise_pow_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

#: Paddle 3.3.1's CPU dtypes (no float16 there); GPU: float16 too
_CPU_TYPES = ew_funcs.POW_CPU_TYPES
_GPU_TYPES = ew_funcs.POW_GPU_TYPES


register_table(binary_broadcast, [
    KernelRow("elementwise_pow", ew_funcs.elementwise_pow, _CPU_TYPES, _GPU_TYPES),
])


register_table(binary_axis, [
    KernelRow("elementwise_pow_raw", ew_funcs.elementwise_pow, _CPU_TYPES, _GPU_TYPES),
])
