"""unstack: one body for every backend (math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.impl.dtype_sets import INT_FLOAT_COMPLEX


@register_kernel("unstack", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("unstack", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def unstack_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, num: int,
                   y: OutTensorList) -> None:
    datas = [None if o is None else dev_ctx.alloc(o, x.dtype) for o in y]
    manip_funcs.unstack(dev_ctx.xp, x.data, axis, num, datas)
