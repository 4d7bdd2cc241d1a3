"""softmax along one axis, shifted by the max for stability."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import softmax as softmax_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF_BF16


@register_kernel("softmax", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("softmax", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16)
def softmax_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    softmax_funcs.softmax(dev_ctx.xp, x.data, axis, data)
