"""svd and svdvals: one body each for every backend (math in phi.kernels.funcs.linalg_matrix)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.funcs.unary_math import abs_out_dtype
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX


@register_kernel("svd", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("svd", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def svd_kernel(dev_ctx: DeviceContext, x: DenseTensor, full_matrices: bool, u: OutTensor,
               s: OutTensor, vh: OutTensor) -> None:
    mat_funcs.svd(dev_ctx.xp, x.data, full_matrices, dev_ctx.alloc(u, x.dtype),
                  dev_ctx.alloc(s, abs_out_dtype(x.dtype)), dev_ctx.alloc(vh, x.dtype))


@register_kernel("svdvals", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("svdvals", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def svdvals_kernel(dev_ctx: DeviceContext, x: DenseTensor, s: OutTensor) -> None:
    mat_funcs.svdvals(dev_ctx.xp, x.data, dev_ctx.alloc(s, x.dtype))
