"""Lowering of fused_conv2d_add_act (what conv2d + bias + activation fuse to): the funcs'
conv2d_add_act on the step's buffers, with the device context's workspaces."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import fused as fused_funcs
from phi.kernels.impl.fused_conv2d_add_act_kernel_impl import fused_conv2d_add_act_kernel
from phi.lowering import FLOATS, Emit, NotLowerableError, lowers


@lowers("fused_conv2d_add_act", fused_conv2d_add_act_kernel, FLOATS)
def fused_conv2d_add_act(emit: Emit, input: Any, filter: Any, bias: Any, residual_data: Any,
                         strides: list[int], paddings: list[int], padding_algorithm: str,
                         dilations: list[int], groups: int, data_format: str,
                         activation: str, split_channels: list[int], exhaustive_search: bool,
                         workspace_size_mb: int, fuse_alpha: float, output: Any,
                         outputs: Any) -> list[str]:
    if split_channels:
        raise NotLowerableError("fused_conv2d_add_act: split_channels (the kernel refuses it)")
    return [emit.call(fused_funcs.conv2d_add_act, emit.xp, emit.array(input),
                      emit.array(filter), emit.optional(bias), emit.optional(residual_data),
                      emit.value(strides, "strides"), emit.value(paddings, "paddings"),
                      padding_algorithm, emit.value(dilations, "dilations"), groups,
                      data_format, activation, fuse_alpha, emit.output(output, input.dtype),
                      emit.workspace)]
