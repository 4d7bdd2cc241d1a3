"""expand_grad and tile_grad: the output gradient summed back onto x's dims (x's values
are not read: no_need_buffer)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import expand_grad as expand_grad_funcs

_EXPAND_TYPES = list(expand_grad_funcs.EXPAND_GRAD_TYPES)
_TILE_TYPES = list(expand_grad_funcs.TILE_GRAD_TYPES)


@register_kernel("expand_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _EXPAND_TYPES)
@register_kernel("expand_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 list(expand_grad_funcs.EXPAND_GRAD_GPU_TYPES))
def expand_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                       shape: IntArray, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype, tuple(x.dims))
    expand_grad_funcs.expand_grad(dev_ctx.xp, tuple(x.dims), out_grad.data, data)


@register_kernel("tile_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _TILE_TYPES)
@register_kernel("tile_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _TILE_TYPES)
def tile_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     repeat_times: IntArray, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype, tuple(x.dims))
    expand_grad_funcs.tile_grad(dev_ctx.xp, tuple(x.dims), out_grad.data, data)
