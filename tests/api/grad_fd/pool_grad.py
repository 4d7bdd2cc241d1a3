"""Finite-difference cases of the pool_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    positive,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "lp_pool2d_grad": [
        ({"x": positive((1, 2, 5, 6))}, {"kernel_size": [3, 2], "strides": [2, 2],
                                        "paddings": [1, 0], "norm_type": 3.0}),
        ({"x": positive((1, 4, 5, 2))}, {"kernel_size": [2, 2], "strides": [1, 1],
                                        "norm_type": 1.5, "data_format": "NHWC"}),
        ({"x": (1, 2, 4, 5)}, {"kernel_size": [2, 2], "strides": [2, 2], "norm_type": 2.0,
                              "pooling_type": "max", "ceil_mode": True}),
    ],
    "fractional_max_pool2d_grad": [
        ({"x": (1, 2, 7, 6)}, {"output_size": [3, 4], "random_u": 0.4}),
        ({"x": (1, 2, 7, 6)}, {"output_size": [3, 3], "kernel_size": [3, 2],
                              "random_u": 0.6}),
    ],
    "fractional_max_pool3d_grad": [
        ({"x": (1, 2, 5, 4, 6)}, {"output_size": [2, 3, 3], "random_u": 0.25}),
    ],
}
#: lp_pool2d takes its powers in float32 for float64 too (as Paddle): (step, rtol, atol)
FLOAT32_FD = {"lp_pool2d_grad": (1e-3, 1e-3, 1e-4)}
