"""Finite-difference cases of the vision_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "conv2d_grad": [
        ({"input": (2, 3, 5, 5), "filter": (4, 3, 3, 3)}, {"paddings": [1, 1]}),
        ({"input": (1, 4, 7, 6), "filter": (6, 2, 3, 2)},
         {"strides": [2, 1], "paddings": [1, 0, 2, 1], "dilations": [2, 1], "groups": 2}),
        ({"input": (1, 5, 6, 4), "filter": (3, 4, 3, 3)},
         {"strides": [2, 2], "padding_algorithm": "SAME", "data_format": "NHWC"}),
        ({"input": (1, 2, 5, 5), "filter": (2, 2, 2, 2)}, {"padding_algorithm": "VALID",
                                                          "dilations": [2, 2]}),
    ],
    "depthwise_conv2d_grad": [
        ({"input": (2, 3, 5, 5), "filter": (3, 1, 3, 3)}, {"groups": 3, "paddings": [1, 1]}),
        ({"input": (1, 2, 7, 7), "filter": (4, 1, 3, 3)},
         {"groups": 2, "strides": [2, 2], "dilations": [2, 2], "paddings": [2, 2]}),
    ],
    "pool2d_grad": [
        ({"x": (2, 3, 5, 5)}, {"kernel_size": [2, 2], "strides": [2, 2],
                               "pooling_type": "max", "ceil_mode": True}),
        ({"x": (1, 2, 5, 6)}, {"kernel_size": [3, 3], "strides": [2, 1], "paddings": [1, 1],
                               "pooling_type": "max"}),
        ({"x": (1, 2, 5, 6)}, {"kernel_size": [3, 2], "strides": [2, 2], "paddings": [1, 1],
                               "pooling_type": "avg", "exclusive": False}),
        ({"x": (1, 2, 5, 6)}, {"kernel_size": [3, 3], "strides": [2, 2], "paddings": [1, 1],
                               "pooling_type": "avg", "ceil_mode": True}),
        ({"x": (1, 2, 5, 7)}, {"kernel_size": [2, 3], "pooling_type": "max",
                               "adaptive": True}),
        ({"x": (1, 2, 5, 7)}, {"kernel_size": [3, 2], "pooling_type": "avg",
                               "adaptive": True}),
        ({"x": (1, 2, 4, 3)}, {"kernel_size": [1, 1], "pooling_type": "avg",
                               "global_pooling": True, "data_format": "NHWC"}),
    ],
}
