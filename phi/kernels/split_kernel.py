"""split(x, sections: IntArray, axis: Scalar) -> out: list[Tensor];
split_with_num(x, num: int, axis: Scalar) -> out: list[Tensor].

Consecutive windows of x along `axis` (negative counts from the end): of the
given sizes (one may be -1: whatever remains), or `num` equal parts.
"""

from phi.kernels.impl.split_kernel_impl import split_kernel, split_with_num_kernel

__all__ = ["split_kernel", "split_with_num_kernel"]
