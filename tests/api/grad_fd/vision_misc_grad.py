"""Finite-difference cases of the vision_misc_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import Spec, away_from_zero

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "prelu_grad": [
        ({"x": away_from_zero((2, 3, 4)), "alpha": (1,)}, {"data_format": "NCHW", "mode": "all"}),
        ({"x": away_from_zero((2, 3, 2, 2)), "alpha": (3,)},
         {"data_format": "NCHW", "mode": "channel"}),
        ({"x": away_from_zero((2, 2, 2, 3)), "alpha": (3,)},
         {"data_format": "NHWC", "mode": "channel"}),
        ({"x": away_from_zero((2, 3, 4)), "alpha": (1, 3, 4)},
         {"data_format": "NCHW", "mode": "element"}),
    ],
    "label_smooth_grad": [({"x": (4, 5), "prior_dist": None}, {"epsilon": 0.1}),
                          ({"x": (2, 3), "prior_dist": (1, 3)}, {"epsilon": 0.3})],
}
