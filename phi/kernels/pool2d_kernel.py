"""pool2d(x, kernel_size: IntArray, strides: list[int], paddings: list[int], ceil_mode: bool,
exclusive: bool, data_format: str, pooling_type: str, global_pooling: bool, adaptive: bool,
padding_algorithm: str) -> out."""

from phi.kernels.impl.pool2d_kernel_impl import pool2d_kernel

__all__ = ["pool2d_kernel"]
