"""Grads of the detection training losses (forward cases in detection.py): yolov3_loss's
X@GRAD over anchor masks, GTScore, label smoothing on / off, scale_x_y (no effect on the
gradient), a low ignore threshold, one class, and two ground truths in one cell (Paddle
writes the later one's location and class gradients over the earlier one's; fluidphi does
the same); float32 and float64. The seeded cotangent is Loss's [N]; ObjectnessMask and
GTMatchMask are the forward's intermediates."""

from __future__ import annotations

from .detection import _yolo_loss
from .spec import FLOATS, GradCase


def _grad(tag: str, dtype: str, **kw) -> GradCase:
    return GradCase(_yolo_loss(f"grad_{tag}", dtype, **kw), ("X",), of=("Loss",))


GRAD_CASES = [
    *(_grad("mask012", dtype, mask=[0, 1, 2]) for dtype in FLOATS),
    *(_grad("mask345_score", dtype, mask=[3, 4, 5], score=True) for dtype in FLOATS),
    _grad("no_smooth_scale_xy", "float32", mask=[1, 2, 3], use_label_smooth=False,
          scale_x_y=1.1),
    _grad("low_ignore_thresh", "float64", mask=[0, 2, 4], ignore_thresh=0.2, classes=2),
    _grad("one_class_hw3", "float32", mask=[5, 4], classes=1, hw=3),
    _grad("same_cell", "float64", mask=[0, 1, 2], gt=[[[0.3, 0.3, 0.05, 0.06],
                                                      [0.31, 0.32, 0.06, 0.07]]],
          ignore_thresh=0.5),
]
