"""relu(x) -> out: out = max(x, 0); NaN gives 0."""

from phi.kernels.impl.relu_kernel_impl import relu_kernel

__all__ = ["relu_kernel"]
