"""warprnnt and warprnnt_grad: one body for every backend (math in
phi.kernels.funcs.loss_alignment)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss_alignment
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("warprnnt", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("warprnnt", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def warprnnt_kernel(dev_ctx: DeviceContext, input: DenseTensor, label: DenseTensor,
                    input_lengths: DenseTensor, label_lengths: DenseTensor, blank: int,
                    fastemit_lambda: float, loss: OutTensor, warprnntgrad: OutTensor) -> None:
    lens = loss_alignment.rnnt_lengths(input.data, label.data, input_lengths.data,
                                       label_lengths.data)
    loss_alignment.warprnnt(dev_ctx.xp, input.data, label.data, *lens, blank, fastemit_lambda,
                            dev_ctx.alloc(loss, input.dtype),
                            dev_ctx.alloc(warprnntgrad, input.dtype))


@register_kernel("warprnnt_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("warprnnt_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def warprnnt_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, input_lengths: DenseTensor,
                         warprnntgrad: DenseTensor, loss_grad: DenseTensor, blank: int,
                         fastemit_lambda: float, input_grad: OutTensor) -> None:
    loss_alignment.warprnnt_grad(dev_ctx.xp, warprnntgrad.data, loss_grad.data,
                                 dev_ctx.alloc(input_grad, input.dtype))
