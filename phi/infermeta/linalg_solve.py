"""InferMeta of the linalg_solve family: solvers (solve, triangular_solve, cholesky_solve)
and multi_dot. Dims and checks come from phi.kernels.funcs.linalg_solve, shared with the
legacy infer_shape; the output takes X's dtype."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.infermeta.common import set_dims_dtype


def solve_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: Y's dims ([..., M, K] or vectors [..., M]) with the batch dims broadcast."""
    from phi.kernels.funcs.linalg_solve import solve_out_dims

    set_dims_dtype(out, solve_out_dims(x.dims(), y.dims()), x)


def triangular_solve_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: [..., M, K] for X [..., M, M] and Y [..., M, K]."""
    from phi.kernels.funcs.linalg_solve import triangular_out_dims

    set_dims_dtype(out, triangular_out_dims(x.dims(), y.dims()), x)


def cholesky_solve_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: [..., M, K] for right-hand sides X [..., M, K] and factors Y [..., M, M]."""
    from phi.kernels.funcs.linalg_solve import cholesky_solve_out_dims

    set_dims_dtype(out, cholesky_solve_out_dims(x.dims(), y.dims()), x)


def multi_dot_infer_meta(x: list[MetaTensor], out: MetaTensor) -> None:
    """out: [M, N] of the chain, without a first vector's rows or a last one's columns."""
    from phi.kernels.funcs.linalg_solve import multi_dot_out_dims

    set_dims_dtype(out, multi_dot_out_dims([t.dims() for t in x]), x[0])


def matrix_rank_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: X's batch dims, int64."""
    from phi.common import DataType
    from phi.kernels.funcs.linalg_solve import matrix_rank_out_dims

    out.set_dims(matrix_rank_out_dims(x.dims()))
    out.set_dtype(DataType.INT64)


def matrix_rank_tol_infer_meta(x: MetaTensor, atol_tensor: MetaTensor, out: MetaTensor) -> None:
    """out: X's batch dims broadcast with atol_tensor's, int64."""
    from phi.common import DataType
    from phi.kernels.funcs.linalg_solve import matrix_rank_out_dims

    out.set_dims(matrix_rank_out_dims(x.dims(), atol_tensor.dims()))
    out.set_dtype(DataType.INT64)


def qr_infer_meta(x: MetaTensor, mode: str, q: MetaTensor, r: MetaTensor) -> None:
    """q, r: by mode (reduced, complete; r: q is [0])."""
    from phi.kernels.funcs.linalg_solve import qr_out_dims

    q_dims, r_dims = qr_out_dims(x.dims(), mode)
    set_dims_dtype(q, q_dims, x)
    set_dims_dtype(r, r_dims, x)


def lu_infer_meta(x: MetaTensor, out: MetaTensor, pivots: MetaTensor,
                  infos: MetaTensor) -> None:
    """out: X's dims and dtype; pivots [..., min(M, N)] and infos [...], int32."""
    from phi.common import DataType
    from phi.kernels.funcs.linalg_solve import lu_out_dims

    out_dims, pivots_dims, infos_dims = lu_out_dims(x.dims())
    set_dims_dtype(out, out_dims, x)
    pivots.set_dims(pivots_dims)
    pivots.set_dtype(DataType.INT32)
    infos.set_dims(infos_dims)
    infos.set_dtype(DataType.INT32)


def lu_unpack_infer_meta(x: MetaTensor, pivots: MetaTensor, pmat: MetaTensor,
                         l: MetaTensor, u: MetaTensor) -> None:  # noqa: E741 (the L output)
    """pmat [..., M, M], l [..., M, K], u [..., K, N], all of X's dtype."""
    from phi.kernels.funcs.linalg_solve import lu_unpack_out_dims

    pmat_dims, l_dims, u_dims = lu_unpack_out_dims(x.dims(), pivots.dims())
    set_dims_dtype(pmat, pmat_dims, x)
    set_dims_dtype(l, l_dims, x)
    set_dims_dtype(u, u_dims, x)
