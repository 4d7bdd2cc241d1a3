"""bilinear (legacy bilinear_tensor_product): one body for every backend (math in
phi.kernels.funcs.linalg)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("bilinear", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("bilinear", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def bilinear_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, weight: DenseTensor,
                    bias: DenseTensor | None, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.bilinear(dev_ctx.xp, x.data, y.data, weight.data,
                      None if bias is None else bias.data, data)
