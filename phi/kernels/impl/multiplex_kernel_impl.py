"""multiplex: one body for every backend (math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.impl.dtype_sets import INT_FLOAT_COMPLEX

#: the ids are used as given (int32; the API would cast them to the data's dtype)
_IDS = {"ids": {"backend": Backend.ALL_BACKEND}}


@register_kernel("multiplex", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX,
                 arg_overrides=_IDS)
@register_kernel("multiplex", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX,
                 arg_overrides=_IDS)
def multiplex_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], ids: DenseTensor,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x[0].dtype)
    manip_funcs.multiplex(dev_ctx.xp, [t.data for t in x], ids.data, data)
