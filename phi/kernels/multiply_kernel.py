"""multiply(x, y) -> out, and multiply_raw(x, y, axis: int) -> out.

out = x * y. `multiply` broadcasts NumPy-style (fluid's axis -1);
`multiply_raw` aligns y's dims with x's starting at dimension `axis` (fluid's
rule, see phi.kernels.funcs.elementwise).
"""

from phi.kernels.impl.multiply_kernel_impl import (
    multiply_kernel,
    multiply_raw_kernel,
)

__all__ = ["multiply_kernel", "multiply_raw_kernel"]
