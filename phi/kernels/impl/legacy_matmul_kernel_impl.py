"""legacy_matmul (fluid's matmul v1): out = alpha * (op(x) @ op(y))."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import matmul as matmul_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("legacy_matmul", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("legacy_matmul", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def legacy_matmul_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                         transpose_x: bool, transpose_y: bool, alpha: float,
                         out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    matmul_funcs.matmul(dev_ctx.xp, x.data, y.data, transpose_x, transpose_y, data, alpha)
