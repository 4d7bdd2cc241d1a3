"""deformable_conv_grad: one body for every backend (phi.kernels.funcs.deformable_conv_grad);
deformable_conv_v1_grad maps here without Mask (compat/ops/deformable_conv_sig.py)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import deformable_conv_grad as dconv_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("deformable_conv_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("deformable_conv_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def deformable_conv_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, offset: DenseTensor,
                                filter: DenseTensor, mask: DenseTensor | None,
                                out_grad: DenseTensor, strides: list[int],
                                paddings: list[int], dilations: list[int],
                                deformable_groups: int, groups: int, im2col_step: int,
                                x_grad: OptionalOutTensor, offset_grad: OptionalOutTensor,
                                filter_grad: OptionalOutTensor,
                                mask_grad: OptionalOutTensor) -> None:
    """im2col_step only batches Paddle's work: the result does not depend on it."""
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    doff = None if offset_grad is None else dev_ctx.alloc(offset_grad, offset.dtype)
    dw = None if filter_grad is None else dev_ctx.alloc(filter_grad, filter.dtype)
    dm = None if mask_grad is None or mask is None else dev_ctx.alloc(mask_grad, mask.dtype)
    dconv_grad_funcs.deformable_conv_grad(dev_ctx.xp, x.data, offset.data, filter.data,
                                          None if mask is None else mask.data, out_grad.data,
                                          strides, paddings, dilations, groups,
                                          deformable_groups, dx, doff, dw, dm)
