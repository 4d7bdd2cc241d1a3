"""Finite-difference cases of the diag_grad family: tril_triu (lower and upper, batched),
diag (vector onto a diagonal, a matrix's diagonal) and diagonal (other axes, offsets):
backward op -> [(forward inputs, attributes shared by forward and backward)]
(tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import Spec

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "tril_triu_grad": [({"x": (3, 4)}, {"diagonal": 1, "lower": True}),
                       ({"x": (2, 3, 4)}, {"diagonal": -1, "lower": False})],
    "diag_grad": [({"x": (3,)}, {"offset": -1, "padding_value": 2.5}),
                  ({"x": (3, 4)}, {"offset": 1})],
    "diagonal_grad": [({"input": (3, 4)}, {}),
                      ({"input": (2, 3, 4)}, {"offset": -1, "axis1": 2, "axis2": 0})],
}
