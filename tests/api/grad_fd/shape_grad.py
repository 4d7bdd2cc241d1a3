"""Finite-difference cases of the shape_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "reshape_grad": [({"x": (2, 3, 4)}, {"shape": [4, -1]})],
    "flatten_grad": [({"x": (2, 3, 4)}, {"start_axis": 1, "stop_axis": 2})],
    "flatten2_grad": [({"x": (2, 3, 4)}, {"axis": 2}), ({"x": (2, 3)}, {"axis": 0})],
    "squeeze_grad": [({"x": (3, 1, 4, 1)}, {"axes": [1]}), ({"x": (3, 1, 4, 1)}, {})],
    "unsqueeze_grad": [({"x": (3, 4)}, {"axes": [0, -1]})],
    "transpose_grad": [({"x": (2, 3, 4)}, {"axis": [1, 2, 0]})],
}
