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
- eig (general X, complex eigenvalues w and eigenvectors V, Paddle's formula): with
  K = V^H dV, K' = K - V^H V diag(Re diag(K)) and E_ij = conj(w_j) - conj(w_i),
  dX = V^-H (diag(dw) + K' / E off the diagonal) V^H, always complex (a real X's gradient
  becomes real in the executor: `legacy_fluid.framework.kernel_run`). A missing cotangent
  counts as zero.
- svd (U [.., M, K], S, VH [.., K, N]; with full_matrices only U's / VH's first K columns /
  rows take part): with E_ij = s_j^2 - s_i^2, J = U^H dU, L = V^H dV (V = VH^H),
  dX = U (diag(dS) + ((J - J^H) S + S (L - L^H)) / E off the diagonal
  [+ i Im(diag(J)) / (2 S) for complex]) VH, plus (I - U U^H) dU S^-1 VH when M > K and
  U ((I - V V^H) dV S^-1)^H when N > K. Complex U's cotangent depends on U's phases:
  Paddle's term differs (see op_cases/linalg_solve_grad.py).
- svdvals: dX = U diag(dS) VH from x's reduced SVD.
- qr (reduced, or complete with M <= N; mode "r" and complete with M > N are errors, as
  Paddle): for M >= N, C = R dR^H - dQ^H Q, dX = (dQ + Q copyltu(C)) R^-H with copyltu(C)
  = strict_tril(C) + strict_tril(C)^H + Re diag(C); for M < N, X = [X1 | Y], R = [R1 | R2]:
  dX1 the same with R1 and dQ + Y dR2^H, dY = Q dR2.
- lu (packed LU [M, N] = L - I + U, X = P L U, K = min(M, N)): dL = strict_tril(dLU[:, :K]),
  dU = triu(dLU[:K]); square: dX = P L^-H (strict_tril(L^H dL) + triu(dU U^H)) U^-H; wide
  (U = [U1 | U2]): the same with U1 and L^H dL - dU2 U2^H, and dX2 = P L^-H dU2; tall
  (L = [L1; L2]): the same with L1 and dU U^H - L2^H dL2, and dX2 = P-rows of dL2 U^-H.
- lu_unpack: dX = strict_tril(dL) + triu(dU) in the packed layout (Pmat gets no gradient).
- lu_solve (Out = op(A)^-1 B, A = P L U, op per trans N / T / C): dB = op(A)^-H dOut,
  dop(A) = -dB Out^H, dLU = strict_tril(P^T dA U^H) + triu(L^H P^T dA).
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


def eig_grad(xp: Any, values: Any, vectors: Any, values_grad: Any | None,
             vectors_grad: Any | None, x_grad: Any) -> None:
    if x_grad.size == 0:
        return
    v_h = _adjoint(xp, vectors)
    mid = xp.zeros(vectors.shape, vectors.dtype)
    if vectors_grad is not None:
        k = v_h @ vectors_grad
        scale = xp.real(xp.diagonal(k, axis1=-2, axis2=-1))
        k -= v_h @ (vectors * scale[..., None, :])
        w = xp.conj(values)
        mid += k * _off_diagonal_inverse(xp, w[..., None, :] - w[..., :, None])
    if values_grad is not None:
        mid += _diag_embed(xp, values_grad)
    x_grad[...] = xp.linalg.solve(v_h, mid @ v_h)


def eigvalsh_grad(xp: Any, vectors: Any, values_grad: Any, x_grad: Any) -> None:
    want = (*values_grad.shape, values_grad.shape[-1])
    if tuple(vectors.shape) != want:
        raise ValueError(f"eigvalsh_grad: Eigenvectors must hold the forward's eigenvectors "
                         f"{want} (a forward run with is_test writes none), got "
                         f"{tuple(vectors.shape)}")
    if x_grad.size == 0:
        return
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


def _tril_adjoint_sum(xp: Any, c: Any) -> Any:
    """strict_tril(C) + strict_tril(C)^H + Re diag(C) (qr's copyltu)."""
    low = xp.tril(c, -1)
    return low + _adjoint(xp, low) + _diag_embed(xp, xp.diagonal(c, 0, -2, -1).real.astype(c.dtype))


def _right_solve_adjoint(xp: Any, b: Any, r: Any) -> Any:
    """B R^-H for square R."""
    return _adjoint(xp, xp.linalg.solve(r, _adjoint(xp, b)))


def _qr_square_grad(xp: Any, q: Any, r: Any, dq: Any, dr: Any) -> Any:
    c = r @ _adjoint(xp, dr) - _adjoint(xp, dq) @ q
    return _right_solve_adjoint(xp, dq + q @ _tril_adjoint_sum(xp, c), r)


def qr_grad(xp: Any, x: Any, q: Any, r: Any, q_grad: Any, r_grad: Any, mode: str,
            x_grad: Any) -> None:
    m, n = x.shape[-2:]
    if mode == "r":
        raise ValueError("qr_grad: the derivative of qr is not implemented when mode='r' (Q "
                         "is not computed)")
    if mode == "complete" and m > n:
        raise ValueError(f"qr_grad: the derivative of qr is not implemented when "
                         f"mode='complete' and {m} > {n}")
    if x_grad.size == 0:
        return
    with quiet(xp):
        if m >= n:
            xp.copyto(x_grad, _qr_square_grad(xp, q, r, q_grad, r_grad))
            return
        y, dr2 = x[..., :, m:], r_grad[..., :, m:]
        x_grad[..., :, :m] = _qr_square_grad(xp, q, r[..., :, :m],
                                             q_grad + y @ _adjoint(xp, dr2), r_grad[..., :, :m])
        xp.matmul(q, dr2, out=x_grad[..., :, m:])


def _unpack(xp: Any, lu: Any) -> tuple[Any, Any]:
    """(L [.., M, K] with its unit diagonal, U [.., K, N]) of a packed LU."""
    m, n = lu.shape[-2:]
    k = min(m, n)
    return xp.tril(lu[..., :, :k], -1) + xp.eye(m, k, dtype=lu.dtype), xp.triu(lu[..., :k, :])


def _rows(xp: Any, pivots: Any, m: int, op: str) -> Any:
    """The row permutation of pivots, shaped for take / put along axis -2."""
    perm = la.pivot_permutation(xp, pivots, m, op)
    return perm.reshape(*pivots.shape[:-1], m, 1)


def lu_grad(xp: Any, x: Any, out: Any, pivots: Any, out_grad: Any, x_grad: Any) -> None:
    if x_grad.size == 0:
        return
    m, n = x.shape[-2:]
    k = min(m, n)
    low, up = _unpack(xp, out)
    dlow, dup = xp.tril(out_grad[..., :, :k], -1), xp.triu(out_grad[..., :k, :])
    low1, up1 = low[..., :k, :], up[..., :, :k]
    with quiet(xp):
        inner = xp.tril(_adjoint(xp, low1) @ dlow[..., :k, :], -1) + \
            xp.triu(dup[..., :, :k] @ _adjoint(xp, up1))
        grad = xp.empty(x.shape, x.dtype)  # P^T dX, permuted back at the end
        if n > m:  # wide: U = [U1 | U2]
            inner -= xp.tril(dup[..., :, k:] @ _adjoint(xp, up[..., :, k:]), -1)
            grad[..., :, k:] = xp.linalg.solve(_adjoint(xp, low1), dup[..., :, k:])
        if m > n:  # tall: L = [L1; L2]
            inner -= xp.triu(_adjoint(xp, low[..., k:, :]) @ dlow[..., k:, :])
            grad[..., k:, :] = _right_solve_adjoint(xp, dlow[..., k:, :], up1)
        grad[..., :k, :k] = _right_solve_adjoint(
            xp, xp.linalg.solve(_adjoint(xp, low1), inner), up1)
    xp.put_along_axis(x_grad, xp.broadcast_to(_rows(xp, pivots, m, "lu_grad"), x.shape), grad,
                      axis=-2)


def lu_unpack_grad(xp: Any, l_grad: Any | None, u_grad: Any | None, x_grad: Any) -> None:
    k = min(x_grad.shape[-2:])
    x_grad[...] = 0
    if l_grad is not None:
        x_grad[..., :, :k] += xp.tril(l_grad, -1)
    if u_grad is not None:
        x_grad[..., :k, :] += xp.triu(u_grad)


def lu_solve_grad(xp: Any, b: Any, lu: Any, pivots: Any, out: Any, out_grad: Any, trans: str,
                  b_grad: Any | None, lu_grad: Any | None) -> None:
    m = lu.shape[-1]
    rows = xp.broadcast_to(_rows(xp, pivots, m, "lu_solve_grad"), lu.shape)
    low, up = _unpack(xp, lu)
    a = xp.empty(lu.shape, lu.dtype)
    xp.put_along_axis(a, rows, low @ up, axis=-2)
    op_a = {"N": a, "T": xp.swapaxes(a, -1, -2)}.get(trans, _adjoint(xp, a))
    with quiet(xp):
        db = xp.linalg.solve(_adjoint(xp, op_a), out_grad)
        if b_grad is not None:
            xp.copyto(b_grad, db)
        if lu_grad is None:
            return
        d_op = -(db @ _adjoint(xp, out))
        da = {"N": d_op, "T": xp.swapaxes(d_op, -1, -2)}.get(trans, _adjoint(xp, d_op))
        pda = xp.take_along_axis(da, rows, axis=-2)
        xp.copyto(lu_grad, xp.tril(pda @ _adjoint(xp, up), -1) + xp.triu(_adjoint(xp, low) @ pda))
