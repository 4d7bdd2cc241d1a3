"""Finite-difference cases of the vision_pool_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "pool3d_grad": [
        ({"x": (1, 2, 4, 5, 4)}, {"ksize": [3, 3, 2], "strides": [2, 2, 1],
                                  "paddings": [1, 1, 0], "pooling_type": "max",
                                  "ceil_mode": True}),
        ({"x": (1, 2, 4, 5, 4)}, {"ksize": [3, 2, 3], "strides": [2, 2, 2],
                                  "paddings": [1, 0, 1], "pooling_type": "avg",
                                  "exclusive": False}),
        ({"x": (1, 4, 5, 3, 2)}, {"ksize": [2, 3, 2], "strides": [1, 1, 1],
                                  "pooling_type": "avg", "adaptive": True,
                                  "data_format": "NDHWC"}),
    ],
    "max_pool2d_with_index_grad": [
        ({"x": (1, 2, 5, 6)}, {"ksize": [3, 3], "strides": [2, 1], "paddings": [1, 1]}),
        ({"x": (1, 2, 5, 7)}, {"ksize": [2, 3], "strides": [1, 1], "adaptive": True}),
    ],
    "max_pool3d_with_index_grad": [
        ({"x": (1, 2, 4, 5, 4)}, {"ksize": [2, 3, 2], "strides": [2, 2, 1],
                                  "paddings": [0, 1, 1], "ceil_mode": True}),
    ],
    "maxout_grad": [
        ({"x": (2, 6, 2, 3)}, {"groups": 3, "axis": 1}),
        ({"x": (1, 2, 3, 4)}, {"groups": 2, "axis": -1}),
    ],
}
