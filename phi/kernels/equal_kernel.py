"""equal(x, y) -> out (bool): x == y, NumPy broadcasting;
equal_raw(x, y, axis: int) -> out: the same with fluid's `axis` alignment."""

from phi.kernels.impl.equal_kernel_impl import equal_kernel, equal_raw_kernel

__all__ = ["equal_kernel", "equal_raw_kernel"]
