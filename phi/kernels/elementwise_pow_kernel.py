"""elementwise_pow(x, y) -> out, and elementwise_pow_raw(x, y, axis: int) -> out.

out = x ** y; integers go through double pow and truncate. `elementwise_pow`
broadcasts NumPy-style (fluid's axis -1);
`elementwise_pow_raw` aligns y's dims with x's starting at dimension `axis` (fluid's
rule, see phi.kernels.funcs.elementwise).
"""

from phi.kernels.impl.elementwise_pow_kernel_impl import (
    elementwise_pow_kernel,
    elementwise_pow_raw_kernel,
)

__all__ = ["elementwise_pow_kernel", "elementwise_pow_raw_kernel"]
