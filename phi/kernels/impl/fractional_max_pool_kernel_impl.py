"""fractional_max_pool2d / fractional_max_pool3d (`fluidphi migrate` output of
legacy_fluid/operators/fractional_max_pool_op.py). Math in phi.kernels.funcs.pooling_nd."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pooling_nd as pool_funcs

_TYPES = [DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64]


def _fractional(dev_ctx: DeviceContext, x: DenseTensor, output_size: list[int],
                kernel_size: list[int], random_u: float, return_mask: bool, out: OutTensor,
                mask: OutTensor) -> None:
    dims = pool_funcs.fractional_out_dims(f"fractional_max_pool{len(x.dims) - 2}d", x.dims,
                                          output_size, kernel_size)
    pool_funcs.fractional_max_pool(dev_ctx.xp, x.data, output_size, kernel_size, random_u,
                                   return_mask, dev_ctx.alloc(out, x.dtype, dims),
                                   dev_ctx.alloc(mask, DataType.INT32, dims))


@register_kernel("fractional_max_pool2d", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("fractional_max_pool2d", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def fractional_max_pool2d_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                 output_size: list[int], kernel_size: list[int],
                                 random_u: float, return_mask: bool, out: OutTensor,
                                 mask: OutTensor) -> None:
    _fractional(dev_ctx, x, output_size, kernel_size, random_u, return_mask, out, mask)


@register_kernel("fractional_max_pool3d", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("fractional_max_pool3d", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def fractional_max_pool3d_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                 output_size: list[int], kernel_size: list[int],
                                 random_u: float, return_mask: bool, out: OutTensor,
                                 mask: OutTensor) -> None:
    _fractional(dev_ctx, x, output_size, kernel_size, random_u, return_mask, out, mask)
