"""mean(x, axis: IntArray, keepdim: bool) -> out;
mean_raw(x, axis: IntArray, keepdim: bool, reduce_all: bool) -> out.

Mean over `axis` (empty, or every axis, or reduce_all: over everything), in
x's dtype; integer means truncate toward zero, half types accumulate in float32.
"""

from phi.kernels.impl.mean_kernel_impl import mean_kernel, mean_raw_kernel

__all__ = ["mean_kernel", "mean_raw_kernel"]
