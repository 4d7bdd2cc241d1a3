"""l1_norm: one body for every backend (math in phi.kernels.funcs.linalg)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs


@register_kernel("l1_norm", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("l1_norm", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def l1_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    la_funcs.l1_norm(dev_ctx.xp, x.data, dev_ctx.alloc(out, x.dtype))
