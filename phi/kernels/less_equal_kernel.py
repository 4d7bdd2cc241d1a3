"""less_equal(x, y) -> out (bool): x <= y, NumPy broadcasting;
less_equal_raw(x, y, axis: int) -> out: the same with fluid's `axis` alignment."""

from phi.kernels.impl.less_equal_kernel_impl import less_equal_kernel, less_equal_raw_kernel

__all__ = ["less_equal_kernel", "less_equal_raw_kernel"]
