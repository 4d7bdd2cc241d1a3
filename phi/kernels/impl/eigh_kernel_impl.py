"""eigh and eigvalsh: one body each for every backend (math in
phi.kernels.funcs.linalg_matrix)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.funcs.unary_math import abs_out_dtype
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX


@register_kernel("eigh", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("eigh", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def eigh_kernel(dev_ctx: DeviceContext, x: DenseTensor, uplo: str, eigenvalues: OutTensor,
                eigenvectors: OutTensor) -> None:
    mat_funcs.eigh(dev_ctx.xp, x.data, uplo, dev_ctx.alloc(eigenvalues, abs_out_dtype(x.dtype)),
                   dev_ctx.alloc(eigenvectors, x.dtype))


@register_kernel("eigvalsh", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("eigvalsh", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def eigvalsh_kernel(dev_ctx: DeviceContext, x: DenseTensor, uplo: str, is_test: bool,
                    eigenvalues: OutTensor, eigenvectors: OptionalOutTensor) -> None:
    v_data = None if is_test or eigenvectors is None else dev_ctx.alloc(eigenvectors, x.dtype)
    mat_funcs.eigh(dev_ctx.xp, x.data, uplo,
                   dev_ctx.alloc(eigenvalues, abs_out_dtype(x.dtype)), v_data)
