"""Matrix functions over batches [..., n, n]: inverse, cholesky, determinant,
slogdeterminant, matrix_power, as Paddle's CPU kernels (Eigen) compute them.

- A partial-pivot LU (row swaps, the first largest |a| of a column wins; a zero column is
  left as is) gives determinant = swap sign * prod(diag(U)) (so an exactly singular matrix
  gives a signed zero, an empty one 1) and the pivots that decide invertibility;
- inverse (and matrix_power with n < 0): an error when a pivot is exactly zero ("not
  invertible"), else the inverse;
- slogdeterminant: [sign, log|det|] stacked first ([2, ...]); sign is -1 / 0 / 1 (0 for a
  zero or NaN det, so log|det| is -inf / NaN), for complex det / |det| with log|det| + 0j;
- cholesky: Eigen's LLT, reading only the lower triangle (upper=True: only the upper one,
  giving U = L^T); a diagonal step <= 0 is an error ("not positive definite");
- slogdet_v2: slogdeterminant's rows as two outputs, sign (X's type) and log|det| (real);
- matrix_power: identity for n = 0; |n| of 1..4 as direct products, else binary powering;
- svd / svdvals (LAPACK gesdd, as Paddle's CPU kernels): X [..., M, N] = U diag(S) VH,
  S [..., K] descending and real (K = min(M, N)); U [..., M, K] and VH [..., K, N], or
  [..., M, M] and [..., N, N] with full_matrices; the vectors are unique only up to a
  sign (a phase for complex X) per singular value, which LAPACK's implementation decides;
- eigh / eigvalsh (LAPACK syevd / heevd): the eigenvalues of a Hermitian X [..., n, n],
  ascending and real, read from its lower (UPLO "L") or upper ("U") triangle; the
  eigenvectors as columns (unique up to sign / phase). eigvalsh writes the vectors too
  unless is_test;
- eig / eigvals (LAPACK geev): complex eigenvalues (and unit-norm column eigenvectors)
  of a general X [..., n, n] in LAPACK's order; Paddle's eigvals hands LAPACK its
  row-major X, so it computes the eigenvalues of X^T (the same set, in that order);
- lstsq: the minimum-norm least-squares Solution [..., N, K] of X [..., M, N] Y [..., M, K],
  singular values below rcond * the largest counted as zero (an SVD, which solves what
  each LAPACK driver solves for a matrix of that rank); Rank (int32) unless the driver is
  gels, SingularValues only for gelsd / gelss, Residuals (the squared column norms of
  X Solution - Y) when M > N, the driver is not gelsy and X has full column rank, else
  empty [0].
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from phi.common import DataType
from phi.core.errors import InvalidValueError
from phi.kernels.funcs.common import quiet


def _dims(dims: Sequence[int]) -> list[int]:
    return [int(d) for d in dims]


def square_dims(dims: Sequence[int], op: str) -> tuple[int, ...]:
    """Validated [..., n, n] dims."""
    if len(dims) < 2 or dims[-1] != dims[-2]:
        raise ValueError(f"{op}: the input must be a batch of square matrices [..., n, n], "
                         f"got {_dims(dims)}")
    return tuple(_dims(dims))


def det_out_dims(dims: Sequence[int]) -> tuple[int, ...]:
    return square_dims(dims, "determinant")[:-2]


def slogdet_out_dims(dims: Sequence[int]) -> tuple[int, ...]:
    return (2, *square_dims(dims, "slogdeterminant")[:-2])


def lu_factor(xp: Any, a: Any) -> tuple[Any, Any]:
    """(LU [b, n, n] with L's unit diagonal implied, swap sign [b]) of a [..., n, n]."""
    n = a.shape[-1]
    lu = a.reshape(-1, n, n).copy()
    b = lu.shape[0]
    rows = xp.arange(b)
    odd = xp.zeros(b, dtype=bool)
    with quiet(xp):
        for k in range(n):
            col = xp.abs(lu[:, k:, k])
            p = xp.argmax(col, axis=1) + k
            nonzero = col[xp.arange(b), p - k] != 0
            swap = (p != k) & nonzero
            if bool(swap.any()):
                row_k, row_p = lu[rows, k].copy(), lu[rows, p].copy()
                lu[rows, k] = xp.where(swap[:, None], row_p, row_k)
                lu[rows, p] = xp.where(swap[:, None], row_k, row_p)
                odd ^= swap
            pivot = xp.where(nonzero, lu[:, k, k], 1)
            lu[:, k + 1:, k] /= pivot[:, None]
            lu[:, k + 1:, k + 1:] -= lu[:, k + 1:, k, None] * lu[:, k, None, k + 1:]
    return lu, xp.where(odd, -1, 1).astype(a.dtype)


def determinant(xp: Any, a: Any, out: Any) -> None:
    """out[...] = det(a[..., :, :]) (1 for 0 x 0 matrices)."""
    if out.size == 0:
        return
    if a.shape[-1] == 0:
        out.fill(1)
        return
    lu, sign = lu_factor(xp, a)
    with quiet(xp):
        det = sign * xp.prod(xp.diagonal(lu, axis1=1, axis2=2), axis=-1)
    xp.copyto(out, det.reshape(out.shape))


def slogdeterminant(xp: Any, a: Any, out: Any) -> None:
    """out[0] = sign(det), out[1] = log|det| (complex: det / |det| and log|det| + 0j)."""
    if out.size == 0:
        return
    det = xp.empty(out.shape[1:], a.dtype)
    determinant(xp, a, det)
    det = det.reshape(-1)
    sign, logabs = out.reshape(2, -1)  # views of a contiguous out
    with quiet(xp):
        mag = xp.abs(det)
        if xp.iscomplexobj(det):
            xp.divide(det, mag, out=sign)
        else:
            xp.subtract((det > 0).astype(det.dtype), (det < 0).astype(det.dtype), out=sign)
        xp.copyto(logabs, xp.log(mag))


def check_invertible(xp: Any, a: Any, op: str, what: str = "Input") -> None:
    """Every matrix of the batch `a` [B, n, n] has non-zero pivots in its partial-pivot LU
    (Paddle's test), else InvalidValueError naming the first that has not."""
    if a.size == 0:
        return
    lu, _ = lu_factor(xp, a)
    pivots = xp.abs(xp.diagonal(lu, axis1=1, axis2=2))
    bad = xp.nonzero(~(pivots.min(axis=-1) > 0))[0]
    if bad.size:
        raise InvalidValueError(f"{op}: {what} is not invertible (matrix {int(bad[0])} of the "
                                "batch has a zero pivot in its LU factorization)")


def inverse(xp: Any, a: Any, out: Any) -> None:
    square_dims(a.shape, "inverse")
    check_invertible(xp, a, "inverse")
    if a.size:
        with quiet(xp):
            xp.copyto(out, xp.linalg.inv(a))


def cholesky(xp: Any, a: Any, upper: bool, out: Any) -> None:
    """Eigen's LLT on the lower triangle (upper: on the upper one, out = L^T)."""
    n = square_dims(a.shape, "cholesky")[-1]
    if a.size == 0:
        return
    m = xp.swapaxes(a, -1, -2) if upper else a
    low = xp.zeros(a.shape, a.dtype)
    with quiet(xp):
        for k in range(n):
            x = m[..., k, k] - xp.sum(low[..., k, :k] ** 2, axis=-1)
            failed = (x <= 0).reshape(-1)
            if bool(failed.any()):
                index = int(xp.nonzero(failed)[0][0])
                raise InvalidValueError(f"cholesky: Cholesky decomposition was not successful: "
                                        f"matrix "
                                 f"{index} of the batch is not positive definite")
            d = xp.sqrt(x)
            low[..., k, k] = d
            rest = m[..., k + 1:, k] - xp.matmul(low[..., k + 1:, :k],
                                                  low[..., k, :k, None])[..., 0]
            low[..., k + 1:, k] = rest / d[..., None]
    xp.copyto(out, xp.swapaxes(low, -1, -2) if upper else low)


def matrix_power(xp: Any, a: Any, n: int, out: Any) -> None:
    """a^n per matrix; n < 0 inverts first (an error for a singular matrix)."""
    size = square_dims(a.shape, "matrix_power")[-1]
    if n == 0:
        xp.copyto(out, xp.broadcast_to(xp.eye(size, dtype=a.dtype), a.shape))
        return
    base = a
    if n < 0:
        base = xp.empty_like(a)
        inverse(xp, a, base)
    m = abs(n)
    with quiet(xp):
        if m == 1:
            result = base
        elif m == 2:
            result = base @ base
        elif m == 3:
            result = (base @ base) @ base
        elif m == 4:
            square = base @ base
            result = square @ square
        else:
            result, z = None, None
            while m > 0:
                bit, m = m & 1, m >> 1
                z = base if z is None else z @ z
                if bit:
                    result = z if result is None else result @ z
        xp.copyto(out, result)


# -- decompositions: svd / svdvals, eigh / eigvalsh --------------------------------------------

def svd_out_dims(dims: Sequence[int], full_matrices: bool, op: str = "svd"
                 ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(U, S, VH) dims of X [..., M, N]."""
    if len(dims) < 2:
        raise ValueError(f"{op}: the input must be a batch of matrices [..., M, N] (rank >= "
                         f"2), got {_dims(dims)}")
    *batch, m, n = _dims(dims)
    k = min(m, n)
    if full_matrices:
        return (*batch, m, m), (*batch, k), (*batch, n, n)
    return (*batch, m, k), (*batch, k), (*batch, k, n)


def svd(xp: Any, x: Any, full_matrices: bool, u: Any, s: Any, vh: Any) -> None:
    """U, S, VH of x (LAPACK gesdd through the array module); an empty x gives empty S and
    identity-like U / VH."""
    if x.size == 0:
        u[...] = xp.eye(u.shape[-2], u.shape[-1], dtype=u.dtype)
        vh[...] = xp.eye(vh.shape[-2], vh.shape[-1], dtype=vh.dtype)
        return
    uu, ss, vv = xp.linalg.svd(x, full_matrices=full_matrices)
    u[...], s[...], vh[...] = uu, ss, vv


def svdvals(xp: Any, x: Any, s: Any) -> None:
    """The singular values of x, descending."""
    if x.size:
        s[...] = xp.linalg.svd(x, compute_uv=False)


def eigh_out_dims(dims: Sequence[int], uplo: str, op: str = "eigh"
                  ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(eigenvalues [..., n], eigenvectors [..., n, n]) of X [..., n, n]."""
    if uplo not in ("L", "U"):
        raise ValueError(f"{op}: UPLO must be 'L' or 'U', got {uplo!r}")
    dims = square_dims(dims, op)
    return dims[:-1], dims


def eigh(xp: Any, x: Any, uplo: str, values: Any, vectors: Any | None) -> None:
    """Ascending eigenvalues (and column eigenvectors) of the Hermitian matrix whose `uplo`
    triangle x holds."""
    if x.size == 0:
        return
    if vectors is None:
        values[...] = xp.linalg.eigvalsh(x, UPLO=uplo)
        return
    values[...], vectors[...] = xp.linalg.eigh(x, UPLO=uplo)


def eig_out_dtype(dtype: DataType) -> DataType:
    """eig's outputs are complex: float32 -> complex64, float64 -> complex128."""
    return {DataType.FLOAT32: DataType.COMPLEX64,
            DataType.FLOAT64: DataType.COMPLEX128}.get(dtype, dtype)


def eig(xp: Any, x: Any, values: Any, vectors: Any) -> None:
    """Eigenvalues and column eigenvectors of x (LAPACK geev's order and normalisation)."""
    if x.size:
        values[...], vectors[...] = xp.linalg.eig(x)


def eigvals(xp: Any, x: Any, out: Any) -> None:
    """The eigenvalues of x in the order LAPACK gives them for x^T (Paddle's call)."""
    if x.size:
        out[...] = xp.linalg.eigvals(xp.swapaxes(x, -1, -2))


# -- lstsq -------------------------------------------------------------------------------------

class LstsqDriver(enum.Enum):
    """The LAPACK routine Paddle's lstsq calls: which outputs it writes."""

    GELS = "gels"
    GELSY = "gelsy"
    GELSD = "gelsd"
    GELSS = "gelss"

    @classmethod
    def parse(cls, name: str) -> LstsqDriver:
        try:
            return cls(name)
        except ValueError:
            raise ValueError(f"lstsq: driver must be one of {[d.value for d in cls]}, "
                             f"got {name!r}") from None

    @property
    def written(self) -> tuple[bool, bool, bool, bool]:
        """Whether Solution, Residuals, Rank, SingularValues are written."""
        return (True, True, self is not LstsqDriver.GELS,
                self in (LstsqDriver.GELSD, LstsqDriver.GELSS))


def lstsq_out_dims(x_dims: Sequence[int], y_dims: Sequence[int], driver: str
                   ) -> tuple[tuple[int, ...], ...]:
    """(Solution, Residuals, Rank, SingularValues) dims; Residuals as when X has full
    column rank."""
    drv = LstsqDriver.parse(driver)
    if len(x_dims) < 2 or len(y_dims) < 2:
        raise ValueError(f"lstsq: X and Y must be batches of matrices (rank >= 2), got X "
                         f"{_dims(x_dims)} and Y {_dims(y_dims)}")
    *batch, m, n = _dims(x_dims)
    if list(y_dims[:-2]) != batch or y_dims[-2] != m:
        raise ValueError(f"lstsq: Y must have X's batch dims and row dimension, got X "
                         f"{_dims(x_dims)} and Y {_dims(y_dims)}")
    k = int(y_dims[-1])
    residuals = (*batch, k) if m > n and drv is not LstsqDriver.GELSY else (0,)
    return (*batch, n, k), residuals, tuple(batch), (*batch, min(m, n))


def lstsq(xp: Any, x: Any, y: Any, rcond: float, driver: str) -> tuple[Any, Any, Any, Any]:
    """(solution, residuals, rank (int32), singular values) of min ||x s - y||."""
    drv = LstsqDriver.parse(driver)
    m, n = x.shape[-2:]
    if x.size == 0:
        s = xp.zeros((*x.shape[:-2], 0), x.dtype)
    else:
        u, s, vh = xp.linalg.svd(x, full_matrices=False)
    rank = xp.sum(s > rcond * s[..., :1], axis=-1).astype(xp.int32)
    if x.size == 0:
        sol = xp.zeros((*x.shape[:-2], n, y.shape[-1]), x.dtype)
    else:
        keep = s > rcond * s[..., :1]
        inv = xp.where(keep, 1 / xp.where(keep, s, 1), 0).astype(x.dtype)
        uty = xp.swapaxes(u, -1, -2) @ y
        sol = xp.swapaxes(vh, -1, -2) @ (inv[..., None] * uty)
    full = drv is LstsqDriver.GELS or bool(xp.all(rank == n))
    if m > n and drv is not LstsqDriver.GELSY and full:
        residuals = xp.sum(xp.square(x @ sol - y), axis=-2)
    else:
        residuals = xp.zeros((0,), x.dtype)
    return sol, residuals, rank, s


def slogdet_v2(xp: Any, x: Any, sign: Any, logdet: Any) -> None:
    """sign[...] and logdet[...] (real) of x [..., n, n], as slogdeterminant's rows."""
    both = xp.empty((2, *sign.shape), x.dtype)
    slogdeterminant(xp, x, both)
    sign[...] = both[0]
    logdet[...] = both[1].real
