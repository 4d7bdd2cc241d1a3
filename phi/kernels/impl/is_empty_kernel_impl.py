"""is_empty: one body for every backend (phi.kernels.funcs.controlflow)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import controlflow as controlflow_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("is_empty", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("is_empty", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def is_empty_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    controlflow_funcs.is_empty(dev_ctx.xp, x.data, data)
