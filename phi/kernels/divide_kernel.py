"""divide(x, y) -> out, and divide_raw(x, y, axis: int) -> out.

out = x / y; integers truncate toward zero. `divide` broadcasts NumPy-style (fluid's axis -1);
`divide_raw` aligns y's dims with x's starting at dimension `axis` (fluid's
rule, see phi.kernels.funcs.elementwise).
"""

from phi.kernels.impl.divide_kernel_impl import (
    divide_kernel,
    divide_raw_kernel,
)

__all__ = ["divide_kernel", "divide_raw_kernel"]
