"""coalesce_tensor: the inputs in one flat buffer (copied, or filled with `constant`);
output i the buffer's piece i, copied. Layout and fill in phi.kernels.funcs.coalesce."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import coalesce as coalesce_funcs

_TYPES = [DataType.INT32, DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("coalesce_tensor", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("coalesce_tensor", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def coalesce_tensor_kernel(dev_ctx: DeviceContext, input: list[DenseTensor],
                           dtype: DataType, copy_data: bool, set_constant: bool,
                           persist_output: bool, constant: float, use_align: bool,
                           align_size: int, size_of_dtype: int, concated_shapes: list[int],
                           concated_ranks: list[int], output: OutTensorList,
                           fused_output: OutTensor) -> None:
    lengths = coalesce_funcs.checked_lengths(
        "coalesce_tensor", [t.numel() for t in input], [t.dtype for t in input], dtype,
        copy_data, set_constant, use_align, align_size, size_of_dtype, dev_ctx.place.is_gpu)
    fused = dev_ctx.alloc(fused_output, dtype, (sum(lengths),))
    coalesce_funcs.fill_fused(dev_ctx.xp, [t.data for t in input], lengths, copy_data,
                              constant, fused)
    coalesce_funcs.split_fused(fused, lengths, [dev_ctx.alloc(o, dtype, t.dims)
                                                for o, t in zip(output, input)])
