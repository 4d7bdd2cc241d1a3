"""gelu: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import gelu as gelu_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("gelu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gelu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def gelu_kernel(dev_ctx: DeviceContext, x: DenseTensor, approximate: bool,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    gelu_funcs.gelu(dev_ctx.xp, x.data, approximate, data)
