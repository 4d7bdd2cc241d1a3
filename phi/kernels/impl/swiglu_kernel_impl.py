"""swiglu: one body for every backend (math in phi.kernels.funcs.activation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("swiglu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("swiglu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def swiglu_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor | None,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.swiglu(dev_ctx.xp, x.data, None if y is None else y.data, data)
