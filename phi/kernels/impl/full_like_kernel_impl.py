"""full_like: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import full_like as fl_funcs
from phi.kernels.impl.dtype_sets import (
    BOOL_INTS_FLOAT_HALF_BF16_COMPLEX,
    BOOL_INTS_FLOAT_HALF_COMPLEX,
)


@register_kernel("full_like", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("full_like", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def full_like_kernel(dev_ctx: DeviceContext, x: DenseTensor, value: Scalar, dtype: DataType,
                     out: OutTensor) -> None:
    out_dtype = fl_funcs.full_like_dtype(x.dtype, dtype)
    fill = value.to(float)
    fl_funcs.check_fill_value(fill, out_dtype)
    data = dev_ctx.alloc(out, out_dtype)
    fl_funcs.full_like(dev_ctx.xp, fill, data)
