"""squeeze: the data is copied into out's dims (set by InferMeta)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import squeeze as sq_funcs
from phi.kernels.impl.dtype_sets import (
    BOOL_INTS_FLOAT_HALF_BF16_COMPLEX,
    BOOL_INTS_FLOAT_HALF_COMPLEX,
)


@register_kernel("squeeze", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("squeeze", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def squeeze_kernel(dev_ctx: DeviceContext, x: DenseTensor, axes: IntArray,
                   out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    sq_funcs.reshape_copy(x.data, data)

