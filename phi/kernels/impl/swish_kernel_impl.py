"""swish (beta fixed at 1) and swish_raw (beta as an attribute): x / (1 + exp(-beta x))."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("swish", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("swish", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def swish_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    xd = x.data
    act_funcs.swish(dev_ctx.xp, xd, 1.0, dev_ctx.alloc(out, x.dtype))


@register_kernel("swish_raw", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("swish_raw", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def swish_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, beta: float,
                     out: OutTensor) -> None:
    xd = x.data
    act_funcs.swish(dev_ctx.xp, xd, beta, dev_ctx.alloc(out, x.dtype))
