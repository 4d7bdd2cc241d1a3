"""Detection training losses (Paddle's CPU kernels' math): yolov3_loss.

yolov3_loss: X [N, M * (5 + classes), H, W] holds, per anchor of `anchor_mask` (M of them)
and cell, tx, ty, tw, th, the objectness logit and the class logits. Each predicted box
(sigmoid(tx) * scale_x_y - (scale_x_y - 1) / 2 + cell, divided by H; exp(tw) * anchor /
input size, input size = downsample_ratio * H) whose best IoU with a valid ground truth
(w and h >= 1e-6) exceeds ignore_thresh is left out of the objectness loss (mask -1). Each
valid ground truth picks the anchor (of all `anchors`) whose box best overlaps its own
shape at the origin (IoU compared in float32); if that anchor is in anchor_mask, the cell
(int(x * W), int(y * H)) gets the location loss (sigmoid cross-entropy of tx, ty against the
offsets in the cell, L1 of tw, th against log(size * input / anchor), weighted by
(2 - w * h) * score), the class loss (sigmoid cross-entropy against 1 - s / s with label
smoothing s = min(1 / classes, 1 / 40), else 1 / 0, times score) and objectness target
score (a later ground truth of the same cell wins). Loss [N] adds them to the objectness
loss (sigmoid cross-entropy: against 1 times the mask where it is > 1e-5, against 0 where
the mask is 0). GTScore (default 1) weights each ground truth (mixup).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet, to_host
from phi.kernels.funcs.detection import sigmoid


def _fail(message: str) -> ValueError:
    return ValueError(f"yolov3_loss: {message}")


def yolov3_loss_dims(x_dims: Sequence[int], box_dims: Sequence[int],
                     label_dims: Sequence[int], score_dims: Sequence[int] | None,
                     anchors: Sequence[int], anchor_mask: Sequence[int], class_num: int
                     ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(Loss [N], ObjectnessMask [N, M, H, W], GTMatchMask [N, B]) after Paddle's checks."""
    if len(x_dims) != 4 or x_dims[2] != x_dims[3]:
        raise _fail(f"X must be [N, C, H, W] with H == W, got {list(x_dims)}")
    if len(anchors) % 2 or not anchors or class_num <= 0:
        raise _fail(f"anchors must hold (w, h) pairs and class_num must be > 0, got "
                    f"{list(anchors)} and {class_num}")
    if any(not 0 <= m < len(anchors) // 2 for m in anchor_mask) or not anchor_mask:
        raise _fail(f"anchor_mask {list(anchor_mask)} must index the {len(anchors) // 2} "
                    f"anchors")
    if x_dims[1] != len(anchor_mask) * (5 + class_num):
        raise _fail(f"X's channels ({x_dims[1]}) must be len(anchor_mask) * (5 + class_num) "
                    f"= {len(anchor_mask) * (5 + class_num)}")
    n = x_dims[0]
    if len(box_dims) != 3 or box_dims[2] != 4 or box_dims[0] != n:
        raise _fail(f"GTBox must be [N, B, 4], got {list(box_dims)}")
    for slot, dims in (("GTLabel", label_dims), ("GTScore", score_dims)):
        if dims is not None and list(dims) != list(box_dims[:2]):
            raise _fail(f"{slot} must be [N, B] = {list(box_dims[:2])}, got {list(dims)}")
    return (n,), (n, len(anchor_mask), x_dims[2], x_dims[3]), (n, box_dims[1])


def _sce(xp: Any, x: Any, label: Any) -> Any:
    """Paddle's sigmoid cross-entropy: max(x, 0) - x * label + log(1 + exp(-|x|)), the log
    term in double, rounded to x's type."""
    t = x.dtype
    soft = np.log(1.0 + np.exp(-np.abs(x)).astype(np.float64))
    return (np.maximum(x, 0).astype(np.float64) - (x * label).astype(np.float64) + soft
            ).astype(t)


def _iou(ax: Any, ay: Any, aw: Any, ah: Any, bx: Any, by: Any, bw: Any, bh: Any) -> Any:
    def overlap(c1: Any, w1: Any, c2: Any, w2: Any) -> Any:
        left = np.maximum(c1 - w1 / 2.0, c2 - w2 / 2.0)
        return np.minimum(c1 + w1 / 2.0, c2 + w2 / 2.0) - left
    w, h = overlap(ax, aw, bx, bw), overlap(ay, ah, by, bh)
    inter = np.where((w < 0) | (h < 0), 0, w * h)
    return inter / (aw * ah + bw * bh - inter)


def yolov3_loss(xp: Any, x: Any, gt_box: Any, gt_label: Any, gt_score: Any | None,
                anchors: Sequence[int], anchor_mask: Sequence[int], class_num: int,
                ignore_thresh: float, downsample_ratio: int, use_label_smooth: bool,
                scale_x_y: float, loss: Any, objectness_mask: Any, gt_match_mask: Any) -> None:
    """Loss, ObjectnessMask and GTMatchMask as Paddle's kernel (module doc)."""
    host = to_host(x)
    t = host.dtype.type
    n, _, h, w = host.shape
    m = len(anchor_mask)
    pred = host.reshape(n, m, 5 + class_num, h, w)
    boxes = to_host(gt_box).astype(host.dtype)
    labels = to_host(gt_label).astype(np.int64)
    score = (np.ones(boxes.shape[:2], host.dtype) if gt_score is None
             else to_host(gt_score).astype(host.dtype))
    size = downsample_ratio * h
    anchor = np.asarray(anchors, np.int64).reshape(-1, 2)
    scale, bias = np.float32(scale_x_y), np.float32(-0.5 * (scale_x_y - 1.0))
    valid = ~((boxes[..., 2] < 1e-6) | (boxes[..., 3] < 1e-6))
    with quiet(np):
        # predicted boxes [N, M, H, W] against every ground truth [N, 1, 1, 1, B]
        cols, rows = np.arange(w, dtype=host.dtype), np.arange(h, dtype=host.dtype)
        px = (cols + sigmoid(np, pred[:, :, 0]) * scale + bias) / t(h)
        py = (rows[:, None] + sigmoid(np, pred[:, :, 1]) * scale + bias) / t(h)
        am = anchor[list(anchor_mask)]
        pw = np.exp(pred[:, :, 2]) * am[:, 0].reshape(1, m, 1, 1).astype(host.dtype) / t(size)
        ph = np.exp(pred[:, :, 3]) * am[:, 1].reshape(1, m, 1, 1).astype(host.dtype) / t(size)
        g = [boxes[:, None, None, None, :, k] for k in range(4)]
        iou = _iou(px[..., None], py[..., None], pw[..., None], ph[..., None], *g)
        best = np.max(np.where(valid[:, None, None, None, :] & (iou > 0), iou, t(0)), axis=-1)
        obj = np.where(best > t(ignore_thresh), t(-1), t(0))
        # each ground truth's best anchor (IoU of shapes at the origin, compared in float32)
        aw = anchor[:, 0].astype(host.dtype) / t(size)
        ah = anchor[:, 1].astype(host.dtype) / t(size)
        zero = t(0)
        shape_iou = _iou(zero, zero, aw, ah, zero, zero, boxes[..., 2:3], boxes[..., 3:4])
        shape_iou = np.where(shape_iou.astype(np.float32) > 0, shape_iou.astype(np.float32),
                             np.float32(0))
        best_n = np.argmax(shape_iou, axis=-1)
        lookup = np.full(len(anchor), -1, np.int64)
        lookup[list(anchor_mask)[::-1]] = np.arange(m)[::-1]  # the first mask position
        mask_idx = np.where(valid, lookup[best_n], -1)
    gt_match_mask[...] = xp.asarray(mask_idx.astype(np.int32))
    total = np.zeros(n, host.dtype)
    img, gt = np.nonzero(mask_idx >= 0)
    if len(img):
        total += _positive_loss(host.dtype, pred, boxes, labels, score, anchor, best_n,
                                mask_idx, img, gt, h, w, size, class_num, use_label_smooth,
                                obj)
    with quiet(np):
        logit = pred[:, :, 4]
        wide = obj.astype(np.float64)  # compared with double constants, as Paddle
        pos = np.where(wide > 1e-5, _sce(np, logit, t(1)) * obj, t(0))
        neg = np.where((wide <= 1e-5) & (wide > -0.5), _sce(np, logit, t(0)), t(0))
        total += (pos + neg).reshape(n, -1).sum(axis=1, dtype=host.dtype)
    loss[...] = xp.asarray(total)
    objectness_mask[...] = xp.asarray(obj)


def _positive_loss(dtype: Any, pred: np.ndarray, boxes: np.ndarray, labels: np.ndarray,
                   score: np.ndarray, anchor: np.ndarray, best_n: np.ndarray,
                   mask_idx: np.ndarray, img: np.ndarray, gt: np.ndarray, h: int, w: int,
                   size: int, class_num: int, smooth: bool, obj: np.ndarray) -> np.ndarray:
    """Location and class losses of the matched ground truths ([N], summed per image), and
    their objectness targets written into `obj` (a later ground truth of a cell wins)."""
    t = np.dtype(dtype).type
    bx, by, bw, bh = (boxes[img, gt, k] for k in range(4))
    gi, gj = (bx * t(w)).astype(np.int64), (by * t(h)).astype(np.int64)
    if np.any((gi < 0) | (gi >= w) | (gj < 0) | (gj >= h)):
        raise _fail("a matched GTBox centre lies outside [0, 1) (its cell is off the grid)")
    mi, an, sc = mask_idx[img, gt], best_n[img, gt], score[img, gt]
    cell = pred[img, mi, :, gj, gi]                                   # [K, 5 + classes]
    with quiet(np):
        tx, ty = bx * t(h) - gi.astype(dtype), by * t(h) - gj.astype(dtype)
        tw = np.log(bw * t(size) / anchor[an, 0].astype(dtype))
        th = np.log(bh * t(size) / anchor[an, 1].astype(dtype))
        weight = ((2.0 - (bw * bh).astype(np.float64)) * sc).astype(dtype)
        loc = (_sce(np, cell[:, 0], tx) * weight + _sce(np, cell[:, 1], ty) * weight
               + np.abs(tw - cell[:, 2]) * weight + np.abs(th - cell[:, 3]) * weight)
        pos_label, neg_label = t(1), t(0)
        if smooth:
            s = min(1.0 / class_num, 1.0 / 40)
            pos_label, neg_label = t(1.0 - s), t(s)
        target = np.where(np.arange(class_num) == labels[img, gt][:, None], pos_label,
                          neg_label).astype(dtype)
        cls = (_sce(np, cell[:, 5:], target) * sc[:, None]).sum(axis=1, dtype=dtype)
    total = np.zeros(pred.shape[0], dtype)
    np.add.at(total, img, loc + cls)
    obj[img, mi, gj, gi] = sc  # in (image, ground truth) order: the last one wins
    return total
