"""Finite-difference cases of the fold_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import Spec

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "unfold_grad": [({"x": (1, 2, 4, 5)}, {"kernel_sizes": [2, 3], "strides": [2, 1],
                                           "paddings": [1, 0, 0, 2], "dilations": [1, 1]}),
                    ({"x": (1, 1, 4, 5)}, {"kernel_sizes": [2, 2], "strides": [1, 2],
                                           "paddings": [0, 1, 1, 0], "dilations": [2, 1]})],
    "fold_grad": [({"x": (1, 8, 12)}, {"output_sizes": [4, 5], "kernel_sizes": [2, 2],
                                       "strides": [1, 1], "paddings": [0, 0, 0, 0],
                                       "dilations": [1, 1]}),
                  ({"x": (1, 6, 9)}, {"output_sizes": [4, 5], "kernel_sizes": [2, 3],
                                      "strides": [2, 1], "paddings": [1, 0, 1, 0],
                                      "dilations": [1, 1]})],
}
