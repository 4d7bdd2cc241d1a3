"""lookup_table(w: [rows, width], ids: int64 [..., 1], padding_idx: int) -> out.

out has ids' dims without the trailing 1, followed by `width`; the v1 op's other
attributes (distributed-training configuration) do not reach the kernel.
"""

from phi.kernels.impl.lookup_table_kernel_impl import lookup_table_kernel

__all__ = ["lookup_table_kernel"]
