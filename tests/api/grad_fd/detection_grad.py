"""Finite-difference cases of the detection_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them). One
ground truth per cell (Paddle writes, not adds, a later one's gradient)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import Spec

_BOXES = lambda rng: np.array([[[0.3, 0.4, 0.2, 0.3], [0.7, 0.2, 0.5, 0.4],  # noqa: E731
                                [0.1, 0.9, 0.0, 0.3]],
                               [[0.5, 0.5, 0.9, 0.8], [0.2, 0.1, 0.12, 0.1],
                                [0.8, 0.8, 0.25, 0.6]]])
_LABELS = lambda rng: np.array([[0, 2, 1], [1, 1, 2]], np.int32)  # noqa: E731

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "yolo_loss_grad": [
        ({"x": lambda rng: rng.uniform(-3.0, 3.0, (2, 24, 4, 4)), "gt_box": _BOXES,
          "gt_label": _LABELS, "gt_score": None},
         {"anchors": [10, 13, 16, 30, 33, 23, 30, 61, 62, 45, 59, 119],
          "anchor_mask": [0, 1, 2], "class_num": 3, "downsample_ratio": 16}),
        ({"x": lambda rng: rng.uniform(-3.0, 3.0, (2, 14, 4, 4)), "gt_box": _BOXES,
          "gt_label": lambda rng: np.array([[0, 1, 1], [1, 0, 0]], np.int32),
          "gt_score": lambda rng: rng.uniform(0.2, 1.0, (2, 3))},
         {"anchors": [10, 13, 16, 30, 33, 23, 30, 61, 62, 45, 59, 119],
          "anchor_mask": [3, 4], "class_num": 2, "downsample_ratio": 16,
          "use_label_smooth": False}),
    ],
}
