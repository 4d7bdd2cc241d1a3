"""Finite-difference cases of the binary_math_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import Spec, away_from_zero, positive

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "atan2_grad": [({"x1": (3, 4), "x2": away_from_zero((3, 4))}, {})],
    "copysign_grad": [({"x": away_from_zero((3, 4)), "y": away_from_zero((3, 4))}, {}),
                      ({"x": away_from_zero((3, 1)), "y": away_from_zero((2, 3, 4))}, {})],
    "lerp_grad": [({"x": (3, 4), "y": (3, 4), "weight": positive((3, 4))}, {}),
                  ({"x": (2, 3, 4), "y": (3, 1), "weight": positive((4,))}, {})],
}
