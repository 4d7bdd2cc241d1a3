"""Finite-difference cases of the scan_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "cumsum_grad": [
        ({"x": (3, 4)}, {"axis": 1}),
        ({"x": (2, 3, 4)}, {"axis": 0, "exclusive": True, "reverse": True}),
        ({"x": (2, 3)}, {"flatten": True, "reverse": True}),
    ],
}
