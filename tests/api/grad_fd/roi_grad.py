"""Finite-difference cases of the roi_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)


def _const(values: list, dtype: Any) -> Callable[[np.random.Generator], np.ndarray]:
    return lambda rng: np.array(values, dtype)


_BOXES = _const([[0.5, 0.5, 4.0, 3.0], [1.0, 2.0, 7.5, 5.5], [2.0, 0.0, 3.0, 4.0]], np.float64)
_NUM = _const([2, 1], np.int32)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "roi_align_grad": [
        ({"x": (2, 2, 6, 8), "ro_is": _BOXES, "rois_num": _NUM},
         {"pooled_height": 2, "pooled_width": 3, "spatial_scale": 0.9}),
        ({"x": (2, 2, 6, 8), "ro_is": _BOXES, "rois_num": _NUM},
         {"pooled_height": 2, "pooled_width": 2, "sampling_ratio": 2, "aligned": True}),
        # aligned, under a pixel wide: the forward samples one column (Paddle's grad widens it)
        ({"x": (1, 1, 5, 5), "ro_is": _const([[1.0, 1.0, 1.6, 3.0], [0.5, 0.5, 1.2, 2.5]],
                                             np.float64),
          "rois_num": _const([2], np.int32)},
         {"pooled_height": 2, "pooled_width": 2, "aligned": True}),
    ],
    "roi_pool_grad": [
        ({"x": (2, 2, 6, 8), "ro_is": _BOXES, "rois_num": _NUM},
         {"pooled_height": 2, "pooled_width": 3}),
    ],
    "psroi_pool_grad": [
        ({"x": (2, 8, 6, 6), "ro_is": _const([[0, 0, 8, 8], [2, 3, 11, 9], [1, 1, 5, 4]],
                                             np.float64), "rois_num": _NUM},
         {"pooled_height": 2, "pooled_width": 2, "output_channels": 2,
          "spatial_scale": 0.5}),
    ],
}
