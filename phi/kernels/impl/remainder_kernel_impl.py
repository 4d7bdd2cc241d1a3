"""remainder: Python's `%`, the remainder takes y's sign (a zero float remainder keeps
x's sign); an integer zero divisor is an error.

`remainder` broadcasts NumPy-style; `remainder_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import elementwise as ew_funcs

_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64]


@register_kernel("remainder", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("remainder", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def remainder_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    ew_funcs.remainder(dev_ctx.xp, x.data, y.data, -1, data)


@register_kernel("remainder_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("remainder_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def remainder_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                         out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    ew_funcs.remainder(dev_ctx.xp, x.data, y.data, axis, data)
