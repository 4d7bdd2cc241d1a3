"""Finite-difference cases of the conv_transpose_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "conv2d_transpose_grad": [
        ({"x": (1, 2, 3, 3), "filter": (2, 2, 3, 3)},
         {"strides": [2, 2], "paddings": [1, 1], "output_padding": [1, 0]}),
        ({"x": (1, 4, 3, 2), "filter": (4, 1, 2, 2)},
         {"groups": 2, "dilations": [2, 1], "paddings": [1, 0, 0, 1], "data_format": "NCHW"}),
        ({"x": (1, 3, 3, 2), "filter": (2, 2, 3, 3)},
         {"strides": [2, 2], "padding_algorithm": "SAME", "data_format": "NHWC"}),
        # a 5-D x (3 spatial dims), as Paddle 3.3.1 takes it
        ({"x": (1, 4, 2, 2, 3), "filter": (4, 1, 2, 3, 2)},
         {"strides": [2, 1, 2], "paddings": [1, 0, 0, 1, 1, 0], "dilations": [1, 2, 1],
          "groups": 2, "output_padding": [1, 0, 1]}),
    ],
    "depthwise_conv2d_transpose_grad": [
        ({"x": (1, 2, 3, 3), "filter": (2, 1, 3, 3)},
         {"groups": 2, "strides": [2, 2], "output_size": [8, 7]}),
        ({"x": (1, 2, 2, 3, 2), "filter": (2, 1, 2, 2, 3)},
         {"groups": 2, "strides": [2, 1, 1], "paddings": [0, 1, 1], "dilations": [1, 1, 1],
          "data_format": "NHWC"}),
    ],
    "conv3d_transpose_grad": [
        ({"x": (1, 2, 2, 3, 2), "filter": (2, 2, 2, 3, 2)},
         {"strides": [2, 1, 2], "paddings": [1, 0, 0], "output_padding": [1, 0, 0]}),
        ({"x": (1, 2, 2, 2, 4), "filter": (4, 1, 2, 2, 2)},
         {"groups": 2, "dilations": [1, 2, 1], "data_format": "NHWC"}),
        # a 4-D x (2 spatial dims), as Paddle 3.3.1 takes it
        ({"x": (1, 2, 3, 2), "filter": (2, 2, 3, 2)},
         {"strides": [2, 2], "paddings": [1, 0], "dilations": [1, 2],
          "output_size": [6, 5]}),
    ],
}
