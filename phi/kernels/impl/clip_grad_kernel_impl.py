"""clip_grad: x_grad = out_grad where min <= x <= max, else 0 (bounds cast to x's type)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math_grad
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT, FLOAT_INT


@register_kernel("clip_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("clip_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
def clip_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     min: Scalar, max: Scalar, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    unary_math_grad.clip_grad(dev_ctx.xp, x.data, out_grad.data, min.to(float), max.to(float),
                              data)
