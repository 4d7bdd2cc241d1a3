"""Finite-difference cases of the scan_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
    away_from_zero,
    complex_normal,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "cumsum_grad": [
        ({"x": (3, 4)}, {"axis": 1}),
        ({"x": (2, 3, 4)}, {"axis": 0, "exclusive": True, "reverse": True}),
        ({"x": (2, 3)}, {"flatten": True, "reverse": True}),
    ],
    "cumprod_grad": [
        ({"x": away_from_zero((3, 4))}, {"dim": 1}),
        ({"x": away_from_zero((2, 3, 4))}, {"dim": 0, "exclusive": True, "reverse": True}),
        # a zero: its gradient takes the product of the others
        ({"x": lambda rng: np.array([[1.5, 0.0, -2.0, 0.5], [0.0, 2.0, 0.0, -1.0]])},
         {"dim": 1}),
        ({"x": complex_normal((3, 4))}, {"dim": -1, "reverse": True}),
    ],
    "logcumsumexp_grad": [
        ({"x": (3, 4)}, {"axis": 1}),
        # no exclusive case: its first output is the lowest float, whose products with
        # the cotangent overflow the objective (Paddle fixtures cover exclusive)
        ({"x": (2, 3, 4)}, {"axis": 0, "reverse": True}),
        ({"x": (2, 3)}, {"flatten": True}),
    ],
}
