"""lrn: one body for every backend (math in phi.kernels.funcs.vision_norm)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_norm as norm_funcs


@register_kernel("lrn", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("lrn", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def lrn_kernel(dev_ctx: DeviceContext, x: DenseTensor, n: int, k: float, alpha: float,
               beta: float, data_format: str, out: OutTensor, mid_out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    mid = dev_ctx.alloc(mid_out, x.dtype)
    norm_funcs.lrn(dev_ctx.xp, x.data, n, k, alpha, beta, data_format, data, mid)
