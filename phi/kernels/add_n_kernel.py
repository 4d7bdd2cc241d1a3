"""add_n(inputs: list[Tensor]) -> out: the element-wise sum of same-shaped tensors."""

from phi.kernels.impl.add_n_kernel_impl import add_n_kernel

__all__ = ["add_n_kernel"]
