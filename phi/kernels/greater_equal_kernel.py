"""greater_equal(x, y) -> out (bool): x >= y, NumPy broadcasting;
greater_equal_raw(x, y, axis: int) -> out: the same with fluid's `axis` alignment."""

from phi.kernels.impl.greater_equal_kernel_impl import (
    greater_equal_kernel,
    greater_equal_raw_kernel,
)

__all__ = ["greater_equal_kernel", "greater_equal_raw_kernel"]
