"""full_batch_size_like (fluid's fill_constant_batch_size_like): one body for every backend
(dims in phi.kernels.funcs.creation, the fill in phi.kernels.funcs.full_like)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import full_like as fl_funcs
from phi.kernels.impl.dtype_sets import BOOL_INT_FLOAT


@register_kernel("full_batch_size_like", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT)
@register_kernel("full_batch_size_like", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT)
def full_batch_size_like_kernel(dev_ctx: DeviceContext, input: DenseTensor, shape: list[int],
                                dtype: DataType, value: Scalar, input_dim_idx: int,
                                output_dim_idx: int, out: OutTensor) -> None:
    fl_funcs.check_fill_value(float(value.value), dtype)
    data = dev_ctx.alloc(out, dtype)
    fl_funcs.full_like(dev_ctx.xp, float(value.value), data)
