"""concat: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import concat_split as cs_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES
from phi.kernels.impl.dtype_sets import (
    BOOL_INTS_FLOAT_HALF_BF16_COMPLEX,
    BOOL_INTS_FLOAT_HALF_COMPLEX,
)


@register_kernel("concat", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*BOOL_INTS_FLOAT_HALF_BF16_COMPLEX, *FLOAT8_TYPES])
@register_kernel("concat", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def concat_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], axis: Scalar,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, out.dtype)
    cs_funcs.concat(dev_ctx.xp, [t.data for t in x], axis.to(int), data)
