"""Finite-difference cases of the interpolate_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them).

Nearest's output is piecewise constant in X and linear in it between ties: its gradient is
checked like the others (the source index does not move with X's values)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)


def _sizes(x: tuple[int, ...], **fed: Spec) -> dict[str, Any]:
    return {"x": x, "out_size": None, "size_tensor": [], "scale_tensor": None, **fed}


GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "nearest_interp_grad": [
        (_sizes((2, 2, 3, 4)), {"interp_method": "nearest", "out_h": 7, "out_w": 3,
                                "align_corners": False}),
        (_sizes((1, 2, 3, 4, 3)), {"interp_method": "nearest", "out_d": 5, "out_h": 2,
                                   "out_w": 4, "align_corners": True}),
    ],
    "bilinear_interp_grad": [
        (_sizes((2, 2, 3, 4)), {"interp_method": "bilinear", "out_h": 5, "out_w": 7,
                                "align_corners": False, "align_mode": 0}),
        (_sizes((1, 4, 5, 2)), {"interp_method": "bilinear", "out_h": 2, "out_w": 3,
                                "data_layout": "NHWC"}),
    ],
    "bicubic_interp_grad": [
        (_sizes((1, 2, 4, 5)), {"interp_method": "bicubic", "out_h": 6, "out_w": 3,
                                "align_corners": False}),
        (_sizes((1, 2, 4, 5)), {"interp_method": "bicubic", "scale": [1.5, 0.8]}),
    ],
    "linear_interp_grad": [
        (_sizes((2, 3, 5)), {"interp_method": "linear", "out_w": 8, "align_corners": False,
                             "align_mode": 0}),
        (_sizes((2, 3, 5),
                out_size=lambda rng: np.array([3], np.int32)),
         {"interp_method": "linear"}),
    ],
    "trilinear_interp_grad": [
        (_sizes((1, 2, 3, 4, 3)), {"interp_method": "trilinear", "out_d": 4, "out_h": 2,
                                   "out_w": 5, "align_corners": False}),
    ],
    "legacy_nearest_interp_grad": [
        (_sizes((1, 2, 3, 4)), {"interp_method": "nearest", "scale": 1.5}),
    ],
    "legacy_bilinear_interp_grad": [
        (_sizes((1, 2, 3, 4),
                size_tensor=[lambda rng: np.array([5], np.int32),
                             lambda rng: np.array([2], np.int32)]),
         {"interp_method": "bilinear", "align_corners": False}),
    ],
    "interp_antialias_grad": [
        (_sizes((1, 2, 9, 8)), {"interp_method": "bilinear", "out_h": 4, "out_w": 3,
                                "align_corners": False}),
        (_sizes((1, 2, 5, 4)), {"interp_method": "bicubic", "out_h": 7, "out_w": 9,
                                "data_format": "NHWC"}),
    ],
}
