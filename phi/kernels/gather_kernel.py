"""gather(x, index, axis: Scalar = 0) -> out: x's slices at index along axis."""

from phi.kernels.impl.gather_kernel_impl import gather_kernel

__all__ = ["gather_kernel"]
