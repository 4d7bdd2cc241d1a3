"""dropout(x, seed_tensor?, p: Scalar, is_test: bool, mode: str, seed: int, fix_seed: bool)
-> (out, mask?)."""

from phi.kernels.impl.dropout_kernel_impl import dropout_kernel

__all__ = ["dropout_kernel"]
