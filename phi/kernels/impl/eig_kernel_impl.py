"""eig and eigvals: one body each for every backend (math in
phi.kernels.funcs.linalg_matrix)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX


@register_kernel("eig", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("eig", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def eig_kernel(dev_ctx: DeviceContext, x: DenseTensor, eigenvalues: OutTensor,
               eigenvectors: OutTensor) -> None:
    dtype = mat_funcs.eig_out_dtype(x.dtype)
    mat_funcs.eig(dev_ctx.xp, x.data, dev_ctx.alloc(eigenvalues, dtype),
                  dev_ctx.alloc(eigenvectors, dtype))


@register_kernel("eigvals", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("eigvals", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def eigvals_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, mat_funcs.eig_out_dtype(x.dtype))
    mat_funcs.eigvals(dev_ctx.xp, x.data, data)
