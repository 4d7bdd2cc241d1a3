"""fetch(x, col: int) -> out: OutTensorList.

out is the executor's fetch list (a FETCH_LIST variable): the kernel stores a new
host tensor holding a copy of x (dims, dtype, lod) at index col, growing the list;
an uninitialized x fetches an empty [0] tensor.
"""

from phi.kernels.impl.fetch_kernel_impl import fetch_kernel

__all__ = ["fetch_kernel"]
