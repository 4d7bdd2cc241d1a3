"""Sliding-block kernels (`fluidphi migrate` output of legacy_fluid/operators/fold_op.py):
unfold (im2col) and fold (col2im). Math in phi.kernels.funcs.fold.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import fold as fold_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX


@register_kernel("unfold", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("unfold", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def unfold_kernel(dev_ctx: DeviceContext, x: DenseTensor, kernel_sizes: list[int],
                  strides: list[int], paddings: list[int], dilations: list[int],
                  y: OutTensor) -> None:
    data = dev_ctx.alloc(y, x.dtype)
    fold_funcs.unfold(dev_ctx.xp, x.data, kernel_sizes, strides, paddings, dilations, data)


@register_kernel("fold", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("fold", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def fold_kernel(dev_ctx: DeviceContext, x: DenseTensor, output_sizes: list[int],
                kernel_sizes: list[int], strides: list[int], paddings: list[int],
                dilations: list[int], y: OutTensor) -> None:
    data = dev_ctx.alloc(y, x.dtype)
    fold_funcs.fold(dev_ctx.xp, x.data, output_sizes, kernel_sizes, strides, paddings,
                    dilations, data)
