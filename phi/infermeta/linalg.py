"""InferMeta of the linalg family: products (addmm ... einsum) and matrix functions
(inverse ... matrix_power). Dims and checks come from phi.kernels.funcs.linalg(_matrix),
shared with the legacy infer_shape; every output takes the first input's dtype."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phi.core.meta_tensor import MetaTensor
from phi.infermeta.common import set_dims_dtype


def _binary(fn: Callable[[Any, Any], tuple[int, ...]]
            ) -> Callable[[MetaTensor, MetaTensor, MetaTensor], None]:
    def infer(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
        set_dims_dtype(out, fn(x.dims(), y.dims()), x)

    return infer


def addmm_infer_meta(input: MetaTensor, x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: [M, N] for x [M, K] @ y [K, N]; input broadcast to it."""
    from phi.kernels.funcs.linalg import addmm_out_dims

    set_dims_dtype(out, addmm_out_dims(input.dims(), x.dims(), y.dims()), input)


def bmm_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: [B, M, N]."""
    from phi.kernels.funcs.linalg import bmm_out_dims

    _binary(bmm_out_dims)(x, y, out)


def dot_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims without the last."""
    from phi.kernels.funcs.linalg import dot_out_dims

    _binary(dot_out_dims)(x, y, out)


def mv_infer_meta(x: MetaTensor, vec: MetaTensor, out: MetaTensor) -> None:
    """out: [M]."""
    from phi.kernels.funcs.linalg import mv_out_dims

    _binary(mv_out_dims)(x, vec, out)


def kron_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: the dims multiplied (the shorter padded with leading 1s)."""
    from phi.kernels.funcs.linalg import kron_out_dims

    _binary(kron_out_dims)(x, y, out)


def cross_infer_meta(x: MetaTensor, y: MetaTensor, dim: int, out: MetaTensor) -> None:
    """out: x's dims (x, y equal, size 3 at dim)."""
    from phi.kernels.funcs.linalg import cross_axis

    cross_axis(x.dims(), y.dims(), dim)
    set_dims_dtype(out, x.dims(), x)


def dist_infer_meta(x: MetaTensor, y: MetaTensor, p: float, out: MetaTensor) -> None:
    """out: 0-d."""
    from phi.kernels.funcs.linalg import dist_check

    dist_check(x.dims(), y.dims())
    set_dims_dtype(out, (), x)


def trace_infer_meta(input: MetaTensor, offset: int, axis1: int, axis2: int,
                     out: MetaTensor) -> None:
    """out: input's dims without axis1 and axis2."""
    from phi.kernels.funcs.linalg import trace_out_dims

    set_dims_dtype(out, trace_out_dims(input.dims(), axis1, axis2), input)


def einsum_infer_meta(operands: list[MetaTensor], equation: str, out: MetaTensor) -> None:
    """out: the sizes of the output labels."""
    from phi.kernels.funcs.linalg import einsum_out_dims

    set_dims_dtype(out, einsum_out_dims(equation, [o.dims() for o in operands]), operands[0])


def einsum_raw_infer_meta(operands: list[MetaTensor], equation: str, out: MetaTensor,
                          inner_cache: list[MetaTensor], x_shape: list[MetaTensor]) -> None:
    """out as einsum's; inner_cache[i] and x_shape[i] (dims only) like operands[i]."""
    from phi.kernels.funcs.linalg import einsum_check_caches

    einsum_infer_meta(operands, equation, out)
    for slot, metas in (("InnerCache", inner_cache), ("XShape", x_shape)):
        if metas:
            einsum_check_caches(slot, len(metas), len(operands))
        for src, dst in zip(operands, metas):
            if dst:
                dst.share_meta(src)


def square_matrix_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims, [..., n, n]."""
    from phi.kernels.funcs.linalg_matrix import square_dims

    set_dims_dtype(out, square_dims(x.dims(), "square matrix op"), x)


def determinant_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: x's batch dims [...]."""
    from phi.kernels.funcs.linalg_matrix import det_out_dims

    set_dims_dtype(out, det_out_dims(x.dims()), x)


def slogdet_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: [2, ...] (signs, then log|det|)."""
    from phi.kernels.funcs.linalg_matrix import slogdet_out_dims

    set_dims_dtype(out, slogdet_out_dims(x.dims()), x)


def norm_infer_meta(x: MetaTensor, axis: int, epsilon: float, is_test: bool, out: MetaTensor,
                    norm: MetaTensor) -> None:
    """out: x's dims; norm (optional): x's dims with `axis` of size 1."""
    from phi.kernels.funcs.linalg import norm_out_dims

    out_dims, norm_dims = norm_out_dims(x.dims(), axis)
    set_dims_dtype(out, out_dims, x)
    if norm:
        set_dims_dtype(norm, norm_dims, x)


def frobenius_norm_infer_meta(x: MetaTensor, axis, keepdim: bool, reduce_all: bool,
                              out: MetaTensor) -> None:
    """out: x's dims reduced over axis (all with reduce_all), x's dtype."""
    from phi.kernels.funcs.linalg import frobenius_norm_out_dims

    set_dims_dtype(out, frobenius_norm_out_dims(x.dims(), list(axis), keepdim, reduce_all), x)


def svd_infer_meta(x: MetaTensor, full_matrices: bool, u: MetaTensor, s: MetaTensor,
                   vh: MetaTensor) -> None:
    """u, vh: x's dtype; s [..., min(M, N)], real."""
    from phi.kernels.funcs.linalg_matrix import svd_out_dims
    from phi.kernels.funcs.unary_math import abs_out_dtype

    u_dims, s_dims, vh_dims = svd_out_dims(x.dims(), full_matrices)
    set_dims_dtype(u, u_dims, x)
    set_dims_dtype(vh, vh_dims, x)
    s.set_dims(s_dims)
    s.set_dtype(abs_out_dtype(x.dtype()))


def eigh_infer_meta(x: MetaTensor, uplo: str, eigenvalues: MetaTensor,
                    eigenvectors: MetaTensor) -> None:
    """eigenvalues [..., n], real; eigenvectors: x's dims and dtype (optional)."""
    from phi.kernels.funcs.linalg_matrix import eigh_out_dims
    from phi.kernels.funcs.unary_math import abs_out_dtype

    w_dims, v_dims = eigh_out_dims(x.dims(), uplo)
    eigenvalues.set_dims(w_dims)
    eigenvalues.set_dtype(abs_out_dtype(x.dtype()))
    if eigenvectors:
        set_dims_dtype(eigenvectors, v_dims, x)


def eigvalsh_infer_meta(x: MetaTensor, uplo: str, is_test: bool, eigenvalues: MetaTensor,
                        eigenvectors: MetaTensor) -> None:
    """eigh_infer_meta; the vectors are not written when is_test."""
    eigh_infer_meta(x, uplo, eigenvalues, eigenvectors)


def eig_infer_meta(x: MetaTensor, eigenvalues: MetaTensor, eigenvectors: MetaTensor) -> None:
    """eigenvalues [..., n], eigenvectors [..., n, n]; complex."""
    from phi.kernels.funcs.linalg_matrix import eig_out_dtype, square_dims

    dims = square_dims(x.dims(), "eig")
    for out, out_dims in ((eigenvalues, dims[:-1]), (eigenvectors, dims)):
        out.set_dims(out_dims)
        out.set_dtype(eig_out_dtype(x.dtype()))


def eigvals_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out [..., n], complex."""
    from phi.kernels.funcs.linalg_matrix import eig_out_dtype, square_dims

    out.set_dims(square_dims(x.dims(), "eigvals")[:-1])
    out.set_dtype(eig_out_dtype(x.dtype()))


def svdvals_infer_meta(x: MetaTensor, s: MetaTensor) -> None:
    """s [..., min(M, N)], x's dtype."""
    from phi.kernels.funcs.linalg_matrix import svd_out_dims

    set_dims_dtype(s, svd_out_dims(x.dims(), False, "svdvals")[1], x)


def lstsq_infer_meta(x: MetaTensor, y: MetaTensor, rcond: float, driver: str,
                     solution: MetaTensor, residuals: MetaTensor, rank: MetaTensor,
                     singular_values: MetaTensor) -> None:
    """solution [..., N, K]; residuals [..., K] (when M > N, not gelsy) or [0]; rank [...]
    int32; singular_values [..., min(M, N)]."""
    from phi.common import DataType
    from phi.kernels.funcs.linalg_matrix import lstsq_out_dims

    dims = lstsq_out_dims(x.dims(), y.dims(), driver)
    for out, out_dims in zip((solution, residuals, rank, singular_values), dims):
        if out:
            set_dims_dtype(out, out_dims, x)
    if rank:
        rank.set_dtype(DataType.INT32)


def lu_solve_infer_meta(b: MetaTensor, lu: MetaTensor, pivots: MetaTensor, trans: str,
                        out: MetaTensor) -> None:
    """out: b's dims and dtype."""
    from phi.kernels.funcs.linalg import lu_solve_out_dims

    set_dims_dtype(out, lu_solve_out_dims(b.dims(), lu.dims(), pivots.dims()), b)


def matrix_rank_atol_rtol_infer_meta(x: MetaTensor, atol: MetaTensor, rtol: MetaTensor | None,
                                     hermitian: bool, out: MetaTensor) -> None:
    """out: x's batch dims broadcast with atol's and rtol's, int64."""
    from phi.common import DataType
    from phi.kernels.funcs.linalg import matrix_rank_atol_rtol_out_dims

    out.set_dims(matrix_rank_atol_rtol_out_dims(x.dims(), atol.dims(),
                                                rtol.dims() if rtol else None))
    out.set_dtype(DataType.INT64)


def slogdet_v2_infer_meta(x: MetaTensor, sign: MetaTensor, logdet: MetaTensor) -> None:
    """sign: x's batch dims and dtype; logdet: the same dims, real."""
    from phi.kernels.funcs.linalg_matrix import slogdet_out_dims
    from phi.kernels.funcs.unary_math import abs_out_dtype

    dims = slogdet_out_dims(x.dims())[1:]
    set_dims_dtype(sign, dims, x)
    logdet.set_dims(dims)
    logdet.set_dtype(abs_out_dtype(x.dtype()))


def baddbmm_infer_meta(input: MetaTensor, x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: [B, M, N] for x [B, M, K] @ y [B, K, N]; input broadcast to it."""
    from phi.kernels.funcs.linalg import baddbmm_out_dims

    set_dims_dtype(out, baddbmm_out_dims(input.dims(), x.dims(), y.dims()), input)


def bilinear_infer_meta(x: MetaTensor, y: MetaTensor, weight: MetaTensor,
                        bias: MetaTensor | None, out: MetaTensor) -> None:
    """out: [B, S] of x's dtype."""
    from phi.kernels.funcs.linalg import bilinear_out_dims

    set_dims_dtype(out, bilinear_out_dims(x.dims(), y.dims(), weight.dims(),
                                          bias.dims() if bias else None), x)


def bilinear_grad_infer_meta(x: MetaTensor, y: MetaTensor, weight: MetaTensor,
                             out_grad: MetaTensor, x_grad: MetaTensor, y_grad: MetaTensor,
                             weight_grad: MetaTensor, bias_grad: MetaTensor) -> None:
    """x_grad, y_grad, weight_grad like their inputs; bias_grad [1, S] (each may be absent)."""
    for src, dst in ((x, x_grad), (y, y_grad), (weight, weight_grad)):
        if dst:
            dst.share_meta(src)
    if bias_grad:
        set_dims_dtype(bias_grad, (1, int(weight.dims()[0])), out_grad)


def l1_norm_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: 0-d, x's dtype."""
    set_dims_dtype(out, (), x)


def linear_v2_infer_meta(input: MetaTensor, weight: MetaTensor, bias: MetaTensor,
                         transpose_weight: bool, out: MetaTensor) -> None:
    """out: input.dims[:-1] + [N] of input's dtype."""
    from phi.kernels.funcs.linear_v2 import linear_v2_out_dims

    set_dims_dtype(out, linear_v2_out_dims(input.dims(), weight.dims(), bias.dims(),
                                           transpose_weight), input)
