"""Finite-difference cases of the sort_search_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them; standard
normal values have no ties). 0-d kthvalue / mode: the gradient is Out@GRAD (Paddle 3.3.1
answers 1 there, see tests/conformance/op_cases/sort_search_grad.py)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "argsort_grad": [({"x": (3, 4)}, {"axis": 1}),
                     ({"x": (3, 4, 2)}, {"axis": 0, "descending": True})],
    "topk_grad": [({"x": (3, 5)}, {"k": 2}),
                  ({"x": (4, 3)}, {"k": 3, "axis": 0, "largest": False})],
    "kthvalue_grad": [({"x": (3, 5)}, {"k": 2}),
                      ({"x": (4, 3)}, {"k": 3, "axis": 0, "keepdim": True}),
                      ({"x": ()}, {"k": 1})],
    "mode_grad": [({"x": (3, 5)}, {}), ({"x": (4, 3)}, {"axis": 0, "keepdim": True}),
                  ({"x": ()}, {})],
}
