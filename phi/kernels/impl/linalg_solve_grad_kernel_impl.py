"""Grads of the linear solvers (solve_grad, triangular_solve_grad, cholesky_solve_grad) and of
the matrix functions and decompositions (inverse_grad, determinant_grad, slogdet_grad,
slogdet_v2_grad, cholesky_grad, eigh_grad, eig_grad, eigvalsh_grad, svd_grad, svdvals_grad, qr_grad,
lu_grad, lu_unpack_grad, lu_solve_grad); one body each for every backend (math in
phi.kernels.funcs.linalg_solve_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_solve_grad as linalg_solve_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX


@register_kernel("solve_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("solve_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def solve_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: DenseTensor,
                      out_grad: DenseTensor, x_grad: OptionalOutTensor,
                      y_grad: OptionalOutTensor) -> None:
    linalg_solve_grad_funcs.solve_grad(
        dev_ctx.xp, x.data, y.data, out.data, out_grad.data,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("triangular_solve_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("triangular_solve_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def triangular_solve_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                                 out: DenseTensor, out_grad: DenseTensor, upper: bool,
                                 transpose: bool, unitriangular: bool,
                                 x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    linalg_solve_grad_funcs.triangular_solve_grad(
        dev_ctx.xp, x.data, y.data, out.data, out_grad.data, upper, transpose, unitriangular,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("cholesky_solve_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cholesky_solve_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cholesky_solve_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                               out: DenseTensor, out_grad: DenseTensor, upper: bool,
                               x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    linalg_solve_grad_funcs.cholesky_solve_grad(
        dev_ctx.xp, x.data, y.data, out.data, out_grad.data, upper,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("inverse_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("inverse_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def inverse_grad_kernel(dev_ctx: DeviceContext, output: DenseTensor, output_grad: DenseTensor,
                        input_grad: OutTensor) -> None:
    out = output
    out_grad = output_grad
    x_grad = input_grad
    data = dev_ctx.alloc(x_grad, out.dtype)
    linalg_solve_grad_funcs.inverse_grad(dev_ctx.xp, out.data, out_grad.data, data)


@register_kernel("determinant_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("determinant_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def determinant_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: DenseTensor,
                            out_grad: DenseTensor, input_grad: OutTensor) -> None:
    x = input
    x_grad = input_grad
    data = dev_ctx.alloc(x_grad, x.dtype)
    linalg_solve_grad_funcs.determinant_grad(dev_ctx.xp, x.data, out.data, out_grad.data, data)


@register_kernel("slogdet_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("slogdet_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def slogdet_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: DenseTensor,
                        out_grad: DenseTensor, input_grad: OutTensor) -> None:
    x = input
    x_grad = input_grad
    data = dev_ctx.alloc(x_grad, x.dtype)
    linalg_solve_grad_funcs.slogdeterminant_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("slogdet_v2_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("slogdet_v2_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def slogdet_v2_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, sign: DenseTensor,
                           logdet: DenseTensor, sign_grad: DenseTensor, logdet_grad: DenseTensor,
                           x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    linalg_solve_grad_funcs.slogdet_v2_grad(dev_ctx.xp, x.data, logdet_grad.data, data)


@register_kernel("cholesky_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cholesky_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cholesky_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                         upper: bool, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out.dtype)
    linalg_solve_grad_funcs.cholesky_grad(dev_ctx.xp, out.data, out_grad.data, upper, data)


@register_kernel("eigh_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("eigh_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def eigh_grad_kernel(dev_ctx: DeviceContext, eigenvalues: DenseTensor, eigenvectors: DenseTensor,
                     eigenvalues_grad: DenseTensor | None, eigenvectors_grad: DenseTensor | None,
                     uplo: str, x_grad: OutTensor) -> None:
    values = eigenvalues
    vectors = eigenvectors
    values_grad = eigenvalues_grad
    vectors_grad = eigenvectors_grad
    data = dev_ctx.alloc(x_grad, vectors.dtype)
    linalg_solve_grad_funcs.eigh_grad(
        dev_ctx.xp, values.data, vectors.data,
        None if values_grad is None else values_grad.data,
        None if vectors_grad is None else vectors_grad.data, data)


@register_kernel("eig_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("eig_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def eig_grad_kernel(dev_ctx: DeviceContext, eigenvalues: DenseTensor, eigenvectors: DenseTensor,
                    eigenvalues_grad: DenseTensor | None, eigenvectors_grad: DenseTensor | None,
                    x_grad: OutTensor) -> None:
    # x_grad is complex (the eigenvectors' dtype) for every kernel dtype, as Paddle's
    values = eigenvalues
    vectors = eigenvectors
    values_grad = eigenvalues_grad
    vectors_grad = eigenvectors_grad
    data = dev_ctx.alloc(x_grad, vectors.dtype)
    linalg_solve_grad_funcs.eig_grad(
        dev_ctx.xp, values.data, vectors.data,
        None if values_grad is None else values_grad.data,
        None if vectors_grad is None else vectors_grad.data, data)


@register_kernel("eigvalsh_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("eigvalsh_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def eigvalsh_grad_kernel(dev_ctx: DeviceContext, eigenvectors: DenseTensor,
                         eigenvalues_grad: DenseTensor, uplo: str, is_test: bool,
                         x_grad: OutTensor) -> None:
    vectors = eigenvectors
    values_grad = eigenvalues_grad
    data = dev_ctx.alloc(x_grad, vectors.dtype)
    linalg_solve_grad_funcs.eigvalsh_grad(dev_ctx.xp, vectors.data, values_grad.data, data)


@register_kernel("svd_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("svd_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def svd_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, u: DenseTensor, vh: DenseTensor,
                    s: DenseTensor, u_grad: DenseTensor | None, vh_grad: DenseTensor | None,
                    s_grad: DenseTensor | None, full_matrices: bool, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    linalg_solve_grad_funcs.svd_grad(
        dev_ctx.xp, u.data, s.data, vh.data, None if u_grad is None else u_grad.data,
        None if s_grad is None else s_grad.data, None if vh_grad is None else vh_grad.data,
        data)


@register_kernel("svdvals_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("svdvals_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def svdvals_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, s_grad: DenseTensor,
                        x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    linalg_solve_grad_funcs.svdvals_grad(dev_ctx.xp, x.data, s_grad.data, data)


@register_kernel("qr_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("qr_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def qr_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, q: DenseTensor, r: DenseTensor,
                   q_grad: DenseTensor, r_grad: DenseTensor, mode: str, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    linalg_solve_grad_funcs.qr_grad(dev_ctx.xp, x.data, q.data, r.data, q_grad.data,
                                    r_grad.data, mode, data)


@register_kernel("lu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("lu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def lu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor, pivots: DenseTensor,
                   out_grad: DenseTensor, pivot: bool, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    linalg_solve_grad_funcs.lu_grad(dev_ctx.xp, x.data, out.data, pivots.data, out_grad.data,
                                    data)


@register_kernel("lu_unpack_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("lu_unpack_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def lu_unpack_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, pivots: DenseTensor,
                          l: DenseTensor, u: DenseTensor, pmat: DenseTensor,  # noqa: E741 (the L output)
                          l_grad: DenseTensor | None, u_grad: DenseTensor | None,
                          unpack_ludata: bool, unpack_pivots: bool, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    linalg_solve_grad_funcs.lu_unpack_grad(
        dev_ctx.xp, None if l_grad is None else l_grad.data,
        None if u_grad is None else u_grad.data, data)


@register_kernel("lu_solve_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("lu_solve_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def lu_solve_grad_kernel(dev_ctx: DeviceContext, b: DenseTensor, lu: DenseTensor,
                         pivots: DenseTensor, out: DenseTensor, out_grad: DenseTensor,
                         trans: str, b_grad: OptionalOutTensor,
                         lu_grad: OptionalOutTensor) -> None:
    linalg_solve_grad_funcs.lu_solve_grad(
        dev_ctx.xp, b.data, lu.data, pivots.data, out.data, out_grad.data, trans,
        None if b_grad is None else dev_ctx.alloc(b_grad, b.dtype),
        None if lu_grad is None else dev_ctx.alloc(lu_grad, lu.dtype))
