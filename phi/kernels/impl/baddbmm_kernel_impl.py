"""baddbmm: one body for every backend (addmm's math in phi.kernels.funcs.linalg)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("baddbmm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("baddbmm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def baddbmm_kernel(dev_ctx: DeviceContext, input: DenseTensor, x: DenseTensor, y: DenseTensor,
                   beta: float, alpha: float, out: OutTensor) -> None:
    inp = input
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.addmm(dev_ctx.xp, inp.data, x.data, y.data, beta, alpha, data)
