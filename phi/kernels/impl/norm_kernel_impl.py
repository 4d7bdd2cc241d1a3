"""norm (L2 normalisation): one body for every backend (math in phi.kernels.funcs.linalg)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, epsilon: float, is_test: bool,
                out: OutTensor, norm: OptionalOutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    norm_data = None if is_test or norm is None else dev_ctx.alloc(norm, x.dtype)
    la_funcs.l2_normalize(dev_ctx.xp, x.data, axis, epsilon, data, norm_data)
