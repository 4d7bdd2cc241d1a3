"""Backward kernels of atan2, copysign and lerp (backward.yaml names): one body per kernel
for every backend; the math is phi.kernels.funcs.binary_math_grad."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import binary_math_grad
from phi.kernels.impl.dtype_sets import BOOL_INTS_HALF_BF16_FLOAT, FLOAT, FLOAT_HALF
from phi.kernels.impl.elementwise_templates import binary_grad


@register_kernel("atan2_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
@register_kernel("atan2_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def atan2_grad_kernel(dev_ctx: DeviceContext, x1: DenseTensor, x2: DenseTensor,
                      out_grad: DenseTensor, x1_grad: OptionalOutTensor,
                      x2_grad: OptionalOutTensor) -> None:
    d1 = None if x1_grad is None else dev_ctx.alloc(x1_grad, out_grad.dtype)
    d2 = None if x2_grad is None else dev_ctx.alloc(x2_grad, out_grad.dtype)
    binary_math_grad.atan2_grad(dev_ctx.xp, x1.data, x2.data, out_grad.data, d1, d2)


register_table(binary_grad, [
    KernelRow("copysign_grad", binary_math_grad.copysign_grad, BOOL_INTS_HALF_BF16_FLOAT),
])


@register_kernel("lerp_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lerp_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lerp_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     weight: DenseTensor, out: DenseTensor, out_grad: DenseTensor,
                     x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    binary_math_grad.lerp_grad(dev_ctx.xp, weight.data, out_grad.data, tuple(x.dims),
                               tuple(y.dims), dx, dy)
