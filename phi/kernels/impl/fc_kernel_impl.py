"""fc: out = act(input flattened at in_num_col_dims @ w + bias)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import fused as fused_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("fc", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("fc", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def fc_kernel(dev_ctx: DeviceContext, input: DenseTensor, w: DenseTensor,
              bias: DenseTensor | None, in_num_col_dims: int, activation_type: str,
              padding_weights: bool, out: OutTensor) -> None:
    if padding_weights:
        raise ValueError("fc: padding_weights (a padded W) is not supported")
    data = dev_ctx.alloc(out, input.dtype)
    fused_funcs.fc(dev_ctx.xp, input.data, w.data, None if bias is None else bias.data,
                   in_num_col_dims, activation_type, data)
