"""Linear solvers and chained products over batches, as Paddle's CPU kernels compute them.

- solve(X [..., M, M], Y): Y is a batch of vectors when it has rank 1 or one rank less
  than X (Out then drops the last dim), else [..., M, K]; batch dims broadcast; a zero
  pivot of X's partial-pivot LU is an error ("not invertible");
- triangular_solve(X [..., M, M], Y [..., M, K], upper, transpose, unitriangular): reads
  only X's upper (lower) triangle, and not its diagonal with `unitriangular`; `transpose`
  solves X^T (never conjugated) Out = Y; a zero diagonal divides (inf, then NaN above);
- cholesky_solve(X [..., M, K], Y [..., M, M], upper): Out = (L L^H)^-1 X for Y's lower
  triangle L (upper: (U^H U)^-1 X), two triangular solves;
- multi_dot(X[0], ..., X[n-1]): a chain of 2-D matrices whose first may be a row vector
  [K] and last a column vector [K] (their dims are dropped from Out), multiplied in the
  order of least scalar multiplications.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.linalg_matrix import check_invertible


def _dims(dims: Sequence[int]) -> list[int]:
    return [int(d) for d in dims]


def _broadcast_batch(a: Sequence[int], b: Sequence[int], op: str) -> tuple[int, ...]:
    """Numpy-style broadcast of two batch-dim lists, or a ValueError naming `op`."""
    a, b = _dims(a), _dims(b)
    n = max(len(a), len(b))
    a, b = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
    out = []
    for da, db in zip(a, b, strict=True):
        if da != db and 1 not in (da, db):
            raise ValueError(f"{op}: the batch dims of X {a} and Y {b} do not broadcast")
        out.append(db if da == 1 else da)
    return tuple(out)


def _square_x(x_dims: Sequence[int], op: str) -> int:
    if len(x_dims) < 2 or x_dims[-1] != x_dims[-2]:
        raise ValueError(f"{op}: X must be a batch of square matrices [..., M, M], "
                         f"got {_dims(x_dims)}")
    return int(x_dims[-1])


def solve_is_vector(x_dims: Sequence[int], y_dims: Sequence[int]) -> bool:
    """Whether solve reads Y as a (batch of) vector(s)."""
    return len(y_dims) == 1 or len(y_dims) == len(x_dims) - 1


def solve_out_dims(x_dims: Sequence[int], y_dims: Sequence[int]) -> tuple[int, ...]:
    m = _square_x(x_dims, "solve")
    if len(y_dims) < 1:
        raise ValueError(f"solve: Y must have rank >= 1, got {_dims(y_dims)}")
    vector = solve_is_vector(x_dims, y_dims)
    rows = y_dims[-1] if vector else y_dims[-2]
    if rows != m:
        raise ValueError(f"solve: Y's rows ({int(rows)}) must equal X's size {m} "
                         f"(X {_dims(x_dims)}, Y {_dims(y_dims)})")
    batch = _broadcast_batch(x_dims[:-2], y_dims[:-1] if vector else y_dims[:-2], "solve")
    return (*batch, m) if vector else (*batch, m, int(y_dims[-1]))


def triangular_out_dims(x_dims: Sequence[int], y_dims: Sequence[int],
                        op: str = "triangular_solve") -> tuple[int, ...]:
    """[..., M, K] for square X [..., M, M] and Y [..., M, K] (batch dims broadcast)."""
    m = _square_x(x_dims, op)
    if len(y_dims) < 2 or y_dims[-2] != m:
        raise ValueError(f"{op}: Y must be [..., {m}, K] for X {_dims(x_dims)}, "
                         f"got {_dims(y_dims)}")
    return (*_broadcast_batch(x_dims[:-2], y_dims[:-2], op), m, int(y_dims[-1]))


def cholesky_solve_out_dims(x_dims: Sequence[int], y_dims: Sequence[int]) -> tuple[int, ...]:
    """X is the right-hand side [..., M, K], Y the factor [..., M, M]."""
    return triangular_out_dims(y_dims, x_dims, "cholesky_solve")


def batched(xp: Any, x: Any, y: Any) -> tuple[Any, Any]:
    """x [..., M, M] and y [..., M, K] with their batch dims broadcast."""
    batch = _broadcast_batch(x.shape[:-2], y.shape[:-2], "linalg")
    return (xp.broadcast_to(x, (*batch, *x.shape[-2:])),
            xp.broadcast_to(y, (*batch, *y.shape[-2:])))


def solve(xp: Any, x: Any, y: Any, out: Any) -> None:
    """out = X^-1 Y (an error for a zero LU pivot)."""
    if out.size == 0:
        return
    vector = solve_is_vector(x.shape, y.shape)
    a, b = batched(xp, x, y[..., None] if vector else y)
    check_invertible(xp, a, "solve", "Input X")
    with quiet(xp):
        result = xp.linalg.solve(a, b)
    xp.copyto(out, result.reshape(out.shape))


def substitute(xp: Any, a: Any, b: Any, upper: bool, unit: bool) -> Any:
    """Solve triangular a [..., M, M] (only its triangle is read) x = b [..., M, K] by
    back (upper) or forward substitution, one row of all batches and columns at a time."""
    m = a.shape[-1]
    x = xp.empty(b.shape, xp.result_type(a, b))
    rows = range(m - 1, -1, -1) if upper else range(m)
    with quiet(xp):
        for i in rows:
            known = slice(i + 1, m) if upper else slice(0, i)
            acc = b[..., i, :] - xp.matmul(a[..., i, None, known], x[..., known, :])[..., 0, :]
            x[..., i, :] = acc if unit else acc / a[..., i, i, None]
    return x


def triangular_solve(xp: Any, x: Any, y: Any, upper: bool, transpose: bool,
                     unitriangular: bool, out: Any) -> None:
    """out = op(T)^-1 Y for T the upper (lower) triangle of X, op = transpose or identity."""
    if out.size == 0:
        return
    a, b = batched(xp, x, y)
    if transpose:
        a, upper = xp.swapaxes(a, -1, -2), not upper
    xp.copyto(out, substitute(xp, a, b, upper, unitriangular))


def cholesky_solve(xp: Any, x: Any, y: Any, upper: bool, out: Any) -> None:
    """out = A^-1 X for A = L L^H from Y's lower triangle L (upper: U^H U)."""
    if out.size == 0:
        return
    factor, b = batched(xp, y, x)
    adjoint = xp.conj(xp.swapaxes(factor, -1, -2))
    if upper:  # U^H z = b, then U out = z
        z = substitute(xp, adjoint, b, False, False)
        xp.copyto(out, substitute(xp, factor, z, True, False))
    else:  # L z = b, then L^H out = z
        z = substitute(xp, factor, b, False, False)
        xp.copyto(out, substitute(xp, adjoint, z, True, False))


def multi_dot_out_dims(dims: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """[M, N] of the chain, without the rows of a first vector or the columns of a last."""
    n = len(dims)
    if n < 2:
        raise ValueError(f"multi_dot: X must hold at least 2 tensors, got {n}")
    shapes = [_dims(d) for d in dims]
    for i, s in enumerate(shapes):
        vector_ok = i in (0, n - 1)
        if len(s) != 2 and not (vector_ok and len(s) == 1):
            raise ValueError(f"multi_dot: X[{i}] must be 2-D (the first and last may be 1-D), "
                             f"got dims {s}")
    mats = _as_matrices(shapes)
    for i in range(n - 1):
        if mats[i][1] != mats[i + 1][0]:
            raise ValueError(f"multi_dot: X[{i}] {shapes[i]} and X[{i + 1}] {shapes[i + 1]} "
                             "do not chain (columns must equal the next one's rows)")
    out = []
    if len(shapes[0]) == 2:
        out.append(mats[0][0])
    if len(shapes[-1]) == 2:
        out.append(mats[-1][1])
    return tuple(out)


def _as_matrices(shapes: list[list[int]]) -> list[tuple[int, int]]:
    """Each dims as (rows, cols): a first 1-D is a row, a last 1-D a column."""
    mats = [tuple(s) if len(s) == 2 else None for s in shapes]
    if mats[0] is None:
        mats[0] = (1, shapes[0][0])
    if mats[-1] is None:
        mats[-1] = (shapes[-1][0], 1)
    return mats  # type: ignore[return-value]


def _chain_order(mats: list[tuple[int, int]]) -> list[list[int]]:
    """split[i][j]: where the cheapest product of mats[i..j] splits (matrix-chain DP)."""
    n = len(mats)
    p = [mats[0][0], *[m[1] for m in mats]]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            best = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if best is None or c < best:
                    best, split[i][j] = c, k
            cost[i][j] = best
    return split


def multi_dot(xp: Any, xs: Sequence[Any], out: Any) -> None:
    """out = X[0] @ ... @ X[n-1], in the order of least multiplications."""
    mats_dims = _as_matrices([list(x.shape) for x in xs])
    arrays = [x.reshape(d) for x, d in zip(xs, mats_dims, strict=True)]
    split = _chain_order(mats_dims)

    def product(i: int, j: int) -> Any:
        if i == j:
            return arrays[i]
        k = split[i][j]
        return xp.matmul(product(i, k), product(k + 1, j))

    with quiet(xp):
        xp.copyto(out, product(0, len(arrays) - 1).reshape(out.shape))


def matrix_rank_out_dims(x_dims: Sequence[int],
                         tol_dims: Sequence[int] | None = None) -> tuple[int, ...]:
    """X's batch dims (broadcast with TolTensor's dims when one is fed)."""
    if len(x_dims) < 2:
        raise ValueError(f"matrix_rank: X must have rank >= 2 ([..., M, N]), got {_dims(x_dims)}")
    batch = tuple(_dims(x_dims[:-2]))
    if tol_dims is None:
        return batch
    return _broadcast_batch(batch, tol_dims, "matrix_rank")


def matrix_rank(xp: Any, x: Any, atol: Any, use_default_tol: bool, hermitian: bool,
                out: Any) -> None:
    """out[...] = the number of singular values (hermitian: |eigenvalues| of X's lower
    triangle) above max(atol, eps * max(M, N) * the largest one; that relative part only
    with `use_default_tol`). `atol`: a number or an array broadcast against the batch
    (complex: its real part)."""
    if out.size == 0:
        return
    m, n = x.shape[-2:]
    if x.size == 0:
        out[...] = 0
        return
    real = xp.empty(0, x.dtype).real.dtype
    with quiet(xp):
        if hermitian:
            sigma = xp.abs(xp.linalg.eigvalsh(x, UPLO="L"))
        else:
            sigma = xp.linalg.svd(x, compute_uv=False)
        sigma = sigma.astype(real, copy=False)
        rtol = xp.finfo(real).eps * max(m, n) if use_default_tol else 0.0
        relative = sigma.max(axis=-1) * real.type(rtol)
        atol = xp.asarray(atol).real.astype(real)
        tol = xp.where(atol > relative, atol, relative)
        xp.copyto(out, xp.sum(sigma > tol[..., None], axis=-1).reshape(out.shape))


QR_MODES = ("reduced", "complete", "r")


def qr_out_dims(x_dims: Sequence[int], mode: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(Q dims, R dims): reduced [..., M, K] / [..., K, N] (K = min(M, N)), complete
    [..., M, M] / [..., M, N], r: Q is [0] (not computed)."""
    if mode not in QR_MODES:
        raise ValueError(f"qr: mode must be one of {list(QR_MODES)}, got {mode!r}")
    if len(x_dims) < 2:
        raise ValueError(f"qr: X must have rank >= 2 ([..., M, N]), got {_dims(x_dims)}")
    *batch, m, n = _dims(x_dims)
    k = min(m, n)
    if mode == "complete":
        return (*batch, m, m), (*batch, m, n)
    r_dims = (*batch, k, n)
    return ((0,) if mode == "r" else (*batch, m, k)), r_dims


def qr(xp: Any, x: Any, mode: str, q_out: Any, r_out: Any) -> None:
    """Householder QR (LAPACK geqrf + orgqr): R's diagonal keeps the reflections' signs."""
    if r_out.size == 0:
        return
    with quiet(xp):
        if mode == "r":
            xp.copyto(r_out, xp.linalg.qr(x, mode="r"))
            return
        q, r = xp.linalg.qr(x, mode="complete" if mode == "complete" else "reduced")
    xp.copyto(q_out, q)
    xp.copyto(r_out, r)


def lu_out_dims(x_dims: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """(Out [..., M, N], Pivots [..., K], Infos [...]) for K = min(M, N)."""
    if len(x_dims) < 2:
        raise ValueError(f"lu: X must have rank >= 2 ([..., M, N]), got {_dims(x_dims)}")
    *batch, m, n = _dims(x_dims)
    return (*batch, m, n), (*batch, min(m, n)), tuple(batch)


def lu(xp: Any, x: Any, out: Any, pivots: Any, infos: Any) -> None:
    """LAPACK getrf: partial pivoting on the first largest |a| of each column (complex:
    |re| + |im|), L (unit diagonal implied) and U packed in `out`, `pivots` the 1-based
    rows swapped in, `infos` the 1-based index of the first exactly zero pivot (else 0;
    a zero column is neither swapped nor scaled)."""
    if out.size == 0:
        return
    m, n = x.shape[-2:]
    a = x.reshape(-1, m, n).copy()
    b = a.shape[0]
    rows = xp.arange(b)
    piv = xp.empty((b, min(m, n)), dtype=pivots.dtype)
    info = xp.zeros(b, dtype=infos.dtype)
    with quiet(xp):
        for j in range(min(m, n)):
            col = a[:, j:, j]
            mag = xp.abs(col.real) + xp.abs(col.imag) if xp.iscomplexobj(a) else xp.abs(col)
            p = xp.argmax(mag, axis=1) + j
            piv[:, j] = p + 1
            swap = (p != j)[:, None]
            row_j, row_p = a[rows, j].copy(), a[rows, p].copy()
            a[rows, j] = xp.where(swap, row_p, row_j)
            a[rows, p] = xp.where(swap, row_j, row_p)
            nonzero = a[:, j, j] != 0
            info = xp.where((info == 0) & ~nonzero, j + 1, info).astype(infos.dtype)
            a[:, j + 1:, j] /= xp.where(nonzero, a[:, j, j], 1)[:, None]
            a[:, j + 1:, j + 1:] -= a[:, j + 1:, j, None] * a[:, j, None, j + 1:]
    xp.copyto(out, a.reshape(out.shape))
    xp.copyto(pivots, piv.reshape(pivots.shape))
    xp.copyto(infos, info.reshape(infos.shape))


def lu_unpack_out_dims(x_dims: Sequence[int], pivots_dims: Sequence[int]
                       ) -> tuple[tuple[int, ...], ...]:
    """(Pmat [..., M, M], L [..., M, K], U [..., K, N]) for packed X [..., M, N] and
    Pivots [..., K], K = min(M, N)."""
    if len(x_dims) < 2:
        raise ValueError(f"lu_unpack: X must have rank >= 2 ([..., M, N]), got {_dims(x_dims)}")
    *batch, m, n = _dims(x_dims)
    k = min(m, n)
    if _dims(pivots_dims) != [*batch, k]:
        raise ValueError(f"lu_unpack: Pivots must be [..., min(M, N)] = {[*batch, k]} for X "
                         f"{_dims(x_dims)}, got {_dims(pivots_dims)}")
    return (*batch, m, m), (*batch, m, k), (*batch, k, n)


def lu_unpack(xp: Any, x: Any, pivots: Any, unpack_ludata: bool, unpack_pivots: bool,
              pmat: Any, lower: Any, upper: Any) -> None:
    """X = Pmat L U from lu's packed X and 1-based Pivots (row j swapped with Pivots[j]);
    an output whose flag is off is left unwritten, as Paddle leaves it."""
    m, n = x.shape[-2:]
    k = min(m, n)
    if unpack_ludata and lower.size:
        eye = xp.eye(m, k, dtype=x.dtype)
        xp.copyto(lower, xp.tril(x[..., :, :k], -1) + eye)
    if unpack_ludata and upper.size:
        xp.copyto(upper, xp.triu(x[..., :k, :]))
    if not unpack_pivots or pmat.size == 0:
        return
    perm = pivot_permutation(xp, pivots, m, "lu_unpack")
    b = perm.shape[0]
    rows = xp.arange(b)
    p = xp.zeros((b, m, m), dtype=x.dtype)
    p[rows[:, None], perm, xp.arange(m)[None, :]] = 1
    xp.copyto(pmat, p.reshape(pmat.shape))


def pivot_permutation(xp: Any, pivots: Any, m: int, op: str) -> Any:
    """perm [b, m] of lu's 1-based Pivots [..., K] (row j swapped with Pivots[j] in turn):
    row i of P^T A is A[perm[i]] for A = P L U."""
    k = pivots.shape[-1]
    piv = pivots.reshape(-1, k).astype(xp.int64) - 1
    if bool(((piv < 0) | (piv >= m)).any()):
        raise ValueError(f"{op}: Pivots must lie in [1, {m}] (the matrices have {m} rows), "
                         f"got {pivots.reshape(-1).tolist()}")
    rows = xp.arange(piv.shape[0])
    perm = xp.broadcast_to(xp.arange(m), (piv.shape[0], m)).copy()
    for j in range(k):
        pj, pp = perm[:, j].copy(), perm[rows, piv[:, j]].copy()
        perm[:, j] = pp
        perm[rows, piv[:, j]] = pj
    return perm
