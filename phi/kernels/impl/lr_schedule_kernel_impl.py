"""increment: the step counter of learning-rate schedules written as program ops."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import lr_schedule as lr_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("increment", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("increment", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def increment_kernel(dev_ctx: DeviceContext, x: DenseTensor, value: float,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    lr_funcs.increment(dev_ctx.xp, x.data, value, data)
