"""Finite-difference cases of linear_v2 (weight transposed or not, bias of N, 1 or 0-d
elements), matmul_with_flatten and the products bmm, mv, addmm / baddbmm (Input broadcast),
dot, kron, cross and trace: backward op -> [(forward inputs, attributes shared by
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
    # -- products
    "bmm_grad": [({"x": (2, 3, 4), "y": (2, 4, 2)}, {})],
    "mv_grad": [({"x": (3, 4), "vec": (4,)}, {})],
    "addmm_grad": [
        ({"input": (2, 4), "x": (2, 3), "y": (3, 4)}, {"beta": 0.5, "alpha": 2.0}),
        ({"input": (4,), "x": (2, 3), "y": (3, 4)}, {"beta": -1.5, "alpha": 1.0}),
    ],
    "baddbmm_grad": [
        ({"input": (2, 3, 2), "x": (2, 3, 4), "y": (2, 4, 2)}, {"beta": 0.5, "alpha": 2.0}),
        ({"input": (1, 3, 1), "x": (2, 3, 4), "y": (2, 4, 2)}, {}),
    ],
    "dot_grad": [({"x": (5,), "y": (5,)}, {}), ({"x": (3, 4), "y": (3, 4)}, {})],
    "kron_grad": [({"x": (2, 3), "y": (3, 2)}, {}), ({"x": (2, 1, 2), "y": (3,)}, {})],
    "cross_grad": [({"x": (4, 3), "y": (4, 3)}, {"dim": 1}), ({"x": (3, 2), "y": (3, 2)}, {})],
    "trace_grad": [({"input": (3, 4)}, {"offset": 1}),
                   ({"input": (2, 3, 4)}, {"offset": -1, "axis1": 2, "axis2": 1})],
}
