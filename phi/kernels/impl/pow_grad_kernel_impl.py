"""pow_grad: x_grad = out_grad * y * x ** (y - 1) (conjugated for complex x; zeros for y 0)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math_grad
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT_COMPLEX, FLOAT_INT_COMPLEX


@register_kernel("pow_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("pow_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def pow_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                    y: Scalar, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    unary_math_grad.pow_grad(dev_ctx.xp, x.data, out_grad.data, y.to(float), data)
