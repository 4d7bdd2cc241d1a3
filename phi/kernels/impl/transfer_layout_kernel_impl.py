"""transfer_layout: one body for every backend (math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_CPU_TYPES = [*manip_funcs.VIEW_TYPES, *FLOAT8_TYPES]


@register_kernel("transfer_layout", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("transfer_layout", Backend.GPU, DataLayout.ALL_LAYOUT, manip_funcs.VIEW_TYPES)
def transfer_layout_kernel(dev_ctx: DeviceContext, x: DenseTensor, src_layout: int,
                           dst_layout: int, out: OutTensor) -> None:
    axes = manip_funcs.transfer_layout_axes("transfer_layout", x.layout, src_layout,
                                            dst_layout, len(x.dims))
    out.resize(tuple(x.dims) if axes is None else tuple(x.dims[a] for a in axes))
    out.layout = DataLayout(dst_layout)
    manip_funcs.transfer_layout(dev_ctx.xp, axes, x.data, dev_ctx.alloc(out, x.dtype))
