"""hardswish (threshold 6, scale 6, offset 3) and hardswish_raw (all three as attributes)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX, FLOAT_HALF


@register_kernel("hardswish", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("hardswish", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def hardswish_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    xd = x.data
    act_funcs.hardswish(dev_ctx.xp, xd, 6.0, 6.0, 3.0, dev_ctx.alloc(out, x.dtype))


@register_kernel("hardswish_raw", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("hardswish_raw", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def hardswish_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float,
                         scale: float, offset: float, out: OutTensor) -> None:
    xd = x.data
    act_funcs.hardswish(dev_ctx.xp, xd, threshold, scale, offset, dev_ctx.alloc(out, x.dtype))
