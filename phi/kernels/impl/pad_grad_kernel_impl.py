"""Grads of the pad family: pad_grad and pad3d_grad; one body each for every backend (math
in phi.kernels.funcs.pad_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pad_grad as pad_grad_funcs


@register_kernel("pad_grad", Backend.CPU, DataLayout.ALL_LAYOUT, pad_grad_funcs.PAD_GRAD_TYPES)
@register_kernel("pad_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 pad_grad_funcs.PAD_GRAD_GPU_TYPES)
def pad_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, paddings: list[int],
                    pad_value: float, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pad_grad_funcs.pad_grad(dev_ctx.xp, out_grad.data, paddings, data)


@register_kernel("pad3d_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 pad_grad_funcs.PAD3D_GRAD_TYPES)
@register_kernel("pad3d_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 pad_grad_funcs.PAD3D_GRAD_TYPES)
def pad3d_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                      paddings: IntArray, mode: str, value: float, data_format: str,
                      x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pad_grad_funcs.pad3d_grad(dev_ctx.xp, out_grad.data, paddings.get_data(), mode,
                              data_format, data)
