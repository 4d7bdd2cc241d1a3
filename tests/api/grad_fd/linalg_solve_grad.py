"""Finite-difference cases of the solves and of the matrix functions and decompositions (well
conditioned: a multiple of I added): backward op -> [(forward inputs, attributes shared by
forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)


def _square(shape: tuple[int, ...], shift: float = 3.0, imag: bool = False) -> Spec:
    """Random [..., m, n] + shift on the diagonal (complex parts too with `imag`)."""
    def make(rng: np.random.Generator) -> np.ndarray:
        a = rng.uniform(-1, 1, shape) + (1j * rng.uniform(-1, 1, shape) if imag else 0)
        return a + shift * np.eye(*shape[-2:])
    return make


def _hermitian(shape: tuple[int, ...], imag: bool = False) -> Spec:
    """Random Hermitian positive definite [..., n, n] (A A^H + I)."""
    def make(rng: np.random.Generator) -> np.ndarray:
        a = rng.uniform(-1, 1, shape) + (1j * rng.uniform(-1, 1, shape) if imag else 0)
        return a @ np.conj(np.swapaxes(a, -1, -2)) + np.eye(shape[-1])
    return make


def _diagonalizable(shape: tuple[int, ...]) -> Spec:
    """Random real P diag(1, 2, 4, ...) P^-1 [..., n, n] (P + 2 I: well conditioned):
    distinct real eigenvalues, so the eigenvectors stay real and their signs put."""
    def make(rng: np.random.Generator) -> np.ndarray:
        p = rng.uniform(-1, 1, shape) + 2 * np.eye(shape[-1])
        return p @ np.diag(2.0 ** np.arange(shape[-1])) @ np.linalg.inv(p)
    return make


def _pivots(rng: np.random.Generator) -> np.ndarray:
    """lu's 1-based pivots of 3 columns (an int input: not differentiated)."""
    return np.array([3, 2, 3], np.int32)


#: cholesky, eigh and eigvalsh read one triangle of x: its gradient is the Hermitian one
HERMITIAN_INPUTS = {"cholesky_grad": {"x"}, "eigh_grad": {"x"}, "eigvalsh_grad": {"x"}}

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "solve_grad": [({"x": lambda rng: rng.uniform(-1, 1, (3, 3)) + 3 * np.eye(3), "y": (3, 2)},
                    {}),
                   ({"x": lambda rng: rng.uniform(-1, 1, (2, 3, 3)) + 3 * np.eye(3), "y": (3,)},
                    {})],
    "triangular_solve_grad": [
        ({"x": lambda rng: rng.uniform(-1, 1, (3, 3)) + 3 * np.eye(3), "y": (3, 2)}, {}),
        ({"x": lambda rng: rng.uniform(-1, 1, (2, 3, 3)) + 3 * np.eye(3), "y": (3, 2)},
         {"upper": False, "transpose": True}),
        ({"x": lambda rng: rng.uniform(-1, 1, (3, 3)), "y": (3, 2)},
         {"transpose": True, "unitriangular": True}),
    ],
    # triangular factors: Y's gradient (as Paddle's) multiplies by all of Y, which is the
    # derivative only when the other triangle, never read, is zero
    "cholesky_solve_grad": [
        ({"x": (3, 2), "y": lambda rng: np.tril(rng.uniform(-1, 1, (3, 3))) + 3 * np.eye(3)},
         {}),
        ({"x": (2, 3, 2), "y": lambda rng: np.triu(rng.uniform(-1, 1, (3, 3))) + 3 * np.eye(3)},
         {"upper": True}),
    ],
    "inverse_grad": [({"input": _square((3, 3))}, {}),
                     ({"input": _square((2, 3, 3), imag=True)}, {})],
    "determinant_grad": [({"input": _square((2, 3, 3))}, {}),
                         ({"input": _square((3, 3), imag=True)}, {})],
    # the sign gets no gradient (as Paddle): real inputs, where it is locally constant
    "slogdet_grad": [({"input": _square((2, 3, 3))}, {}),
                     ({"input": _square((3, 3), shift=-3.0)}, {})],
    "slogdet_v2_grad": [({"x": _square((2, 3, 3))}, {}),
                        ({"x": _square((3, 3), shift=-3.0)}, {})],
    "cholesky_grad": [({"x": _hermitian((3, 3))}, {}),
                      ({"x": _hermitian((2, 3, 3))}, {"upper": True})],
    # eigenvector cotangents: real matrices (a complex vector's phase is LAPACK's choice, so
    # its loss is no function of x alone)
    "eigh_grad": [({"x": _hermitian((3, 3))}, {}),
                  ({"x": _hermitian((2, 3, 3))}, {"uplo": "U"})],
    "eigvalsh_grad": [({"x": _hermitian((2, 3, 3), imag=True)}, {}),
                      ({"x": _hermitian((3, 3))}, {"uplo": "U"})],
    # real x (its gradient real, as Paddle's executor makes it): unit eigenvectors whose
    # signs stay put under small steps; a complex x's eigenvector phases are LAPACK's
    # choice, which Paddle's formula does not follow (it keeps only the norm fixed)
    "eig_grad": [({"x": _diagonalizable((3, 3))}, {}), ({"x": _diagonalizable((2, 4, 4))}, {})],
    "svd_grad": [({"x": (4, 3)}, {}), ({"x": (2, 3, 5)}, {}),
                 ({"x": (3, 3)}, {"full_matrices": True})],
    "svdvals_grad": [({"x": (2, 4, 3)}, {})],
    "qr_grad": [({"x": (4, 3)}, {}), ({"x": (2, 3, 5)}, {}),
                ({"x": (3, 3)}, {"mode": "complete"})],
    # pivoting stays put under the small steps: generic matrices, no ties in a column
    "lu_grad": [({"x": _square((2, 3, 3), shift=1.0)}, {}), ({"x": (4, 3)}, {}),
                ({"x": (3, 5)}, {})],
    "lu_unpack_grad": [({"x": (3, 3), "pivots": _pivots}, {}),
                       ({"x": (4, 3), "pivots": _pivots}, {})],
    "lu_solve_grad": [
        ({"b": (3, 2), "lu": _square((3, 3)), "pivots": _pivots}, {"trans": "N"}),
        ({"b": (3, 2), "lu": _square((3, 3)), "pivots": _pivots}, {"trans": "T"}),
        ({"b": _square((3, 2), 0.0, imag=True), "lu": _square((3, 3), imag=True),
          "pivots": _pivots}, {"trans": "C"}),
    ],
}
