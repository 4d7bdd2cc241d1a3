"""slogdet_v2: one body for every backend (math in phi.kernels.funcs.linalg_matrix)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.funcs.unary_math import abs_out_dtype
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX


@register_kernel("slogdet_v2", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("slogdet_v2", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def slogdet_v2_kernel(dev_ctx: DeviceContext, x: DenseTensor, sign: OutTensor,
                      logdet: OutTensor) -> None:
    mat_funcs.slogdet_v2(dev_ctx.xp, x.data, dev_ctx.alloc(sign, x.dtype),
                         dev_ctx.alloc(logdet, abs_out_dtype(x.dtype)))
