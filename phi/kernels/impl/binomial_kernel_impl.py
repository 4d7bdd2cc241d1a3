"""binomial: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("binomial", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("binomial", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def binomial_kernel(dev_ctx: DeviceContext, count: DenseTensor, prob: DenseTensor,
                    out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.INT64)
    random_funcs.binomial(dev_ctx.xp, count.data, prob.data, data)
