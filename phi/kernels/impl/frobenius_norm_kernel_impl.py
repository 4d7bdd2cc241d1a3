"""frobenius_norm: one body for every backend (math in phi.kernels.funcs.linalg)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX


@register_kernel("frobenius_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("frobenius_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def frobenius_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                          reduce_all: bool, out: OutTensor) -> None:
    la_funcs.frobenius_norm(dev_ctx.xp, x.data, axis.get_data(), reduce_all,
                            dev_ctx.alloc(out, x.dtype))
