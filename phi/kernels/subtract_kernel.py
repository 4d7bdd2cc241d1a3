"""subtract(x, y) -> out, and subtract_raw(x, y, axis: int) -> out.

out = x - y. `subtract` broadcasts NumPy-style (fluid's axis -1);
`subtract_raw` aligns y's dims with x's starting at dimension `axis` (fluid's
rule, see phi.kernels.funcs.elementwise).
"""

from phi.kernels.impl.subtract_kernel_impl import (
    subtract_kernel,
    subtract_raw_kernel,
)

__all__ = ["subtract_kernel", "subtract_raw_kernel"]
