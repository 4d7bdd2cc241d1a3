"""log_loss: one body for every backend (math in phi.kernels.funcs.loss)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss as loss_funcs


@register_kernel("log_loss", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("log_loss", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def log_loss_kernel(dev_ctx: DeviceContext, input: DenseTensor, label: DenseTensor,
                    epsilon: float, out: OutTensor) -> None:
    loss_funcs.log_loss(dev_ctx.xp, input.data, label.data, epsilon,
                        dev_ctx.alloc(out, input.dtype))
