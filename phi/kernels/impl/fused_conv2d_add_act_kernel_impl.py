"""fused_conv2d_add_act: output = act(conv2d(input, filter) + bias + residual_data)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import fused as fused_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("fused_conv2d_add_act", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("fused_conv2d_add_act", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def fused_conv2d_add_act_kernel(
        dev_ctx: DeviceContext, input: DenseTensor, filter: DenseTensor,
        bias: DenseTensor | None, residual_data: DenseTensor | None, strides: list[int],
        paddings: list[int], padding_algorithm: str, dilations: list[int], groups: int,
        data_format: str, activation: str, split_channels: list[int], exhaustive_search: bool,
        workspace_size_MB: int, fuse_alpha: float,  # noqa: N803 (Paddle's name)
        output: OutTensor, outputs: OutTensorList) -> None:
    if split_channels:
        raise ValueError("fused_conv2d_add_act: split_channels (several outputs) is not "
                         "supported; one output is computed")
    data = dev_ctx.alloc(output, input.dtype)
    fused_funcs.conv2d_add_act(
        dev_ctx.xp, input.data, filter.data, None if bias is None else bias.data,
        None if residual_data is None else residual_data.data, strides, paddings,
        padding_algorithm, dilations, groups, data_format, activation, fuse_alpha, data,
        dev_ctx.workspace)
