"""Finite-difference cases of the reduce_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    away_from_zero,
    complex_normal,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "sum_grad": [({"x": (3, 4, 2)}, {"axis": [1]}),
                 ({"x": (3, 4)}, {"axis": [0, 1], "keepdim": True}),
                 ({"x": complex_normal((3, 4, 2))}, {"axis": [1]})],
    "max_grad": [({"x": (3, 4, 2)}, {"axis": [1]}), ({"x": (3, 4)}, {"keepdim": True})],
    "min_grad": [({"x": (3, 4, 2)}, {"axis": [-1]}), ({"x": (2, 3)}, {"axis": [0]})],
    "prod_grad": [({"x": away_from_zero((3, 4, 2))}, {"axis": [1]}),
                  ({"x": away_from_zero((2, 3))}, {"axis": [0, 1], "keepdim": True})],
    "amax_grad": [({"x": (3, 4, 2)}, {"axis": [1]}), ({"x": (3, 4)}, {"keepdim": True})],
    "amin_grad": [({"x": (3, 4, 2)}, {"axis": [0, -1]}), ({"x": (2, 3)}, {"axis": [0]})],
    "logsumexp_grad": [({"x": (3, 4, 2)}, {"axis": [1]}),
                       ({"x": (3, 4)}, {"axis": [0], "keepdim": True}),
                       ({"x": (2, 3)}, {"axis": [0], "reduce_all": True})],
}
