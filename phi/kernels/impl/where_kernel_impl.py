"""where: out = x where condition is true, else y."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import compare as compare_funcs
from phi.kernels.impl.dtype_sets import BOOL_INT_FLOAT_COMPLEX, BOOL_INT_HALF_FLOAT_COMPLEX


@register_kernel("where", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
@register_kernel("where", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT_COMPLEX)
def where_kernel(dev_ctx: DeviceContext, condition: DenseTensor, x: DenseTensor,
                 y: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    compare_funcs.where(dev_ctx.xp, condition.data, x.data, y.data, data)
