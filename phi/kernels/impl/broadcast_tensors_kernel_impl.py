"""broadcast_tensors: one body for every backend (math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.impl.dtype_sets import BOOL_INT_HALF_FLOAT_COMPLEX


@register_kernel("broadcast_tensors", Backend.CPU, DataLayout.ALL_LAYOUT,
                 BOOL_INT_HALF_FLOAT_COMPLEX)
@register_kernel("broadcast_tensors", Backend.GPU, DataLayout.ALL_LAYOUT,
                 BOOL_INT_HALF_FLOAT_COMPLEX)
def broadcast_tensors_kernel(dev_ctx: DeviceContext, x: list[DenseTensor],
                             out: OutTensorList) -> None:
    datas = [None if o is None else dev_ctx.alloc(o, t.dtype) for t, o in zip(x, out)]
    manip_funcs.broadcast_tensors(dev_ctx.xp, [t.data for t in x], datas)
