"""reshape: x's elements in new dims; the optional xshape output records x's dims only."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reshape as reshape_funcs


@register_kernel("reshape", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.ALL_DTYPE)
@register_kernel("reshape", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.ALL_DTYPE)
def reshape_kernel(dev_ctx: DeviceContext, x: DenseTensor, shape: IntArray, out: OutTensor,
                   xshape: OptionalOutTensor) -> None:
    """xshape keeps the dims InferMeta gave it, [0, *x.dims], and no buffer (as Paddle's)."""
    data = dev_ctx.alloc(out, x.dtype)
    reshape_funcs.reshape(dev_ctx.xp, x.data, data)
