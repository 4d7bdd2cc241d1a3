"""minimum: out = min(x, y); NaN propagates.

`minimum` broadcasts NumPy-style; `minimum_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

#: Paddle 3.3.1's CPU dtypes; GPU: float16 too
_CPU_TYPES = ew_funcs.MAX_MIN_CPU_TYPES
_GPU_TYPES = ew_funcs.MAX_MIN_GPU_TYPES


register_table(binary_broadcast, [
    KernelRow("minimum", ew_funcs.minimum, _CPU_TYPES, _GPU_TYPES),
])


register_table(binary_axis, [
    KernelRow("minimum_raw", ew_funcs.minimum, _CPU_TYPES, _GPU_TYPES),
])
