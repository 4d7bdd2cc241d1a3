"""Finite-difference cases of the vision_shuffle_grad family: backward op -> [(forward
inputs, attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "pixel_shuffle_grad": [({"x": (2, 8, 2, 3)}, {"upscale_factor": 2}),
                           ({"x": (1, 2, 3, 9)}, {"upscale_factor": 3, "data_format": "NHWC"})],
    "pixel_unshuffle_grad": [({"x": (2, 2, 4, 6)}, {"downscale_factor": 2}),
                             ({"x": (1, 6, 3, 2)}, {"downscale_factor": 3,
                                                    "data_format": "NHWC"})],
    "channel_shuffle_grad": [({"x": (2, 6, 2, 3)}, {"groups": 3}),
                             ({"x": (1, 2, 3, 6)}, {"groups": 2, "data_format": "NHWC"})],
    # a group of 2 over 6 channels: not its own inverse (Paddle's grad gets it wrong)
    "shuffle_channel_grad": [({"x": (2, 6, 2, 3)}, {"group": 2})],
    "temporal_shift_grad": [({"x": (6, 8, 2, 2)}, {"seg_num": 3}),
                            ({"x": (4, 1, 3, 7)}, {"seg_num": 2, "shift_ratio": 0.4,
                                                   "data_format": "NHWC"})],
}
