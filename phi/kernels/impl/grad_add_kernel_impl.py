"""grad_add: out = x + y, NumPy broadcasting (math in phi.kernels.funcs.elementwise)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import elementwise as ew_funcs


@register_kernel("grad_add", Backend.CPU, DataLayout.ALL_LAYOUT, ew_funcs.GRAD_ADD_TYPES)
@register_kernel("grad_add", Backend.GPU, DataLayout.ALL_LAYOUT, ew_funcs.GRAD_ADD_TYPES)
def grad_add_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                    out: OutTensor) -> None:
    ew_funcs.add(dev_ctx.xp, x.data, y.data, -1, dev_ctx.alloc(out, x.dtype))
