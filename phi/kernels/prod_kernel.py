"""prod(x, axis: IntArray = {}, keepdim: bool = False) -> out: the product in x's type over
axis (empty: all); prod_raw(x, axis, keepdim, reduce_all: bool) -> out."""

from phi.kernels.impl.prod_kernel_impl import prod_kernel, prod_raw_kernel

__all__ = ["prod_kernel", "prod_raw_kernel"]
