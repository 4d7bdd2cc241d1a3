"""Grads of the linear solvers and of the matrix decompositions and their functions (this
family holds the decompositions' grads; forward cases in linalg.py, linalg_solve.py and
unique.py).

Solvers: solve (matrix and vector right-hand sides,
batches broadcast either way), triangular_solve (upper / lower, transpose, unitriangular:
X's gradient keeps X's triangle, its diagonal dropped when unit; batches broadcast) and
cholesky_solve (lower / upper factor, broadcast); float32 and float64, well conditioned
seeded matrices (a `Drawn`), so rounding stays inside the tolerance.

Matrix functions: inverse, determinant (one singular matrix in the batch: Paddle's gradient
is zero for the whole batch),
slogdeterminant (the sign row gets no gradient; a singular X is left out: Paddle answers
NaN from its inverse, fluidphi inf / NaN), slogdet_v2 (the sign's cotangent is ignored; a
singular X is an error in Paddle's grad kernel) and cholesky (lower / upper; the gradient
is Hermitian), real and complex as Paddle registers them, batched.

Decompositions, on matrices built with well separated eigen- / singular values: eigh (both
cotangents, or the values' alone), eigvalsh (UPLO L / U), svd (reduced, full_matrices: only
U's / VH's first K columns / rows take part; tall, wide, square, batched) and svdvals; eig
(real and complex X, a real X with a complex conjugate eigenvalue pair, the values'
cotangent alone) on P diag P^-1 with distinct eigenvalues: eigenvector gradients are defined
up to Paddle's normalisation (LAPACK geev's unit vectors, largest component real, on both
sides, float32 the values' cotangent alone: its eigenvectors' signs differ), so Paddle's
answer is deterministic there; a real X's gradient is real (Paddle's executor keeps the
real part of the complex gradient). Left out, as a Paddle bug: batched eig (Paddle 3.3.1's
eig_grad gets every matrix after the first wrong: the same matrix alone gives another
gradient, and finite differences agree with that one and with fluidphi).
Left out, as Paddle bugs: batched eigh / eigvalsh (Paddle 3.3.1 mixes rows of the batch's
matrices: row 1 of matrix 0's gradient is built with matrix 1's cotangent), batched complex
svd (Paddle raises a broadcast error) and complex svd's U cotangent (Paddle's term is not
the gauge-invariant one; U's phases are LAPACK's choice, so complex cases seed S and VH).

Factorizations: qr (reduced: tall, wide, batched; complete with M <= N; complex; mode "r"
and complete with M > N have no derivative, in Paddle as in fluidphi), lu (square, tall,
wide, batched, complex), lu_unpack (square, tall, wide; Pmat gets no gradient) and lu_solve
(trans N, real; complex: lu's gradient only). Left out, as Paddle bugs (checked against
finite differences): lu_solve's lu gradient for trans T / C, and its complex b gradient
(Paddle 3.3.1 does not conjugate). fluidphi's lu_solve conjugates for trans C on complex
input (A^H X = B), where Paddle's forward solves A^T X = B."""

from __future__ import annotations

import numpy as np

from .spec import FLOATS, Case, Drawn, GradCase, In


def _square_values(shape: tuple[int, ...], seed: int, shift: float) -> np.ndarray:
    """Seeded matrices [..., n, n]: uniform in [-1, 1) plus shift * I."""
    return np.random.default_rng(seed).uniform(-1, 1, shape) + shift * np.eye(shape[-1])


def _square(shape: tuple[int, ...], dtype: str, seed: int) -> In:
    return In(shape, dtype, values=Drawn(_square_values, (shape, seed, 3.0)))


def _complex_square_values(shape: tuple[int, ...], seed: int, shift: float) -> np.ndarray:
    """Seeded complex matrices [..., n, n]: both parts uniform in [-1, 1), plus shift * I."""
    rng = np.random.default_rng(seed)
    return rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape) + shift * np.eye(shape[-1])


def _hermitian_values(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """Seeded Hermitian positive definite matrices A A^H + I (complex A for more dims)."""
    a = np.random.default_rng(seed).uniform(-1, 1, shape)
    return a @ np.swapaxes(a, -1, -2) + np.eye(shape[-1])


def _matrix(shape: tuple[int, ...], dtype: str, seed: int, shift: float = 3.0) -> In:
    make = _complex_square_values if dtype.startswith("complex") else _square_values
    return In(shape, dtype, values=Drawn(make, (shape, seed, shift)))


def _spectral_values(shape: tuple[int, ...], seed: int, spectrum: tuple[float, ...],
                     hermitian: bool) -> np.ndarray:
    """Q diag(spectrum) Q^T (hermitian) or Q diag(spectrum) P^T [M, N] (the spectrum's first
    min(M, N) values), Q / P seeded orthogonal."""
    rng = np.random.default_rng(seed)
    *batch, m, n = shape
    q = np.linalg.qr(rng.uniform(-1, 1, (*batch, m, m)))[0]
    if hermitian:
        return (q * np.array(spectrum[:m])) @ np.swapaxes(q, -1, -2)
    p = np.linalg.qr(rng.uniform(-1, 1, (*batch, n, n)))[0]
    k = min(m, n)
    return (q[..., :, :k] * np.array(spectrum[:k])) @ np.swapaxes(p[..., :, :k], -1, -2)


def _complex_spectral_values(shape: tuple[int, ...], seed: int, spectrum: tuple[float, ...],
                             hermitian: bool) -> np.ndarray:
    """As _spectral_values with seeded unitary Q / P."""
    rng = np.random.default_rng(seed)
    *batch, m, n = shape

    def unitary(size: int) -> np.ndarray:
        a = rng.uniform(-1, 1, (*batch, size, size)) + 1j * rng.uniform(-1, 1, (*batch, size, size))
        return np.linalg.qr(a)[0]

    q = unitary(m)
    if hermitian:
        return (q * np.array(spectrum[:m])) @ np.conj(np.swapaxes(q, -1, -2))
    p = unitary(n)
    k = min(m, n)
    return (q[..., :, :k] * np.array(spectrum[:k])) @ np.conj(np.swapaxes(p[..., :, :k], -1, -2))


_SPECTRUM = (1.0, 2.5, 4.0, 6.0, 8.5)


def _spectral(shape: tuple[int, ...], dtype: str, seed: int, hermitian: bool = False) -> In:
    make = _complex_spectral_values if dtype.startswith("complex") else _spectral_values
    return In(shape, dtype, values=Drawn(make, (shape, seed, _SPECTRUM, hermitian)))


def _decomposition_cases() -> list[GradCase]:
    cases = []
    for dt in FLOATS:
        cases += [
            _unary(f"eigh_{dt}", "eigh", "X", _spectral((4, 4), dt, 30, hermitian=True)),
            _unary(f"eigvalsh_{dt}", "eigvalsh", "X", _spectral((4, 4), dt, 31, hermitian=True)),
            _unary(f"svd_tall_{dt}", "svd", "X", _spectral((5, 3), dt, 32)),
            _unary(f"svd_wide_batched_{dt}", "svd", "X", _spectral((2, 3, 5), dt, 33)),
            _unary(f"svdvals_{dt}", "svdvals", "x", _spectral((2, 4, 3), dt, 34)),
        ]
    for dt in ("complex64", "complex128"):
        cases += [
            _unary(f"eigh_upper_{dt}", "eigh", "X", _spectral((3, 3), dt, 35, hermitian=True),
                   UPLO="U"),
            _unary(f"eigvalsh_{dt}", "eigvalsh", "X", _spectral((4, 4), dt, 36, hermitian=True)),
            GradCase(Case(f"svd_{dt}", "svd", {"X": _spectral((4, 3), dt, 37)}), ("X",),
                     of=("S", "VH")),
        ]
    return [
        *cases,
        GradCase(Case("eigh_values_only", "eigh", {"X": _spectral((3, 3), "float64", 38, True)}),
                 ("X",), of=("Eigenvalues",)),
        _unary("eigvalsh_upper", "eigvalsh", "X", _spectral((3, 3), "float64", 39, True),
               UPLO="U"),
        _unary("svd_square_full", "svd", "X", _spectral((4, 4), "float64", 40),
               full_matrices=True),
        _unary("svd_tall_full", "svd", "X", _spectral((2, 5, 3), "float64", 41),
               full_matrices=True),
        GradCase(Case("svd_values_only", "svd", {"X": _spectral((3, 4), "float64", 42)}),
                 ("X",), of=("S",)),
    ]


def _similar_values(shape: tuple[int, ...], seed: int, spectrum: tuple[float, ...],
                    imag: bool) -> np.ndarray:
    """P diag(spectrum) P^-1 [..., n, n], P seeded (plus I: well conditioned), complex with
    `imag`; a spectrum entry given as a (re, im) pair adds its conjugate's partner through a
    real 2x2 rotation block (a real matrix with a complex conjugate eigenvalue pair)."""
    rng = np.random.default_rng(seed)
    n = shape[-1]
    p = rng.uniform(-1, 1, shape) + 2 * np.eye(n)
    if imag:
        p = p + 1j * rng.uniform(-1, 1, shape)
    d = np.zeros((n, n))
    i = 0
    for value in spectrum[:n]:
        if isinstance(value, tuple):
            d[i:i + 2, i:i + 2] = [[value[0], value[1]], [-value[1], value[0]]]
            i += 2
        else:
            d[i, i] = value
            i += 1
    return p @ d @ np.linalg.inv(p)


def _eig_input(shape: tuple[int, ...], dtype: str, seed: int,
               spectrum: tuple[object, ...] = (1.0, 2.0, 4.0, -3.0)) -> In:
    return In(shape, dtype, values=Drawn(_similar_values, (shape, seed, spectrum,
                                                           dtype.startswith("complex"))))


def _eig_cases() -> list[GradCase]:
    """eig: distinct eigenvalues, both cotangents (eigenvector gradients are defined up to
    the eigenvectors' normalisation: both sides take LAPACK geev's unit vectors, largest
    component real, so Paddle's answer is deterministic) except float32, whose eigenvectors'
    signs Paddle's single-precision geev chooses otherwise than fluidphi's forward (the
    values' cotangent alone there); a real X's gradient is real."""
    return [
        *(_unary(f"eig_{dt}", "eig", "X", _eig_input((3, 3), dt, 43))
          for dt in ("float64", "complex64", "complex128")),
        GradCase(Case("eig_float32", "eig", {"X": _eig_input((3, 3), "float32", 43)}),
                 ("X",), of=("Eigenvalues",)),
        _unary("eig_complex_pair", "eig", "X",
               _eig_input((3, 3), "float64", 45, ((1.0, 2.0), 4.0))),
        GradCase(Case("eig_values_only", "eig", {"X": _eig_input((3, 3), "float64", 46)}),
                 ("X",), of=("Eigenvalues",)),
    ]


def _rectangular_values(shape: tuple[int, ...], seed: int, shift: float,
                        imag: bool) -> np.ndarray:
    """Seeded [..., M, N]: uniform in [-1, 1) (both parts with `imag`) plus shift on the
    diagonal."""
    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, shape) + (1j * rng.uniform(-1, 1, shape) if imag else 0)
    return a + shift * np.eye(*shape[-2:])


def _rectangular(shape: tuple[int, ...], dtype: str, seed: int, shift: float = 3.0) -> In:
    return In(shape, dtype, values=Drawn(_rectangular_values,
                                         (shape, seed, shift, dtype.startswith("complex"))))


def _factorization_cases() -> list[GradCase]:
    cases = []
    piv3 = In((3,), "int32", values=[3, 2, 3])
    for dt in FLOATS:
        cases += [
            _unary(f"qr_tall_{dt}", "qr", "X", _spectral((5, 3), dt, 50)),
            _unary(f"qr_wide_batched_{dt}", "qr", "X", _spectral((2, 3, 5), dt, 51)),
            _unary(f"lu_batched_{dt}", "lu", "X", _matrix((2, 3, 3), dt, 52)),
            GradCase(Case(f"lu_unpack_{dt}", "lu_unpack",
                          {"X": _matrix((3, 3), dt, 53), "Pivots": piv3}), ("X",)),
            GradCase(Case(f"lu_solve_{dt}", "lu_solve",
                          {"b": In((3, 2), dt), "lu": _matrix((3, 3), dt, 54), "pivots": piv3},
                          attrs={"trans": "N"}), ("b", "lu")),
        ]
    for dt in ("complex64", "complex128"):
        cases += [
            _unary(f"qr_{dt}", "qr", "X", _spectral((4, 3), dt, 55)),
            _unary(f"lu_{dt}", "lu", "X", _matrix((3, 3), dt, 56)),
            GradCase(Case(f"lu_unpack_{dt}", "lu_unpack",
                          {"X": _matrix((3, 3), dt, 57), "Pivots": piv3}), ("X",)),
            GradCase(Case(f"lu_solve_{dt}", "lu_solve",
                          {"b": _rectangular((3, 2), dt, 58, shift=0.0),
                           "lu": _matrix((3, 3), dt, 59), "pivots": piv3},
                          attrs={"trans": "N"}), ("lu",)),
        ]
    return [
        *cases,
        _unary("qr_square_complete", "qr", "X", _spectral((4, 4), "float64", 60),
               mode="complete"),
        _unary("qr_wide_complete", "qr", "X", _spectral((3, 5), "float64", 61), mode="complete"),
        _unary("lu_tall", "lu", "X", _rectangular((5, 3), "float64", 62)),
        _unary("lu_wide_batched", "lu", "X", _rectangular((2, 3, 5), "float64", 63)),
        GradCase(Case("lu_unpack_tall", "lu_unpack",
                      {"X": _rectangular((4, 2), "float64", 64),
                       "Pivots": In((2,), "int32", values=[4, 2])}), ("X",)),
        GradCase(Case("lu_unpack_wide_batched", "lu_unpack",
                      {"X": _rectangular((2, 2, 4), "float64", 65),
                       "Pivots": In((2, 2), "int32", values=[[2, 2], [1, 2]])}), ("X",)),
        GradCase(Case("lu_solve_batched", "lu_solve",
                      {"b": In((2, 4, 3), "float64"), "lu": _matrix((2, 4, 4), "float64", 66),
                       "pivots": In((2, 4), "int32", values=[[4, 2, 3, 4], [1, 3, 3, 4]])},
                      attrs={"trans": "N"}), ("b", "lu")),
    ]


def _unary(name: str, op: str, slot: str, x: In, **attrs: object) -> GradCase:
    return GradCase(Case(name, op, {slot: x}, attrs=attrs), (slot,))


def _matrix_function_cases() -> list[GradCase]:
    cases = []
    for dt in (*FLOATS, "complex64", "complex128"):
        cases += [
            _unary(f"inverse_{dt}", "inverse", "Input", _matrix((2, 3, 3), dt, 20)),
            _unary(f"determinant_{dt}", "determinant", "Input", _matrix((2, 3, 3), dt, 21)),
            _unary(f"slogdeterminant_{dt}", "slogdeterminant", "Input",
                   _matrix((2, 3, 3), dt, 22)),
            _unary(f"slogdet_v2_{dt}", "slogdet_v2", "x", _matrix((2, 3, 3), dt, 23)),
        ]
    for dt in FLOATS:
        cases += [
            _unary(f"cholesky_{dt}", "cholesky", "X",
                   In((3, 3), dt, values=Drawn(_hermitian_values, ((3, 3), 24)))),
            _unary(f"cholesky_upper_batched_{dt}", "cholesky", "X",
                   In((2, 4, 4), dt, values=Drawn(_hermitian_values, ((2, 4, 4), 25))),
                   upper=True),
        ]
    singular = [[[1.0, 2.0], [2.0, 4.0]], [[2.0, 1.0], [1.0, 3.0]]]
    return [
        *cases,
        _unary("inverse_5x5", "inverse", "Input", _matrix((5, 5), "float64", 26)),
        _unary("determinant_singular", "determinant", "Input",
               In((2, 2, 2), "float64", values=singular)),
        _unary("determinant_1x1", "determinant", "Input", _matrix((3, 1, 1), "float64", 27)),
        _unary("slogdeterminant_negative", "slogdeterminant", "Input",
               _matrix((2, 3, 3), "float64", 28, shift=-3.0)),
        _unary("slogdet_v2_negative", "slogdet_v2", "x",
               _matrix((3, 3), "float64", 29, shift=-3.0)),
    ]


def _case(name: str, op: str, x: In, y: In, **attrs: object) -> GradCase:
    return GradCase(Case(name, op, {"X": x, "Y": y}, attrs=attrs), ("X", "Y"))


def _cases(dt: str) -> list[GradCase]:
    return [
        _case(f"solve_{dt}", "solve", _square((3, 3), dt, 1), In((3, 2), dt)),
        _case(f"solve_batched_{dt}", "solve", _square((2, 4, 4), dt, 2), In((2, 4, 3), dt)),
        _case(f"triangular_solve_{dt}", "triangular_solve", _square((3, 3), dt, 3),
              In((3, 2), dt)),
        _case(f"triangular_solve_lower_trans_{dt}", "triangular_solve",
              _square((2, 4, 4), dt, 4), In((2, 4, 3), dt), upper=False, transpose=True),
        _case(f"cholesky_solve_{dt}", "cholesky_solve", In((3, 2), dt), _square((3, 3), dt, 5)),
        _case(f"cholesky_solve_upper_batched_{dt}", "cholesky_solve", In((2, 4, 3), dt),
              _square((2, 4, 4), dt, 6), upper=True),
    ]


GRAD_CASES = [
    *(case for dt in FLOATS for case in _cases(dt)),
    _case("solve_vector_y", "solve", _square((3, 3), "float64", 7), In((3,), "float64")),
    _case("solve_bcast_y", "solve", _square((2, 3, 3), "float64", 9), In((1, 3, 2), "float64")),
    _case("solve_bcast_x", "solve", _square((3, 3), "float64", 10), In((2, 3, 2), "float64")),
    _case("triangular_solve_upper_trans_unit", "triangular_solve",
          _square((2, 3, 3), "float64", 11), In((2, 3, 2), "float64"),
          transpose=True, unitriangular=True),
    _case("triangular_solve_lower_unit", "triangular_solve", _square((3, 3), "float64", 16),
          In((3, 2), "float64"), upper=False, unitriangular=True),
    _case("triangular_solve_bcast", "triangular_solve", _square((2, 1, 3, 3), "float64", 12),
          In((3, 3, 2), "float64")),
    _case("cholesky_solve_bcast", "cholesky_solve", In((2, 3, 2), "float64"),
          _square((3, 3), "float64", 13)),
    *_matrix_function_cases(),
    *_decomposition_cases(),
    *_eig_cases(),
    *_factorization_cases(),
]
