"""layer_norm(x, scale?, bias?, epsilon: float, begin_norm_axis: int) -> out, mean?, variance?.

out = (x - mean) / sqrt(variance + epsilon) * scale + bias, with statistics
over the dims from begin_norm_axis on; mean and variance have dims
x.dims[:begin_norm_axis], float32 for half inputs, else x's dtype.
"""

from phi.kernels.impl.layer_norm_kernel_impl import layer_norm_kernel

__all__ = ["layer_norm_kernel"]
