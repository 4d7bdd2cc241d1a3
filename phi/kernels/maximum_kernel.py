"""maximum(x, y) -> out, and maximum_raw(x, y, axis: int) -> out.

out = max(x, y); NaN propagates. `maximum` broadcasts NumPy-style (fluid's axis -1);
`maximum_raw` aligns y's dims with x's starting at dimension `axis` (fluid's
rule, see phi.kernels.funcs.elementwise).
"""

from phi.kernels.impl.maximum_kernel_impl import (
    maximum_kernel,
    maximum_raw_kernel,
)

__all__ = ["maximum_kernel", "maximum_raw_kernel"]
