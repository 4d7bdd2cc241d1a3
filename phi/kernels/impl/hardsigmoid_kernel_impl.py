"""hardsigmoid: clip(slope * x + offset, 0, 1)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("hardsigmoid", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("hardsigmoid", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def hardsigmoid_kernel(dev_ctx: DeviceContext, x: DenseTensor, slope: float, offset: float,
                       out: OutTensor) -> None:
    xd = x.data
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.hardsigmoid(dev_ctx.xp, xd, slope, offset, data)
