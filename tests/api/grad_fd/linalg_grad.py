"""Finite-difference cases of linear_v2 (weight transposed or not, bias of N, 1 or 0-d
elements) and matmul_with_flatten: backward op -> [(forward inputs, attributes shared by
forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    # -- linalg family: linear_v2 (weight transposed or not, bias of N, 1 or 0-d elements)
    "linear_v2_grad": [
        ({"input": (2, 3), "weight": (3, 4), "bias": (4,)}, {}),
        ({"input": (2, 3, 5), "weight": (4, 5), "bias": (1,)}, {"transpose_weight": True}),
        ({"input": (5,), "weight": (5, 2), "bias": ()}, {}),
    ],
    "matmul_with_flatten_grad": [
        ({"x": (2, 3, 4), "y": (4, 5)}, {"x_num_col_dims": 2}),
        ({"x": (3, 6), "y": (2, 3, 2, 2)}, {"y_num_col_dims": 2}),
    ],
}
