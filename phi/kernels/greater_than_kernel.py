"""greater_than(x, y) -> out (bool): x > y, NumPy broadcasting;
greater_than_raw(x, y, axis: int) -> out: the same with fluid's `axis` alignment."""

from phi.kernels.impl.greater_than_kernel_impl import greater_than_kernel, greater_than_raw_kernel

__all__ = ["greater_than_kernel", "greater_than_raw_kernel"]
