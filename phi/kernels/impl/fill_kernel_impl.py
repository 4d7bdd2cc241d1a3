"""fill (fluid's fill_any): x's dims and type filled with one value; one body for every
backend (math in phi.kernels.funcs.creation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES, WIDE_UNSIGNED_TYPES
from phi.kernels.impl.dtype_sets import ALL_TYPES, ALL_TYPES_NO_BF16


@register_kernel("fill", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*ALL_TYPES, *WIDE_UNSIGNED_TYPES, *FLOAT8_TYPES])
@register_kernel("fill", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def fill_kernel(dev_ctx: DeviceContext, x: DenseTensor, value: Scalar, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    creation_funcs.fill(dev_ctx.xp, value.to(float), data)
