"""Gradients of the linear solvers (phi.kernels.funcs.linalg_solve), as Paddle's kernels form
them: each right-hand side's gradient is a solve with the adjoint system, the matrix's the
negated outer product with the solution; both summed back over broadcast batch dims.

- solve: dY = X^-T dOut, dX = -dY Out^T (a vector Y as one column).
- triangular_solve: dY = op(T)^-H-solve of dOut (the forward with `transpose` flipped on
  conj(X)); dX = -dY conj(Out)^T (transpose: -conj(Out) dY^T), kept to X's triangle as
  Paddle's tril / triu does it: upper keeps j - i >= k, lower j - i <= k, k = 1 when
  unitriangular (so a unit lower X's gradient keeps its first superdiagonal too).
- cholesky_solve: dX = the forward solve of dOut; C = dX conj(Out)^T, C + C^H; dY =
  -(Y C) (upper) or -(C Y) (lower) with all of Y as given (its unread triangle too, as
  Paddle: the derivative when that triangle is zero), kept to Y's triangle.

The decompositions' and matrix functions' grads (complex X: Paddle's convention, the
conjugate of the complex derivative, so every formula takes adjoints X^H):

- inverse: dX = -Out^H dOut Out^H.
- determinant: dX = dOut conj(Out) X^-H; when any matrix of the batch has a determinant of
  exactly zero, the whole batch's gradient is zero (as Paddle's batch-wide check).
- slogdeterminant: dX = dOut[1] X^-H (the sign row gets no gradient); slogdet_v2 the same
  from logdet's cotangent, an error when X is not invertible (as Paddle; slogdeterminant's
  Paddle kernel answers a singular X with NaN, fluidphi with X^-H's inf / NaN).
- cholesky: with L the lower factor (U^H when upper) and P = tril(L^H dL) (dL as L),
  dX = L^-H (P + strict_tril(P)^H) / 2 L^-1, Hermitian.
- eigh: with F_ij = 1 / (w_j - w_i) off the diagonal (0 on it) and K = V^H dV,
  dX = V (diag(dw) + F o (K - K^H) / 2) V^H (Hermitian); eigvalsh: V diag(dw) V^H. A missing
  cotangent counts as zero. (Paddle 3.3.1 mixes the rows of a batch's matrices in its
  eigh / eigvalsh grads: a bug; fluidphi computes each matrix's gradient.)
- svd (U [.., M, K], S, VH [.., K, N]; with full_matrices only U's / VH's first K columns /
  rows take part): with E_ij = s_j^2 - s_i^2, J = U^H dU, L = V^H dV (V = VH^H),
  dX = U (diag(dS) + ((J - J^H) S + S (L - L^H)) / E off the diagonal
  [+ i Im(diag(J)) / (2 S) for complex]) VH, plus (I - U U^H) dU S^-1 VH when M > K and
  U ((I - V V^H) dV S^-1)^H when N > K. Complex U's cotangent depends on U's phases:
  Paddle's term differs (see op_cases/linalg_solve_grad.py).
- svdvals: dX = U diag(dS) VH from x's reduced SVD.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import linalg_matrix as mat
from phi.kernels.funcs import linalg_solve as la
from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.elementwise import sum_to


def _adjoint(xp: Any, a: Any) -> Any:
    return xp.conj(xp.swapaxes(a, -1, -2))


def _triangle(xp: Any, a: Any, upper: bool, k: int) -> Any:
    rows, cols = a.shape[-2:]
    offset = xp.arange(cols)[None, :] - xp.arange(rows)[:, None]
    keep = offset >= k if upper else offset <= k
    return xp.where(keep, a, a.dtype.type(0))


def _write(xp: Any, grad: Any, out: Any | None) -> None:
    if out is not None:
        sum_to(xp, grad, out.shape, -1, out)


def solve_grad(xp: Any, x: Any, y: Any, out: Any, out_grad: Any, x_grad: Any | None,
               y_grad: Any | None) -> None:
    if out_grad.size == 0:
        for grad in (x_grad, y_grad):
            if grad is not None:
                grad[...] = 0
        return
    vector = la.solve_is_vector(x.shape, y.shape)
    col = (lambda a: a[..., None]) if vector else (lambda a: a)
    a, dout = la.batched(xp, x, col(out_grad))
    dy = xp.linalg.solve(xp.swapaxes(a, -1, -2), dout)
    if y_grad is not None:
        sum_to(xp, dy, col(y_grad).shape, -1, col(y_grad))
    _write(xp, -(dy @ xp.swapaxes(col(out), -1, -2)), x_grad)


def triangular_solve_grad(xp: Any, x: Any, y: Any, out: Any, out_grad: Any, upper: bool,
                          transpose: bool, unitriangular: bool, x_grad: Any | None,
                          y_grad: Any | None) -> None:
    if out.size == 0:
        for grad in (x_grad, y_grad):
            if grad is not None:
                grad[...] = 0
        return
    dy = xp.empty(out.shape, out.dtype)
    la.triangular_solve(xp, xp.conj(x), out_grad, upper, not transpose, unitriangular, dy)
    _write(xp, dy, y_grad)
    if x_grad is not None:
        out_c = xp.conj(out)
        dx = -(out_c @ xp.swapaxes(dy, -1, -2)) if transpose \
            else -(dy @ xp.swapaxes(out_c, -1, -2))
        _write(xp, _triangle(xp, dx, upper, int(unitriangular)), x_grad)


def cholesky_solve_grad(xp: Any, x: Any, y: Any, out: Any, out_grad: Any, upper: bool,
                        x_grad: Any | None, y_grad: Any | None) -> None:
    if out.size == 0:
        for grad in (x_grad, y_grad):
            if grad is not None:
                grad[...] = 0
        return
    factor = la.batched(xp, y, x)[0]
    dx = xp.empty(out.shape, out.dtype)
    la.cholesky_solve(xp, out_grad, factor, upper, dx)
    _write(xp, dx, x_grad)
    if y_grad is not None:
        common = dx @ _adjoint(xp, out)
        common = common + _adjoint(xp, common)
        dy = -(factor @ common) if upper else -(common @ factor)
        _write(xp, _triangle(xp, dy, upper, 0), y_grad)


def _zero_if_empty(*grads: Any | None) -> bool:
    """Zero-fill the asked-for grads of an empty batch; True when it was empty."""
    if all(g is None or g.size for g in grads):
        return False
    for grad in grads:
        if grad is not None:
            grad[...] = 0
    return True


def _inv_adjoint(xp: Any, x: Any) -> Any:
    """X^-H of a batch [..., n, n] (inf / NaN rows where X is singular)."""
    with quiet(xp):
        return _adjoint(xp, xp.linalg.inv(x))


def inverse_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    if _zero_if_empty(x_grad):
        return
    out_h = _adjoint(xp, out)
    xp.negative(out_h @ out_grad @ out_h, out=x_grad)


def determinant_grad(xp: Any, x: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    if _zero_if_empty(x_grad):
        return
    if bool((out == 0).any()):  # Paddle checks the batch as a whole
        x_grad[...] = 0
        return
    xp.multiply((out_grad * xp.conj(out))[..., None, None], _inv_adjoint(xp, x), out=x_grad)


def slogdeterminant_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    """out_grad [2, ...]: the sign row's cotangent is ignored."""
    if _zero_if_empty(x_grad):
        return
    with quiet(xp):
        xp.multiply(out_grad[1][..., None, None], _inv_adjoint(xp, x), out=x_grad)


def slogdet_v2_grad(xp: Any, x: Any, logdet_grad: Any, x_grad: Any) -> None:
    if _zero_if_empty(x_grad):
        return
    mat.check_invertible(xp, x.reshape(-1, *x.shape[-2:]), "slogdet_v2_grad", "x")
    xp.multiply(logdet_grad[..., None, None], _inv_adjoint(xp, x), out=x_grad)


def cholesky_grad(xp: Any, out: Any, out_grad: Any, upper: bool, x_grad: Any) -> None:
    if _zero_if_empty(x_grad):
        return
    low, dlow = (_adjoint(xp, out), _adjoint(xp, out_grad)) if upper else (out, out_grad)
    p = xp.tril(_adjoint(xp, low) @ dlow)
    sym = (p + _adjoint(xp, xp.tril(p, -1))) / 2
    low_inv = xp.linalg.inv(low)
    xp.matmul(_adjoint(xp, low_inv) @ sym, low_inv, out=x_grad)


def _diag_embed(xp: Any, d: Any) -> Any:
    """[..., n] -> [..., n, n] with d on the diagonals."""
    n = d.shape[-1]
    return d[..., None, :] * xp.eye(n, dtype=d.dtype)


def _off_diagonal_inverse(xp: Any, e: Any) -> Any:
    """1 / e off the diagonal of [..., n, n], 0 on it."""
    eye = xp.eye(e.shape[-1], dtype=bool)
    with quiet(xp):
        return xp.where(eye, 0, 1 / xp.where(eye, 1, e))


def eigh_grad(xp: Any, values: Any, vectors: Any, values_grad: Any | None,
              vectors_grad: Any | None, x_grad: Any) -> None:
    if x_grad.size == 0:
        return
    v_h = _adjoint(xp, vectors)
    mid = xp.zeros(vectors.shape, vectors.dtype)
    if values_grad is not None:
        mid += _diag_embed(xp, values_grad)
    if vectors_grad is not None:
        k = v_h @ vectors_grad
        f = _off_diagonal_inverse(xp, values[..., None, :] - values[..., :, None])
        mid += f * (k - _adjoint(xp, k)) / 2
    xp.matmul(vectors @ mid, v_h, out=x_grad)


def eigvalsh_grad(xp: Any, vectors: Any, values_grad: Any, x_grad: Any) -> None:
    if x_grad.size == 0:
        return
    if vectors.shape != x_grad.shape:
        raise ValueError("eigvalsh_grad: Eigenvectors must hold the forward's eigenvectors "
                         f"{tuple(x_grad.shape)} (a forward run with is_test writes none), got "
                         f"{tuple(vectors.shape)}")
    xp.matmul(vectors * values_grad[..., None, :], _adjoint(xp, vectors), out=x_grad)


def svd_grad(xp: Any, u: Any, s: Any, vh: Any, u_grad: Any | None, s_grad: Any | None,
             vh_grad: Any | None, x_grad: Any) -> None:
    if x_grad.size == 0:
        return
    k = s.shape[-1]
    m, n = x_grad.shape[-2:]
    u, vh = u[..., :, :k], vh[..., :k, :]
    core = xp.zeros((*s.shape, k), u.dtype)
    if s_grad is not None:
        core += _diag_embed(xp, s_grad)
    sq = s * s
    f = _off_diagonal_inverse(xp, sq[..., None, :] - sq[..., :, None])
    with quiet(xp):
        if u_grad is not None:
            du = u_grad[..., :, :k]
            j = _adjoint(xp, u) @ du
            core += f * (j - _adjoint(xp, j)) * s[..., None, :]
            if xp.iscomplexobj(j):
                core += _diag_embed(xp, 1j * xp.imag(xp.diagonal(j, 0, -2, -1)) / (2 * s))
        if vh_grad is not None:
            v, dv = _adjoint(xp, vh), _adjoint(xp, vh_grad[..., :k, :])
            li = vh @ dv
            core += f * s[..., :, None] * (li - _adjoint(xp, li))
        grad = u @ core @ vh
        if u_grad is not None and m > k:
            dus = du / s[..., None, :]
            grad += (dus - u @ (_adjoint(xp, u) @ dus)) @ vh
        if vh_grad is not None and n > k:
            dvs = dv / s[..., None, :]
            grad += u @ _adjoint(xp, dvs - v @ (vh @ dvs))
    xp.copyto(x_grad, grad)


def svdvals_grad(xp: Any, x: Any, s_grad: Any, x_grad: Any) -> None:
    if x_grad.size == 0:
        return
    u, _, vh = xp.linalg.svd(x, full_matrices=False)
    xp.matmul(u * s_grad[..., None, :], vh, out=x_grad)
