"""floor_divide: Python's `//`, the quotient rounded toward -inf; an integer zero divisor
is an error.

`floor_divide` broadcasts NumPy-style; `floor_divide_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

_TYPES = ew_funcs.FLOOR_DIVIDE_TYPES


register_table(binary_broadcast, [
    KernelRow("floor_divide", ew_funcs.floor_divide, _TYPES),
])


register_table(binary_axis, [
    KernelRow("floor_divide_raw", ew_funcs.floor_divide, _TYPES),
])
