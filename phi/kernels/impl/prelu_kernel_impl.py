"""prelu: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import prelu as prelu_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("prelu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("prelu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def prelu_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: DenseTensor, data_format: str,
                 mode: str, out: OutTensor) -> None:
    xd, ad = x.data, alpha.data
    data = dev_ctx.alloc(out, x.dtype)
    prelu_funcs.prelu(dev_ctx.xp, xd, ad, data_format, mode, data)
