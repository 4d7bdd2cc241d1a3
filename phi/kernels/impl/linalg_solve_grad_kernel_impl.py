"""Grads of the linear solvers (solve_grad, triangular_solve_grad, cholesky_solve_grad) and of
the matrix functions and decompositions (inverse_grad, determinant_grad, slogdet_grad,
slogdet_v2_grad, cholesky_grad, eigh_grad, eigvalsh_grad, svd_grad, svdvals_grad); one body
each for every backend (math in phi.kernels.funcs.linalg_solve_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
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


@register_kernel("inverse_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
@register_kernel("inverse_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
def inverse_grad_kernel(dev_ctx: DeviceContext, output: DenseTensor, output_grad: DenseTensor,
                        input_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.inverse_grad(dev_ctx.xp, output.data, output_grad.data,
                                         dev_ctx.alloc(input_grad, output.dtype))


@register_kernel("determinant_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
@register_kernel("determinant_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
def determinant_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: DenseTensor,
                            out_grad: DenseTensor, input_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.determinant_grad(dev_ctx.xp, input.data, out.data, out_grad.data,
                                             dev_ctx.alloc(input_grad, input.dtype))


@register_kernel("slogdet_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
@register_kernel("slogdet_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
def slogdet_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: DenseTensor,
                        out_grad: DenseTensor, input_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.slogdeterminant_grad(dev_ctx.xp, input.data, out_grad.data,
                                                 dev_ctx.alloc(input_grad, input.dtype))


@register_kernel("slogdet_v2_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
@register_kernel("slogdet_v2_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
def slogdet_v2_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, sign: DenseTensor,
                           logdet: DenseTensor, sign_grad: DenseTensor,
                           logdet_grad: DenseTensor, x_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.slogdet_v2_grad(dev_ctx.xp, x.data, logdet_grad.data,
                                            dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("cholesky_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOATS)
@register_kernel("cholesky_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOATS)
def cholesky_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                         upper: bool, x_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.cholesky_grad(dev_ctx.xp, out.data, out_grad.data, upper,
                                          dev_ctx.alloc(x_grad, out.dtype))


@register_kernel("eigh_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
@register_kernel("eigh_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
def eigh_grad_kernel(dev_ctx: DeviceContext, eigenvalues: DenseTensor, eigenvectors: DenseTensor,
                     eigenvalues_grad: DenseTensor | None, eigenvectors_grad: DenseTensor | None,
                     uplo: str, x_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.eigh_grad(
        dev_ctx.xp, eigenvalues.data, eigenvectors.data,
        None if eigenvalues_grad is None else eigenvalues_grad.data,
        None if eigenvectors_grad is None else eigenvectors_grad.data,
        dev_ctx.alloc(x_grad, eigenvectors.dtype))


@register_kernel("eigvalsh_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
@register_kernel("eigvalsh_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
def eigvalsh_grad_kernel(dev_ctx: DeviceContext, eigenvectors: DenseTensor,
                         eigenvalues_grad: DenseTensor, uplo: str, is_test: bool,
                         x_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.eigvalsh_grad(dev_ctx.xp, eigenvectors.data, eigenvalues_grad.data,
                                          dev_ctx.alloc(x_grad, eigenvectors.dtype))


@register_kernel("svd_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
@register_kernel("svd_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_COMPLEX)
def svd_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, u: DenseTensor, vh: DenseTensor,
                    s: DenseTensor, u_grad: DenseTensor | None, vh_grad: DenseTensor | None,
                    s_grad: DenseTensor | None, full_matrices: bool,
                    x_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.svd_grad(
        dev_ctx.xp, u.data, s.data, vh.data, None if u_grad is None else u_grad.data,
        None if s_grad is None else s_grad.data, None if vh_grad is None else vh_grad.data,
        dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("svdvals_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOATS)
@register_kernel("svdvals_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOATS)
def svdvals_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, s_grad: DenseTensor,
                        x_grad: OutTensor) -> None:
    linalg_solve_grad_funcs.svdvals_grad(dev_ctx.xp, x.data, s_grad.data,
                                         dev_ctx.alloc(x_grad, x.dtype))
