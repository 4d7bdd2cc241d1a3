"""Finite-difference cases of the solves (well conditioned: a multiple of I added): backward op
-> [(forward inputs, attributes shared by forward and backward)] (tests/api/test_grad_fd.py
runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)

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
}
