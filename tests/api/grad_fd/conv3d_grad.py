"""Finite-difference cases of the conv3d_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "conv3d_grad": [
        ({"input": (1, 2, 3, 4, 4), "filter": (3, 2, 2, 3, 2)},
         {"strides": [1, 2, 1], "paddings": [1, 0, 1, 1, 0, 1], "dilations": [1, 1, 2]}),
        ({"input": (1, 4, 3, 3, 3), "filter": (4, 2, 2, 2, 2)}, {"groups": 2}),
        ({"input": (1, 3, 4, 3, 2), "filter": (2, 2, 3, 2, 2)},
         {"strides": [2, 2, 1], "padding_algorithm": "SAME", "data_format": "NDHWC"}),
    ],
}
