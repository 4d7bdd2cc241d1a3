"""kldiv_loss: one body for every backend (math in phi.kernels.funcs.loss)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss as loss_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("kldiv_loss", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("kldiv_loss", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def kldiv_loss_kernel(dev_ctx: DeviceContext, x: DenseTensor, label: DenseTensor,
                      reduction: str, log_target: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    loss_funcs.kldiv_loss(dev_ctx.xp, x.data, label.data, reduction, log_target, data)
