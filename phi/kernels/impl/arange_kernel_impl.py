"""arange (fluid's range): bounds are 1-element tensors read on the host."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import arange as arange_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT

_HOST_BOUNDS = {name: {"backend": Backend.CPU} for name in ("start", "end", "step")}


@register_kernel("arange", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("arange", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_HOST_BOUNDS)
def arange_kernel(dev_ctx: DeviceContext, start: DenseTensor, end: DenseTensor,
                  step: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, start.dtype)
    arange_funcs.arange(dev_ctx.xp, start.numpy().reshape(-1)[0], step.numpy().reshape(-1)[0],
                        data)
