"""lp_pool2d_grad and fractional_max_pool2d_grad / fractional_max_pool3d_grad: one body for
every backend (phi.kernels.funcs.pool_grad). The fractional grads read the forward's mask
alone (the windows, and the draw of u, only shaped it)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pool_grad as pool_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT

_HALF_FLOAT = [DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("lp_pool2d_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lp_pool2d_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lp_pool2d_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                          out_grad: DenseTensor, kernel_size: IntArray, strides: list[int],
                          paddings: list[int], ceil_mode: bool, exclusive: bool,
                          data_format: str, pooling_type: str, global_pooling: bool,
                          adaptive: bool, padding_algorithm: str, norm_type: float,
                          x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.lp_pool2d_grad(dev_ctx.xp, x.data, out.data, out_grad.data,
                                   kernel_size.get_data(), strides, paddings, ceil_mode,
                                   exclusive, data_format, pooling_type, global_pooling,
                                   adaptive, padding_algorithm, norm_type, data)


@register_kernel("fractional_max_pool2d_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _HALF_FLOAT)
@register_kernel("fractional_max_pool2d_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _HALF_FLOAT)
def fractional_max_pool2d_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                      mask: DenseTensor, out_grad: DenseTensor,
                                      output_size: list[int], kernel_size: list[int],
                                      random_u: float, return_mask: bool,
                                      x_grad: OutTensor) -> None:
    """fractional_max_pool2d_grad and fractional_max_pool3d_grad (the same math)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.fractional_max_pool_grad(dev_ctx.xp, mask.data, out_grad.data, data)


@register_kernel("fractional_max_pool3d_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _HALF_FLOAT)
@register_kernel("fractional_max_pool3d_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _HALF_FLOAT)
def fractional_max_pool3d_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                      mask: DenseTensor, out_grad: DenseTensor,
                                      output_size: list[int], kernel_size: list[int],
                                      random_u: float, return_mask: bool,
                                      x_grad: OutTensor) -> None:
    """fractional_max_pool2d_grad and fractional_max_pool3d_grad (the same math)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.fractional_max_pool_grad(dev_ctx.xp, mask.data, out_grad.data, data)
