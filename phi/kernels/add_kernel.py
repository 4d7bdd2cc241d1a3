"""add(x, y) -> out, and add_raw(x, y, axis: int) -> out.

out = x + y. `add` broadcasts NumPy-style (fluid's axis -1);
`add_raw` aligns y's dims with x's starting at dimension `axis` (fluid's
rule, see phi.kernels.funcs.elementwise).
"""

from phi.kernels.impl.add_kernel_impl import (
    add_kernel,
    add_raw_kernel,
)

__all__ = ["add_kernel", "add_raw_kernel"]
