"""conv2d(input, filter, strides: list[int], paddings: list[int], padding_algorithm: str,
dilations: list[int], groups: int, data_format: str) -> out."""

from phi.kernels.impl.conv2d_kernel_impl import conv2d_kernel

__all__ = ["conv2d_kernel"]
