"""Grads of the linear solvers (linalg_solve.py): solve (matrix and vector right-hand sides,
batches broadcast either way), triangular_solve (upper / lower, transpose, unitriangular:
X's gradient keeps X's triangle, its diagonal dropped when unit; batches broadcast) and
cholesky_solve (lower / upper factor, broadcast); float32 and float64, well conditioned
seeded matrices (a `Drawn`), so rounding stays inside the tolerance."""

from __future__ import annotations

import numpy as np

from .spec import FLOATS, Case, Drawn, GradCase, In


def _square_values(shape: tuple[int, ...], seed: int, shift: float) -> np.ndarray:
    """Seeded matrices [..., n, n]: uniform in [-1, 1) plus shift * I."""
    return np.random.default_rng(seed).uniform(-1, 1, shape) + shift * np.eye(shape[-1])


def _square(shape: tuple[int, ...], dtype: str, seed: int) -> In:
    return In(shape, dtype, values=Drawn(_square_values, (shape, seed, 3.0)))


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
]
