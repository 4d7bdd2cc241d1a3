"""flatten(x, start_axis: int, stop_axis: int) -> out;
flatten_with_xshape(x, start_axis: int, stop_axis: int) -> (out, xshape?)."""

from phi.kernels.impl.flatten_kernel_impl import flatten_kernel, flatten_with_xshape_kernel

__all__ = ["flatten_kernel", "flatten_with_xshape_kernel"]
