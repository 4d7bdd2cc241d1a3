"""Solver, product, rank and decomposition kernels (`fluidphi migrate` output of
legacy_fluid/operators/linalg_solve_op.py): solve, triangular_solve, cholesky_solve,
multi_dot, qr, lu_unpack, lu (its attribute renamed `pivot` as Paddle's PHI lu: a recorded
hand edit); matrix_rank / matrix_rank_tol by hand (below). Math in phi.kernels.funcs.linalg_solve.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_solve as linalg_solve_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX


@register_kernel("solve", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("solve", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def solve_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    linalg_solve_funcs.solve(dev_ctx.xp, x.data, y.data, data)


@register_kernel("triangular_solve", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("triangular_solve", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def triangular_solve_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, upper: bool,
                            transpose: bool, unitriangular: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    linalg_solve_funcs.triangular_solve(dev_ctx.xp, x.data, y.data, upper, transpose, unitriangular,
                                        data)


@register_kernel("cholesky_solve", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cholesky_solve", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cholesky_solve_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, upper: bool,
                          out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    linalg_solve_funcs.cholesky_solve(dev_ctx.xp, x.data, y.data, upper, data)


@register_kernel("multi_dot", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("multi_dot", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def multi_dot_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x[0].dtype)
    linalg_solve_funcs.multi_dot(dev_ctx.xp, [t.data for t in x], data)



@register_kernel("qr", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("qr", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def qr_kernel(dev_ctx: DeviceContext, x: DenseTensor, mode: str, q: OutTensor,
              r: OutTensor) -> None:
    q_data = dev_ctx.alloc(q, x.dtype)
    r_data = dev_ctx.alloc(r, x.dtype)
    linalg_solve_funcs.qr(dev_ctx.xp, x.data, mode, q_data, r_data)



@register_kernel("lu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("lu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def lu_kernel(dev_ctx: DeviceContext, x: DenseTensor, pivot: bool, out: OutTensor,
              pivots: OutTensor, infos: OutTensor) -> None:
    if not pivot:
        raise ValueError("lu: lu without pivoting is not implemented on the CPU "
                         "(attribute pivots=False)")
    data = dev_ctx.alloc(out, x.dtype)
    pivots_data = dev_ctx.alloc(pivots, DataType.INT32)
    infos_data = dev_ctx.alloc(infos, DataType.INT32)
    linalg_solve_funcs.lu(dev_ctx.xp, x.data, data, pivots_data, infos_data)


@register_kernel("lu_unpack", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("lu_unpack", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def lu_unpack_kernel(dev_ctx: DeviceContext, x: DenseTensor, pivots: DenseTensor,
                     unpack_ludata: bool, unpack_pivots: bool, pmat: OutTensor,
                     l: OutTensor, u: OutTensor) -> None:  # noqa: E741 (the L output)
    lower = l
    upper = u
    pmat_data = dev_ctx.alloc(pmat, x.dtype)
    l_data = dev_ctx.alloc(lower, x.dtype)
    u_data = dev_ctx.alloc(upper, x.dtype)
    linalg_solve_funcs.lu_unpack(dev_ctx.xp, x.data, pivots.data, unpack_ludata, unpack_pivots,
                                 pmat_data, l_data, u_data)


# matrix_rank is written by hand: the codemod skips MatrixRankKernel (its TolTensor is a
# per-batch tolerance tensor, not a Scalar attribute), and a fed TolTensor selects
# matrix_rank_tol (compat/ops/matrix_rank_sig.py).
@register_kernel("matrix_rank", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("matrix_rank", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def matrix_rank_kernel(dev_ctx: DeviceContext, x: DenseTensor, tol: float, use_default_tol: bool,
                       hermitian: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.INT64)
    atol = 0.0 if use_default_tol else tol
    linalg_solve_funcs.matrix_rank(dev_ctx.xp, x.data, atol, use_default_tol, hermitian, data)


@register_kernel("matrix_rank_tol", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("matrix_rank_tol", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def matrix_rank_tol_kernel(dev_ctx: DeviceContext, x: DenseTensor, atol_tensor: DenseTensor,
                           use_default_tol: bool, hermitian: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.INT64)
    linalg_solve_funcs.matrix_rank(dev_ctx.xp, x.data, atol_tensor.data, use_default_tol, hermitian,
                                   data)
