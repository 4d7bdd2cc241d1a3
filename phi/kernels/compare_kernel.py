"""Compare kernels, each (x, y) -> out (bool) with NumPy broadcasting, and its `_raw`
form (x, y, axis: int) -> out with fluid's `axis` alignment:

equal / equal_raw: x == y; not_equal / not_equal_raw: x != y;
less_than / less_than_raw: x < y; less_equal / less_equal_raw: x <= y;
greater_than / greater_than_raw: x > y; greater_equal / greater_equal_raw: x >= y.
"""

from phi.kernels.impl.compare_kernel_impl import (
    equal_kernel,
    equal_raw_kernel,
    greater_equal_kernel,
    greater_equal_raw_kernel,
    greater_than_kernel,
    greater_than_raw_kernel,
    less_equal_kernel,
    less_equal_raw_kernel,
    less_than_kernel,
    less_than_raw_kernel,
    not_equal_kernel,
    not_equal_raw_kernel,
)

__all__ = ["equal_kernel", "equal_raw_kernel", "greater_equal_kernel", "greater_equal_raw_kernel",
           "greater_than_kernel", "greater_than_raw_kernel", "less_equal_kernel",
           "less_equal_raw_kernel", "less_than_kernel", "less_than_raw_kernel",
           "not_equal_kernel", "not_equal_raw_kernel"]
