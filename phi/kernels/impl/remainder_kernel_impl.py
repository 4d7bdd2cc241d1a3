"""remainder: Python's `%`, the remainder takes y's sign (a zero float remainder keeps
x's sign); an integer zero divisor is an error; complex: x - y * round(x / y), each part
of the quotient rounded halves away from zero.

`remainder` broadcasts NumPy-style; `remainder_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

_TYPES = ew_funcs.REMAINDER_TYPES


register_table(binary_broadcast, [
    KernelRow("remainder", ew_funcs.remainder, _TYPES),
])


register_table(binary_axis, [
    KernelRow("remainder_raw", ew_funcs.remainder, _TYPES),
])
