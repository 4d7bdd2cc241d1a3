"""not_equal(x, y) -> out (bool): x != y, NumPy broadcasting;
not_equal_raw(x, y, axis: int) -> out: the same with fluid's `axis` alignment."""

from phi.kernels.impl.not_equal_kernel_impl import not_equal_kernel, not_equal_raw_kernel

__all__ = ["not_equal_kernel", "not_equal_raw_kernel"]
