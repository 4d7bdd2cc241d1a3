"""Grads of the linear solvers: solve_grad, triangular_solve_grad, cholesky_solve_grad; one
body each for every backend (math in phi.kernels.funcs.linalg_solve_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_solve_grad as linalg_solve_grad_funcs

_FLOATS = [DataType.FLOAT32, DataType.FLOAT64]
_WITH_COMPLEX = [*_FLOATS, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("solve_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOATS)
@register_kernel("solve_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOATS)
def solve_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: DenseTensor,
                      out_grad: DenseTensor, x_grad: OptionalOutTensor,
                      y_grad: OptionalOutTensor) -> None:
    linalg_solve_grad_funcs.solve_grad(
        dev_ctx.xp, x.data, y.data, out.data, out_grad.data,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("triangular_solve_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
@register_kernel("triangular_solve_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
def triangular_solve_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                                 out: DenseTensor, out_grad: DenseTensor, upper: bool,
                                 transpose: bool, unitriangular: bool,
                                 x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    linalg_solve_grad_funcs.triangular_solve_grad(
        dev_ctx.xp, x.data, y.data, out.data, out_grad.data, upper, transpose, unitriangular,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("cholesky_solve_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOATS)
@register_kernel("cholesky_solve_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOATS)
def cholesky_solve_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                               out: DenseTensor, out_grad: DenseTensor, upper: bool,
                               x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    linalg_solve_grad_funcs.cholesky_solve_grad(
        dev_ctx.xp, x.data, y.data, out.data, out_grad.data, upper,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))
