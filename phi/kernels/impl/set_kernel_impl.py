"""set: one body for every backend (math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs


@register_kernel("set", Backend.CPU, DataLayout.ALL_LAYOUT, manip_funcs.VIEW_TYPES)
@register_kernel("set", Backend.GPU, DataLayout.ALL_LAYOUT, manip_funcs.VIEW_TYPES)
def set_kernel(dev_ctx: DeviceContext, x: DenseTensor, source: DenseTensor, dims: list[int],
               stride: list[int], offset: int, out: OutTensor) -> None:
    out.resize(manip_funcs.set_dims("set", dims, stride))
    manip_funcs.strided_view(dev_ctx.xp, "set", x.data, source.data, dims, stride, offset,
                             dev_ctx.alloc(out, x.dtype))
