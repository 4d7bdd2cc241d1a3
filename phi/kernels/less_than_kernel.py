"""less_than(x, y) -> out (bool): x < y, NumPy broadcasting;
less_than_raw(x, y, axis: int) -> out: the same with fluid's `axis` alignment."""

from phi.kernels.impl.less_than_kernel_impl import less_than_kernel, less_than_raw_kernel

__all__ = ["less_than_kernel", "less_than_raw_kernel"]
