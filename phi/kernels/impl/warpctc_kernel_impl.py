"""warpctc: one body for every backend (math in phi.kernels.funcs.loss_alignment)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss_alignment
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("warpctc", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("warpctc", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def warpctc_kernel(dev_ctx: DeviceContext, logits: DenseTensor, label: DenseTensor,
                   logits_length: DenseTensor | None, label_length: DenseTensor | None,
                   blank: int, norm_by_times: bool, loss: OutTensor,
                   warp_ctc_grad: OutTensor) -> None:
    batch = loss_alignment.ctc_batch(
        dev_ctx.xp, logits.data, label.data, logits.lod, label.lod,
        None if logits_length is None else logits_length.data,
        None if label_length is None else label_length.data)
    loss_alignment.warpctc(dev_ctx.xp, *batch, blank, norm_by_times,
                           dev_ctx.alloc(loss, logits.dtype),
                           dev_ctx.alloc(warp_ctc_grad, logits.dtype))


@register_kernel("warpctc_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("warpctc_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def warpctc_grad_kernel(dev_ctx: DeviceContext, warp_ctc_grad: DenseTensor, logits: DenseTensor,
                        loss_grad: DenseTensor, logits_length: DenseTensor | None, blank: int,
                        norm_by_times: bool, logits_grad: OutTensor) -> None:
    loss_alignment.warpctc_grad(dev_ctx.xp, warp_ctc_grad.data, loss_grad.data,
                                None if logits_length is None else logits_length.data,
                                logits.lod, logits.dims[0], norm_by_times,
                                dev_ctx.alloc(logits_grad, logits.dtype))
