"""relu6 (threshold fixed at 6) and relu6_raw (threshold as an attribute)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("relu6", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("relu6", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def relu6_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    xd = x.data
    act_funcs.relu6(dev_ctx.xp, xd, 6.0, dev_ctx.alloc(out, x.dtype))


@register_kernel("relu6_raw", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("relu6_raw", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def relu6_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float,
                     out: OutTensor) -> None:
    xd = x.data
    act_funcs.relu6(dev_ctx.xp, xd, threshold, dev_ctx.alloc(out, x.dtype))
