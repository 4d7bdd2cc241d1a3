"""variance: one body for every backend (math in phi.kernels.funcs.reduce)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("variance", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("variance", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def variance_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
                    out: OutTensor) -> None:
    reduce_funcs.variance(dev_ctx.xp, x.data, axis, dev_ctx.alloc(out, x.dtype))
