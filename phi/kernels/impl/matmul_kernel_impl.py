"""matmul: out = op(x) @ op(y), op transposing the last two dims when asked; matmul_grad
(float32 / float64 / complex64 / complex128): x_grad and y_grad, either may be left out."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import matmul as matmul_funcs
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX, FLOAT_HALF_BF16_COMPLEX, FLOAT_INT_COMPLEX


# Paddle 3.3.1's CPU kernels (integers exact: no float round trip); the GPU ones keep the
# half types (accumulated in float32).
@register_kernel("matmul", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("matmul", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16_COMPLEX)
def matmul_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, transpose_x: bool,
                  transpose_y: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    matmul_funcs.matmul(dev_ctx.xp, x.data, y.data, transpose_x, transpose_y, data)


@register_kernel("matmul_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("matmul_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def matmul_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                       out_grad: DenseTensor, transpose_x: bool, transpose_y: bool,
                       x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype)
    matmul_funcs.matmul_grad(dev_ctx.xp, x.data, y.data, out_grad.data, transpose_x,
                             transpose_y, dx, dy)
