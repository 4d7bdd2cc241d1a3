"""standard_gamma: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs

_TYPES = [DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("standard_gamma", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("standard_gamma", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def standard_gamma_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    random_funcs.standard_gamma(dev_ctx.xp, x.data, dev_ctx.alloc(out, x.dtype))
