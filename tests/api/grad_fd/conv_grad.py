"""Finite-difference cases of the conv_grad family (deformable convolution): backward op ->
[(forward inputs, attributes shared by forward and backward)] (tests/api/test_grad_fd.py
runs them). Offsets are kept off integers (the bilinear slopes jump there); im2col_step 2
and the default 64 are the cases Paddle 3.3.1 gets wrong (tests/conformance/op_cases/
conv_grad.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)


def _offsets(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """Offsets in (-2, 2) at least 0.1 from any integer."""
    def make(rng: np.random.Generator) -> np.ndarray:
        return rng.integers(-2, 2, shape) + rng.uniform(0.1, 0.9, shape)
    return make


GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "deformable_conv_grad": [
        ({"x": (2, 4, 4, 4), "offset": _offsets((2, 36, 4, 4)), "filter": (4, 2, 3, 3),
          "mask": (2, 18, 4, 4)},
         {"strides": [1, 1], "paddings": [1, 1], "dilations": [1, 1], "deformable_groups": 2,
          "groups": 2, "im2col_step": 2}),
        ({"x": (1, 2, 5, 4), "offset": _offsets((1, 8, 2, 3)), "filter": (3, 2, 2, 2),
          "mask": (1, 4, 2, 3)},
         {"strides": [2, 1], "paddings": [0, 0], "dilations": [2, 1], "deformable_groups": 1,
          "groups": 1, "im2col_step": 64}),
        ({"x": (1, 2, 3, 3), "offset": _offsets((1, 8, 2, 2)), "filter": (2, 2, 2, 2),
          "mask": None},
         {"strides": [1, 1], "paddings": [0, 0], "dilations": [1, 1], "deformable_groups": 1,
          "groups": 1, "im2col_step": 1}),
    ],
}
