"""spectral_norm: one body for every backend (math in phi.kernels.funcs.vision_norm)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_norm as norm_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("spectral_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("spectral_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def spectral_norm_kernel(dev_ctx: DeviceContext, weight: DenseTensor, u: DenseTensor,
                         v: DenseTensor, dim: int, power_iters: int, eps: float,
                         out: OutTensor) -> None:
    data = dev_ctx.alloc(out, weight.dtype)
    norm_funcs.spectral_norm(dev_ctx.xp, weight.data, u.data, v.data, dim, power_iters, eps,
                             data)
