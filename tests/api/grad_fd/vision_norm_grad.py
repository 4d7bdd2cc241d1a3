"""Finite-difference cases of the vision_norm_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them). The
cases Paddle 3.3.1 gets wrong (group_norm without Scale, spectral_norm with a random
Out@GRAD: see tests/conformance/op_cases/vision_norm_grad.py) are here."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "group_norm_grad": [
        ({"x": (2, 6, 3, 2), "scale": (6,), "bias": (6,)}, {"groups": 3}),
        ({"x": (2, 3, 2, 4), "scale": None, "bias": None},
         {"groups": 2, "data_layout": "NHWC"}),
        ({"x": (2, 4, 5), "scale": (4,), "bias": None}, {"groups": 1, "epsilon": 1e-3}),
    ],
    "instance_norm_grad": [
        ({"x": (2, 3, 4, 3), "scale": (3,), "bias": (3,)}, {}),
        ({"x": (2, 3, 5), "scale": None, "bias": None}, {"epsilon": 1e-3}),
    ],
    "affine_channel_grad": [
        ({"x": (2, 3, 2, 2), "scale": (3,), "bias": (3,)}, {"data_layout": "NCHW"}),
        ({"x": (2, 2, 3, 4), "scale": (4,), "bias": (4,)}, {"data_layout": "NHWC"}),
    ],
    "lrn_grad": [
        ({"x": lambda rng: rng.standard_normal((2, 5, 2, 3)).astype(np.float32)},
         {"n": 3, "alpha": 0.5, "beta": 0.6, "k": 1.0}),
        ({"x": lambda rng: rng.standard_normal((1, 2, 3, 6)).astype(np.float32)},
         {"n": 5, "alpha": 0.1, "data_format": "NHWC"}),
    ],
    # power_iters 0: sigma = U^T W V exactly (the grad, as Paddle's, holds u and v fixed)
    "spectral_norm_grad": [
        ({"weight": (4, 6), "u": (4,), "v": (6,)}, {"dim": 0, "power_iters": 0}),
        ({"weight": (3, 4, 2), "u": (4,), "v": (6,)}, {"dim": 1, "power_iters": 0}),
    ],
}
#: lrn: Paddle registers float32 only: (step, rtol, atol)
FLOAT32_FD = {"lrn_grad": (1e-2, 1e-3, 1e-3)}
