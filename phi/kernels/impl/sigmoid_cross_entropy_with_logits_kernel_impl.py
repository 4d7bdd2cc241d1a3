"""sigmoid_cross_entropy_with_logits: one body for every backend (math in
phi.kernels.funcs.loss)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss as loss_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("sigmoid_cross_entropy_with_logits", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("sigmoid_cross_entropy_with_logits", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sigmoid_cross_entropy_with_logits_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                             label: DenseTensor,
                                             pos_weight: DenseTensor | None, normalize: bool,
                                             ignore_index: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    loss_funcs.sigmoid_cross_entropy_with_logits(
        dev_ctx.xp, x.data, label.data, None if pos_weight is None else pos_weight.data,
        normalize, ignore_index, data)
