"""lu_solve: one body for every backend (math in phi.kernels.funcs.linalg)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX


@register_kernel("lu_solve", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("lu_solve", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def lu_solve_kernel(dev_ctx: DeviceContext, b: DenseTensor, lu: DenseTensor, pivots: DenseTensor,
                    trans: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, b.dtype)
    la_funcs.lu_solve(dev_ctx.xp, b.data, lu.data, pivots.data, trans, data)
