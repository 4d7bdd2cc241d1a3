"""Gradients of the detection training losses (phi.kernels.funcs.detection_loss), as
Paddle 3.3.1's CPU kernel computes them: yolov3_loss_grad.

X@GRAD from Loss@GRAD [N] and the forward's ObjectnessMask and GTMatchMask: for each
matched ground truth (in image, ground truth order) its cell's tx, ty get (sigmoid(x) -
target) and tw, th sign(x - target) (-1 where equal), times (2 - w * h) * score; its class
logits (sigmoid(x) - target label) * score. These are written, not added: a later ground
truth of the same cell and anchor replaces an earlier one's gradient, as in Paddle (the
loss counts both). The objectness logit of every cell gets (sigmoid(x) - 1) * mask where
the mask is > 1e-5, sigmoid(x) where it is 0, nothing where it is -1 (ignored). Everything
is scaled by its image's Loss@GRAD.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet, to_host


def _sce_grad(x: np.ndarray, label: Any) -> np.ndarray:
    """Paddle's 1 / (1 + exp(-x)) - label, in double, rounded to x's type."""
    return (1.0 / (1.0 + np.exp(-x).astype(np.float64)) - label).astype(x.dtype)


def yolov3_loss_grad(xp: Any, x: Any, gt_box: Any, gt_label: Any, gt_score: Any | None,
                     objectness_mask: Any, gt_match_mask: Any, loss_grad: Any,
                     anchors: Sequence[int], anchor_mask: Sequence[int], class_num: int,
                     downsample_ratio: int, use_label_smooth: bool, x_grad: Any) -> None:
    host = to_host(x)
    dtype = host.dtype
    t = dtype.type
    n, _, h, w = host.shape
    m = len(anchor_mask)
    pred = host.reshape(n, m, 5 + class_num, h, w)
    grad = np.zeros(pred.shape, dtype)
    dloss = to_host(loss_grad).reshape(n).astype(dtype)
    obj = to_host(objectness_mask).astype(dtype).reshape(n, m, h, w)
    match = to_host(gt_match_mask).astype(np.int64).reshape(gt_box.shape[:2])
    boxes = to_host(gt_box).astype(dtype)
    labels = to_host(gt_label).astype(np.int64)
    score = (np.ones(boxes.shape[:2], dtype) if gt_score is None
             else to_host(gt_score).astype(dtype))
    size = downsample_ratio * h
    anchor = np.asarray(anchors, np.int64).reshape(-1, 2)
    img, gt = np.nonzero(match >= 0)
    with quiet(np):
        if len(img):
            bx, by, bw, bh = (boxes[img, gt, k] for k in range(4))
            gi, gj = (bx * t(w)).astype(np.int64), (by * t(h)).astype(np.int64)
            mi, sc, dl = match[img, gt], score[img, gt], dloss[img]
            an = np.asarray(anchor_mask, np.int64)[mi]
            cell = pred[img, mi, :, gj, gi]                           # [K, 5 + classes]
            tx, ty = bx * t(h) - gi.astype(dtype), by * t(h) - gj.astype(dtype)
            tw = np.log(bw * t(size) / anchor[an, 0].astype(dtype))
            th = np.log(bh * t(size) / anchor[an, 1].astype(dtype))
            weight = ((2.0 - (bw * bh).astype(np.float64)) * sc).astype(dtype) * dl
            loc = np.stack([_sce_grad(cell[:, 0], tx), _sce_grad(cell[:, 1], ty),
                            np.where(cell[:, 2] > tw, t(1), t(-1)),
                            np.where(cell[:, 3] > th, t(1), t(-1))], axis=1)
            pos_label, neg_label = t(1), t(0)
            if use_label_smooth:
                s = min(1.0 / class_num, 1.0 / 40)
                pos_label, neg_label = t(1.0 - s), t(s)
            target = np.where(np.arange(class_num) == labels[img, gt][:, None], pos_label,
                              neg_label).astype(dtype)
            cls = _sce_grad(cell[:, 5:], target) * (sc * dl)[:, None]
            # written in (image, ground truth) order: the last one of a cell wins
            grad[img, mi, :4, gj, gi] = loc * weight[:, None]
            grad[img, mi, 5:, gj, gi] = cls
        logit = pred[:, :, 4]
        wide = obj.astype(np.float64)
        objness = np.where(wide > 1e-5, _sce_grad(logit, t(1)) * obj,
                           np.where(wide > -0.5, _sce_grad(logit, t(0)), t(0)))
        grad[:, :, 4] = objness * dloss[:, None, None, None]
    x_grad[...] = xp.asarray(grad.reshape(host.shape))
