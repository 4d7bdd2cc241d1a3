"""Finite-difference cases of the vision_sample_grad family: backward op -> [(forward
inputs, attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them).

grid_sample's grids keep every sample position at least 0.05 from an integer (bilinear:
a corner changes there; nearest: the rounding does) and, with border padding, inside the
input (its clip has a kink at the border)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)


def _grid(dims: tuple[int, ...], sizes: tuple[int, ...], align: bool, low: float = -1.4,
          high: float = 1.4) -> Callable[[np.random.Generator], np.ndarray]:
    """Grid values in [low, high) whose positions (unnormalised per `sizes`, x first) stay
    0.05 from integers and half-integers."""
    def make(rng: np.random.Generator) -> np.ndarray:
        g = rng.uniform(low, high, dims)
        for axis, size in enumerate(sizes):
            half = (size - 1) / 2 if align else size / 2
            pos = (g[..., axis] + 1) * half - (0.0 if align else 0.5)
            frac = pos * 2 - np.floor(pos * 2)
            pos = np.where(frac < 0.1, pos + 0.05, np.where(frac > 0.9, pos - 0.05, pos))
            g[..., axis] = (pos + (0.0 if align else 0.5)) / half - 1
        return g
    return make


GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "affine_grid_grad": [
        ({"theta": (2, 2, 3)}, {"output_shape": [2, 3, 4, 5], "align_corners": False}),
        ({"theta": (1, 3, 4)}, {"output_shape": [1, 2, 3, 2, 4]}),
    ],
    "grid_sample_grad": [
        ({"x": (2, 2, 4, 5), "grid": _grid((2, 3, 3, 2), (5, 4), True)},
         {"mode": "bilinear", "padding_mode": "zeros"}),
        ({"x": (1, 2, 4, 5), "grid": _grid((1, 3, 3, 2), (5, 4), False, -0.85, 0.85)},
         {"mode": "bilinear", "padding_mode": "border", "align_corners": False}),
        ({"x": (1, 2, 3, 4), "grid": _grid((1, 2, 3, 2), (4, 3), False, -3.0, 3.0)},
         {"mode": "bilinear", "padding_mode": "reflection", "align_corners": False}),
        ({"x": (1, 2, 3, 4), "grid": _grid((1, 2, 3, 2), (4, 3), True, -3.0, 3.0)},
         {"mode": "bilinear", "padding_mode": "reflection"}),
        ({"x": (1, 2, 3, 3, 4), "grid": _grid((1, 2, 2, 3, 3), (4, 3, 3), True)},
         {"mode": "bilinear", "padding_mode": "zeros"}),
        ({"x": (1, 2, 4, 5), "grid": _grid((1, 3, 4, 2), (5, 4), True)},
         {"mode": "nearest", "padding_mode": "zeros"}),
        # 5-D nearest within half a pixel outside the input: read from the edge
        ({"x": (1, 1, 2, 2, 4), "grid": lambda rng: np.array(
            [[[[[-1.1, 0.3, -0.3], [1.1, -0.3, 0.4], [0.2, 1.2, 0.8]]]]])},
         {"mode": "nearest", "padding_mode": "zeros"}),
    ],
}
