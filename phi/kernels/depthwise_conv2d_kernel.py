"""depthwise_conv2d(input, filter, strides: list[int], paddings: list[int],
padding_algorithm: str, groups: int, dilations: list[int], data_format: str) -> out."""

from phi.kernels.impl.depthwise_conv2d_kernel_impl import depthwise_conv2d_kernel

__all__ = ["depthwise_conv2d_kernel"]
