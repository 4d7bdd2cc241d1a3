"""minimum(x, y) -> out, and minimum_raw(x, y, axis: int) -> out.

out = min(x, y); NaN propagates. `minimum` broadcasts NumPy-style (fluid's axis -1);
`minimum_raw` aligns y's dims with x's starting at dimension `axis` (fluid's
rule, see phi.kernels.funcs.elementwise).
"""

from phi.kernels.impl.minimum_kernel_impl import (
    minimum_kernel,
    minimum_raw_kernel,
)

__all__ = ["minimum_kernel", "minimum_raw_kernel"]
