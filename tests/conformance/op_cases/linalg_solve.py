"""Linear algebra beyond the `linalg` family: solvers (solve, triangular_solve,
cholesky_solve) and chained products (multi_dot).

Matrices are seeded and well conditioned (a `Drawn`: uniform in [-1, 1) plus a multiple
of I, or a Cholesky factor with a dominant diagonal), so a solution's rounding stays far
inside the normwise tolerance whichever order LAPACK / Eigen and NumPy accumulate in.
Batches broadcast where Paddle allows; empty batches; singular systems (solve raises, a
triangular solve divides by the zero diagonal: inf / NaN); triangles that must not be read.
"""

from __future__ import annotations

import numpy as np

from .spec import FLOATS, Case, Drawn, In

COMPLEX = ("complex64", "complex128")


def _square_values(shape: tuple[int, ...], complex_: bool, seed: int,
                   shift: float) -> np.ndarray:
    """Seeded matrices [..., n, n]: uniform in [-1, 1) (complex: both parts) plus shift * I."""
    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, shape)
    if complex_:
        a = a + 1j * rng.uniform(-1, 1, shape)
    return a + shift * np.eye(shape[-1])


def _square(shape: tuple[int, ...], dtype: str, seed: int, shift: float = 3.0) -> In:
    """`_square_values` as an input of `dtype` (shift 3: well conditioned)."""
    drawn = Drawn(_square_values, (shape, np.dtype(dtype).kind == "c", seed, shift))
    return In(shape, dtype, values=drawn)


def _solvers() -> list[Case]:
    cases = []
    for dt in FLOATS:
        cases += [
            Case(f"solve_{dt}", "solve", {"X": _square((3, 3), dt, 1), "Y": In((3, 2), dt)}),
            Case(f"solve_batched_{dt}", "solve",
                 {"X": _square((2, 4, 4), dt, 2), "Y": In((2, 4, 3), dt)}),
            Case(f"triangular_solve_{dt}", "triangular_solve",
                 {"X": _square((3, 3), dt, 3), "Y": In((3, 2), dt)},
                 api="paddle.linalg.triangular_solve"),
            Case(f"triangular_solve_lower_trans_{dt}", "triangular_solve",
                 {"X": _square((2, 4, 4), dt, 4), "Y": In((2, 4, 3), dt)},
                 attrs={"upper": False, "transpose": True}),
            Case(f"cholesky_solve_{dt}", "cholesky_solve",
                 {"X": In((3, 2), dt), "Y": _square((3, 3), dt, 5)},
                 api="paddle.linalg.cholesky_solve"),
            Case(f"cholesky_solve_upper_batched_{dt}", "cholesky_solve",
                 {"X": In((2, 4, 3), dt), "Y": _square((2, 4, 4), dt, 6)},
                 attrs={"upper": True}),
            Case(f"multi_dot_{dt}", "multi_dot",
                 {"X": [In((2, 3), dt), In((3, 5), dt), In((5, 4), dt)]},
                 api="paddle.linalg.multi_dot"),
        ]
    for dt in COMPLEX:
        cases += [
            Case(f"triangular_solve_{dt}", "triangular_solve",
                 {"X": _square((3, 3), dt, 14), "Y": In((3, 2), dt)}),
            Case(f"triangular_solve_trans_{dt}", "triangular_solve",
                 {"X": _square((2, 3, 3), dt, 15), "Y": In((2, 3, 2), dt)},
                 attrs={"transpose": True}, note="transpose does not conjugate"),
            Case(f"triangular_solve_lower_unit_{dt}", "triangular_solve",
                 {"X": _square((3, 3), dt, 16), "Y": In((3, 1), dt)},
                 attrs={"upper": False, "unitriangular": True}),
        ]
    singular = [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]]
    cases += [
        Case("solve_vector_y", "solve",
             {"X": _square((3, 3), "float64", 7), "Y": In((3,), "float64")}),
        Case("solve_batched_vectors", "solve",
             {"X": _square((2, 3, 3), "float32", 8), "Y": In((2, 3), "float32")}),
        Case("solve_bcast_y", "solve",
             {"X": _square((2, 3, 3), "float64", 9), "Y": In((1, 3, 2), "float64")}),
        Case("solve_bcast_x", "solve",
             {"X": _square((3, 3), "float32", 10), "Y": In((2, 3, 2), "float32")}),
        Case("solve_empty_batch", "solve",
             {"X": In((0, 3, 3), "float32"), "Y": In((0, 3, 1), "float32")}),
        Case("solve_singular", "solve",
             {"X": In((3, 3), "float32", values=singular), "Y": In((3, 1), "float32")},
             raises="pivot|singular|invertible"),
        Case("triangular_solve_reads_one_triangle", "triangular_solve",
             {"X": In((3, 3), "float64", values=[[2.0, 1.0, -1.0], [99.0, 3.0, 0.5],
                                                 [-7.0, 42.0, 4.0]]),
              "Y": In((3, 2), "float64")}),
        Case("triangular_solve_lower_reads_lower", "triangular_solve",
             {"X": In((3, 3), "float32", values=[[2.0, 99.0, -7.0], [1.0, 3.0, 42.0],
                                                 [-1.0, 0.5, 4.0]]),
              "Y": In((3, 2), "float32")}, attrs={"upper": False}),
        Case("triangular_solve_unitriangular", "triangular_solve",
             {"X": In((3, 3), "float64", values=[[0.0, 1.0, -1.0], [99.0, 7.0, 0.5],
                                                 [-7.0, 42.0, np.nan]]),
              "Y": In((3, 2), "float64")}, attrs={"unitriangular": True}),
        Case("triangular_solve_upper_trans_unit", "triangular_solve",
             {"X": _square((2, 3, 3), "float32", 11), "Y": In((2, 3, 2), "float32")},
             attrs={"transpose": True, "unitriangular": True}),
        Case("triangular_solve_bcast", "triangular_solve",
             {"X": _square((2, 1, 3, 3), "float64", 12), "Y": In((3, 3, 2), "float64")}),
        Case("triangular_solve_zero_diagonal", "triangular_solve",
             {"X": In((3, 3), "float64", values=[[0.0, 0.0, 0.0]] * 3),
              "Y": In((3, 2), "float64", values=[[1.0, 1.0]] * 3)},
             note="a zero diagonal divides: inf for the last row, then 0 * inf = NaN above"),
        Case("triangular_solve_empty", "triangular_solve",
             {"X": In((0, 3, 3), "float32"), "Y": In((0, 3, 2), "float32")}),
        Case("cholesky_solve_reads_lower", "cholesky_solve",
             {"X": In((3, 2), "float64"),
              "Y": In((3, 3), "float64", values=[[2.0, 99.0, -7.0], [1.0, 3.0, 42.0],
                                                 [-1.0, 0.5, 4.0]])}),
        Case("cholesky_solve_upper_reads_upper", "cholesky_solve",
             {"X": In((3, 1), "float32"),
              "Y": In((3, 3), "float32", values=[[2.0, 1.0, -1.0], [99.0, 3.0, 0.5],
                                                 [-7.0, 42.0, 4.0]])}, attrs={"upper": True}),
        Case("cholesky_solve_bcast", "cholesky_solve",
             {"X": In((2, 3, 2), "float64"), "Y": _square((3, 3), "float64", 13)}),
        Case("multi_dot_two", "multi_dot", {"X": [In((2, 3), "float32"), In((3, 4), "float32")]}),
        Case("multi_dot_vec_ends", "multi_dot",
             {"X": [In((3,), "float64"), In((3, 4), "float64"), In((4, 2), "float64"),
                    In((2,), "float64")]}),
        Case("multi_dot_vec_first", "multi_dot",
             {"X": [In((3,), "float32"), In((3, 4), "float32"), In((4, 2), "float32")]}),
        Case("multi_dot_vec_last", "multi_dot",
             {"X": [In((5, 3), "float64"), In((3, 4), "float64"), In((4,), "float64")]}),
        Case("multi_dot_chain5", "multi_dot",
             {"X": [In((6, 2), "float64"), In((2, 7), "float64"), In((7, 3), "float64"),
                    In((3, 8), "float64"), In((8, 2), "float64")]}),
        Case("multi_dot_empty_inner", "multi_dot",
             {"X": [In((2, 0), "float32"), In((0, 3), "float32"), In((3, 2), "float32")]}),
    ]
    return cases


def _rank_values(shape: tuple[int, ...], rank: int, complex_: bool, seed: int,
                 hermitian: bool) -> np.ndarray:
    """Seeded matrices [..., m, n] of exactly `rank` singular values in [1, 3) (hermitian:
    A D A^H with D of signs and 1..3); the others are rounding-level, far below every
    tolerance the cases use."""
    rng = np.random.default_rng(seed)
    m, n = shape[-2:]
    q1 = np.linalg.qr(rng.standard_normal((*shape[:-2], m, m)))[0]
    q2 = np.linalg.qr(rng.standard_normal((*shape[:-2], n, n)))[0]
    d = np.zeros((*shape[:-2], m, n))
    s = rng.uniform(1, 3, (*shape[:-2], rank))
    idx = np.arange(rank)
    d[..., idx, idx] = s
    if hermitian:
        d[..., idx, idx] *= np.where(idx % 2, -1.0, 1.0)
        a = q1 @ d @ np.swapaxes(q1, -1, -2)
        return (a + np.swapaxes(a, -1, -2)) / 2
    a = q1 @ d @ q2
    if complex_:
        a = a * np.exp(0.5j)
    return a


def _ranked(shape: tuple[int, ...], dtype: str, rank: int, seed: int,
            hermitian: bool = False) -> In:
    drawn = Drawn(_rank_values, (shape, rank, np.dtype(dtype).kind == "c", seed, hermitian))
    return In(shape, dtype, values=drawn)


def _ranks() -> list[Case]:
    """matrix_rank: counts of singular values (hermitian: |eigenvalues|) above
    max(tol, eps * max(m, n) * max sigma); the rank-deficient inputs leave rounding-level
    singular values, so the cases with the default tolerance use full-rank matrices or an
    explicit `tol` (1e-3) far from both the kept values and the rounding noise."""
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        cases += [
            Case(f"matrix_rank_{dt}", "matrix_rank", {"X": _ranked((3, 4), dt, 3, 20)}),
            Case(f"matrix_rank_deficient_tol_{dt}", "matrix_rank",
                 {"X": _ranked((2, 4, 3), dt, 2, 21)},
                 attrs={"tol": 1e-3, "use_default_tol": False}),
        ]
    cases += [
        Case("matrix_rank_hermitian", "matrix_rank",
             {"X": _ranked((2, 4, 4), "float64", 3, 22, hermitian=True)},
             attrs={"hermitian": True, "tol": 1e-3, "use_default_tol": False}),
        Case("matrix_rank_hermitian_default", "matrix_rank",
             {"X": _ranked((4, 4), "float32", 4, 23, hermitian=True)}, attrs={"hermitian": True}),
        Case("matrix_rank_tol_cuts", "matrix_rank",
             {"X": In((2, 3, 3), "float64", values=[[[3, 0, 0], [0, 0.5, 0], [0, 0, 0.01]],
                                                    [[0, 0, 0], [0, 2, 0], [0, 0, 0]]])},
             attrs={"tol": 0.1, "use_default_tol": False}),
        Case("matrix_rank_zero", "matrix_rank", {"X": In((3, 2), "float32", values=[[0, 0]] * 3)}),
        Case("matrix_rank_tol_tensor", "matrix_rank",
             {"X": In((2, 3, 3), "float64", values=[[[3, 0, 0], [0, 0.5, 0], [0, 0, 0.01]],
                                                    [[4, 0, 0], [0, 2, 0], [0, 0, 0.3]]]),
              "TolTensor": In((2,), "float64", values=[0.1, 1.0])},
             attrs={"use_default_tol": False}),
        Case("matrix_rank_empty_batch", "matrix_rank", {"X": In((0, 3, 3), "float32")}),
        Case("matrix_rank_empty_matrix", "matrix_rank", {"X": In((2, 0, 3), "float32")}),
    ]
    return cases


def _qrs() -> list[Case]:
    """qr: Householder QR as LAPACK's geqrf + orgqr (R's diagonal carries the reflections'
    signs, so Q and R are compared as they are: NumPy's LAPACK takes the same signs);
    reduced, complete and r modes, tall, wide, batched and empty inputs."""
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        cases += [
            Case(f"qr_{dt}", "qr", {"X": In((4, 3), dt)}),
            Case(f"qr_complete_wide_{dt}", "qr", {"X": In((2, 3, 4), dt)},
                 attrs={"mode": "complete"}),
        ]
    cases += [
        Case("qr_complete_tall", "qr", {"X": In((5, 3), "float64")}, attrs={"mode": "complete"}),
        Case("qr_r", "qr", {"X": In((2, 4, 3), "float32")}, attrs={"mode": "r"}, fetch=("R",),
             note="Q is not computed in mode r (Paddle leaves it unwritten: fetched as "
                  "float64 [0]); only R is compared"),
        Case("qr_reduced_wide", "qr", {"X": In((3, 5), "float64")}),
        Case("qr_empty_batch", "qr", {"X": In((0, 3, 2), "float32")}),
        Case("qr_api", "qr", {"X": In((3, 3), "float64")}, api="paddle.linalg.qr"),
    ]
    return cases


def _lus() -> list[Case]:
    """lu: LAPACK getrf's partial pivoting (the first largest |a| of a column, complex
    |re| + |im|; 1-based
    Pivots; Infos the first zero pivot, 1-based, else 0), packed L \\ U in Out; square,
    tall, wide, batched, singular and empty inputs."""
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        cases += [
            Case(f"lu_{dt}", "lu", {"X": In((4, 4), dt)}),
            Case(f"lu_tall_batched_{dt}", "lu", {"X": In((2, 5, 3), dt)}),
            Case(f"lu_wide_{dt}", "lu", {"X": In((3, 5), dt)}),
        ]
    cases += [
        Case("lu_singular", "lu",
             {"X": In((2, 3, 3), "float64", values=[[[1, 2, 3], [2, 4, 6], [1, 0, 1]],
                                                    [[0, 1, 2], [0, 3, 4], [0, 5, 7]]])}),
        Case("lu_ties", "lu", {"X": In((3, 3), "float32", values=[[1, 2, 0], [-1, 1, 1],
                                                                  [1, 0, 3]])}),
        Case("lu_zero", "lu", {"X": In((2, 2), "float32", values=[[0, 0], [0, 0]])}),
        Case("lu_empty_batch", "lu", {"X": In((0, 3, 3), "float32")}),
        Case("lu_no_pivots", "lu", {"X": In((3, 3), "float32")}, attrs={"pivots": False},
             raises="pivot"),
    ]
    return cases


def _lu_unpacks() -> list[Case]:
    """lu_unpack: P [..., M, M] (the permutation the 1-based Pivots swaps give, X = P L U),
    L [..., M, K] (unit diagonal, below it X's part), U [..., K, N] (X's upper part); the
    Pivots are valid getrf pivots (row j swapped with a row >= j)."""
    pivots = {(3, 3): [2, 3, 3], (4, 3): [4, 2, 3], (3, 5): [3, 3, 3]}
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        cases.append(Case(f"lu_unpack_{dt}", "lu_unpack",
                          {"X": In((3, 3), dt), "Pivots": In((3,), "int32", values=[2, 3, 3])}))
    for (m, n), piv in pivots.items():
        cases.append(Case(f"lu_unpack_{m}x{n}", "lu_unpack",
                          {"X": In((2, m, n), "float64"),
                           "Pivots": In((2, len(piv)), "int32", values=[piv, [1, 2, 3]])}))
    cases += [
        Case("lu_unpack_no_pivots", "lu_unpack",
             {"X": In((3, 3), "float32"), "Pivots": In((3,), "int32", values=[3, 2, 3])},
             attrs={"unpack_pivots": False}, fetch=("L", "U")),
        Case("lu_unpack_no_ludata", "lu_unpack",
             {"X": In((3, 3), "float32"), "Pivots": In((3,), "int32", values=[3, 2, 3])},
             attrs={"unpack_ludata": False}, fetch=("Pmat",)),
    ]
    return cases


CASES = [*_solvers(), *_ranks(), *_qrs(), *_lus(), *_lu_unpacks()]
