"""Finite-difference cases of the cast_scale_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from phi.common import DataType
from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "cast_grad": [({"x": (3, 4)}, {"dtype": DataType.FLOAT64})],
    "scale_grad": [({"x": (2, 3)}, {"scale": -2.5, "bias": 1.0}),
                   ({"x": (4,)}, {"scale": 0.5, "bias": 3.0, "bias_after_scale": False})],
}
