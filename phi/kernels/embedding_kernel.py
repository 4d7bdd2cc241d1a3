"""embedding(x: ids (int32/int64, any dims), weight: [rows, width], padding_idx: int) -> out.

out has x's dims followed by `width`, weight's dtype; ids equal to
padding_idx (unless it is -1) give zero rows. The kernel key's dtype is the
weight's.
"""

from phi.kernels.impl.embedding_kernel_impl import embedding_kernel

__all__ = ["embedding_kernel"]
