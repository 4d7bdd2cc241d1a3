"""pow: out = x ** y, y a Scalar cast to x's element type first."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT_COMPLEX, FLOAT_INT_COMPLEX


@register_kernel("pow", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("pow", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def pow_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: Scalar, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.pow(dev_ctx.xp, x.data, y.to(float), data)
