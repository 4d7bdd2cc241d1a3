"""matrix_rank_atol_rtol: one body for every backend (math in phi.kernels.funcs.linalg)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX


@register_kernel("matrix_rank_atol_rtol", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("matrix_rank_atol_rtol", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def matrix_rank_atol_rtol_kernel(dev_ctx: DeviceContext, x: DenseTensor, atol: DenseTensor,
                                 rtol: DenseTensor | None, hermitian: bool,
                                 out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.INT64)
    la_funcs.matrix_rank_atol_rtol(dev_ctx.xp, x.data, atol.data,
                                   None if rtol is None else rtol.data, hermitian, data)
