"""Finite-difference cases of the elementwise_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    away_from_zero,
    complex_uniform,
    positive,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "subtract_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {}),
                      ({"x": complex_uniform((3, 1)), "y": complex_uniform((2, 1, 4))}, {})],
    "multiply_grad": [({"x": (2, 3, 4), "y": (3, 1)}, {}), ({"x": (4,), "y": (2, 3, 4)}, {}),
                      ({"x": complex_uniform((2, 3, 4)), "y": complex_uniform((3, 1))}, {})],
    "divide_grad": [({"x": (2, 3, 4), "y": away_from_zero((4,))}, {}),
                    ({"x": (3, 1), "y": away_from_zero((2, 1, 4))}, {}),
                    ({"x": complex_uniform((2, 3, 4)), "y": complex_uniform((4,), 0.5)}, {})],
    "maximum_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "minimum_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "elementwise_pow_grad": [({"x": positive((2, 3, 4)), "y": (4,)}, {}),
                             ({"x": positive((3, 1)), "y": (2, 1, 4)}, {})],
    **{f"{op}_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})]
       for op in ("fmax", "fmin")},
    "heaviside_grad": [({"x": away_from_zero((2, 3, 4)), "y": (4,)}, {})],
}
