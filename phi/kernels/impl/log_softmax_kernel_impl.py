"""log_softmax: out = log(softmax(x)) along `axis` (half types computed in float32)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("log_softmax", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("log_softmax", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def log_softmax_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int,
                       out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.log_softmax(dev_ctx.xp, x.data, axis, data)
