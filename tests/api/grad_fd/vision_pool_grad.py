"""Finite-difference cases of the vision_pool_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)


def _positions(shape: tuple[int, ...], size: int) -> Callable[[np.random.Generator], Any]:
    """Distinct int32 positions in [0, size) per (sample, channel): unpool's Indices."""
    def make(rng: np.random.Generator) -> np.ndarray:
        per_row = int(np.prod(shape[2:]))
        rows = [rng.permutation(size)[:per_row] for _ in range(shape[0] * shape[1])]
        return np.array(rows, np.int32).reshape(shape)
    return make


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
    "unpool_grad": [
        ({"x": (2, 2, 2, 3), "indices": _positions((2, 2, 2, 3), 20)},
         {"ksize": [2, 2], "strides": [2, 2], "output_size": [4, 5]}),
    ],
    "unpool3d_grad": [
        ({"x": (1, 2, 2, 1, 2), "indices": _positions((1, 2, 2, 1, 2), 18)},
         {"ksize": [2, 2, 2], "strides": [2, 2, 2], "output_size": [3, 2, 3]}),
    ],
    "maxout_grad": [
        ({"x": (2, 6, 2, 3)}, {"groups": 3, "axis": 1}),
        ({"x": (1, 2, 3, 4)}, {"groups": 2, "axis": -1}),
    ],
}
