"""Non-maximum suppression as Paddle's CPU kernels do it: multiclass_nms (v1), multiclass_nms3,
matrix_nms and the single-class `nms` op (shared by the PHI and the legacy kernels).

Greedy NMS decides box by box (a candidate is kept when it overlaps no kept box by more than
the threshold, and the threshold may shrink by `eta` after each keep), so it loops over the
*kept* boxes only: each keep updates, in one vectorised step, every later candidate's largest
overlap with the kept set, and the next kept box is the first candidate still below the
threshold. Candidates are ranked as Paddle ranks them (a stable sort on the score rounded to
float32; matrix_nms' std::partial_sort through phi.kernels.funcs.std_order), overlaps are
Paddle's JaccardOverlap in the boxes' type (C++'s std::max / std::min NaN behaviour
included), so ties, thresholds and NaN decide as in Paddle.

Outputs per image: rows [label, score, x1, y1, x2, y2] grouped by label (ascending), and
each row's index into the flattened input scores (`Index`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet, to_host
from phi.kernels.funcs.std_order import partial_sort_order

#: Boxes with this many coordinates are polygons, which Paddle clips with gpc.
POLYGON_SIZES = (8, 16, 24, 32)


def _cmax(xp: Any, a: Any, b: Any) -> Any:
    """std::max(a, b): `a < b ? b : a`."""
    return xp.where(a < b, b, a)


def _cmin(xp: Any, a: Any, b: Any) -> Any:
    """std::min(a, b): `b < a ? b : a`."""
    return xp.where(b < a, b, a)


def box_area(xp: Any, box: Any, normalized: bool) -> Any:
    """Paddle's BBoxArea: 0 for an inverted box, (w + 1) * (h + 1) in pixels."""
    w, h = box[..., 2] - box[..., 0], box[..., 3] - box[..., 1]
    one = box.dtype.type(0 if normalized else 1)
    area = (w + one) * (h + one)
    return xp.where((box[..., 2] < box[..., 0]) | (box[..., 3] < box[..., 1]),
                    box.dtype.type(0), area)


def jaccard(xp: Any, box1: Any, box2: Any, normalized: bool) -> Any:
    """Paddle's JaccardOverlap(box1, box2), broadcast over leading dims."""
    t = box1.dtype.type
    disjoint = ((box2[..., 0] > box1[..., 2]) | (box2[..., 2] < box1[..., 0])
                | (box2[..., 1] > box1[..., 3]) | (box2[..., 3] < box1[..., 1]))
    norm = t(0 if normalized else 1)
    with quiet(xp):
        iw = _cmin(xp, box1[..., 2], box2[..., 2]) - _cmax(xp, box1[..., 0], box2[..., 0]) + norm
        ih = _cmin(xp, box1[..., 3], box2[..., 3]) - _cmax(xp, box1[..., 1], box2[..., 1]) + norm
        inter = iw * ih
        iou = inter / (box_area(xp, box1, normalized) + box_area(xp, box2, normalized) - inter)
    return xp.where(disjoint, t(0), iou)


def check_box_size(op: str, box_size: int) -> None:
    if box_size in POLYGON_SIZES:
        raise ValueError(f"{op}: polygon boxes ({box_size} coordinates) are not supported "
                         "(Paddle clips them with gpc); only [x1, y1, x2, y2] boxes")
    if box_size != 4:
        raise ValueError(f"{op}: boxes must have 4 coordinates, got {box_size}")


def check_layout(op: str, bbox_dims: Sequence[int], score_dims: Sequence[int],
                 per_class: bool = True) -> int:
    """Batched BBoxes [N, M, box] with Scores [N, C, M], or (`per_class`) BBoxes [M, C, box]
    with Scores [M, C]; returns the box size."""
    if len(bbox_dims) != 3:
        raise ValueError(f"{op}: BBoxes must be 3-D, got {list(bbox_dims)}")
    if len(score_dims) == 3:
        if score_dims[0] != bbox_dims[0] or score_dims[2] != bbox_dims[1]:
            raise ValueError(f"{op}: Scores [N, C, M] {list(score_dims)} do not match BBoxes "
                             f"[N, M, box] {list(bbox_dims)}")
    elif len(score_dims) == 2 and per_class:
        if tuple(score_dims) != tuple(bbox_dims[:2]):
            raise ValueError(f"{op}: Scores [M, C] {list(score_dims)} do not match BBoxes "
                             f"[M, C, box] {list(bbox_dims)}")
    else:
        raise ValueError(f"{op}: Scores must be [N, C, M]"
                         f"{' or [M, C]' if per_class else ''}, got {list(score_dims)}")
    check_box_size(op, bbox_dims[2])
    return bbox_dims[2]


def check_ranked_boxes(dims: Sequence[int]) -> None:
    if len(dims) != 2 or dims[1] != 4:
        raise ValueError(f"nms: Boxes must be [N, 4], got {list(dims)}")


def image_offsets(score_dims: Sequence[int], bboxes_lod: Sequence[Sequence[int]],
                  rois_num: Any | None) -> list[int] | None:
    """None for batched input; else each image's first box row (and the end), from RoisNum
    or from BBoxes' LoD."""
    if len(score_dims) == 3:
        return None
    if rois_num is not None:
        offsets = [0, *np.cumsum(to_host(rois_num).reshape(-1)).tolist()]
    elif bboxes_lod:
        offsets = [int(v) for v in bboxes_lod[-1]]
    else:
        raise ValueError("multiclass_nms: with Scores [M, C], the images are given by RoisNum "
                         "or by a LoD on BBoxes; neither is there")
    if offsets[-1] != score_dims[0] or any(b < a for a, b in itertools.pairwise(offsets)):
        raise ValueError(f"multiclass_nms: image offsets {offsets} do not cover the "
                         f"{score_dims[0]} boxes")
    return offsets


def ranked(scores: np.ndarray, threshold: float, top_k: int) -> np.ndarray:
    """Indices of scores above threshold, best first (stable on the float32-rounded score, as
    Paddle's pair<float, int> comparator), at most top_k of them (-1: all)."""
    idx = np.flatnonzero(scores > scores.dtype.type(threshold))
    order = idx[np.argsort(-scores[idx].astype(np.float32), kind="stable")]
    return order[:top_k] if top_k > -1 else order


def greedy_nms(xp: Any, boxes: Any, threshold: float, eta: float, normalized: bool) -> list[int]:
    """Positions of the kept boxes among `boxes` (ranked best first): a box is kept when its
    overlap with every kept box is <= the threshold (NaN is not); after each keep the
    threshold is multiplied by eta while eta < 1 and the threshold > 0.5."""
    n = boxes.shape[0]
    t = boxes.dtype.type
    thr, eta_t = t(threshold), t(eta)
    worst = xp.full(n, -np.inf, boxes.dtype)
    bad = xp.zeros(n, bool)
    kept: list[int] = []
    pos = 0
    while pos < n:
        hits = xp.flatnonzero((worst[pos:] <= thr) & ~bad[pos:])
        if hits.size == 0:
            break
        i = pos + int(hits[0])
        kept.append(i)
        overlap = jaccard(xp, boxes[i + 1:], boxes[i], normalized)
        bad[i + 1:] |= xp.isnan(overlap)
        worst[i + 1:] = xp.fmax(worst[i + 1:], overlap)
        if eta_t < 1 and thr > 0.5:
            thr = t(thr * eta_t)
        pos = i + 1
    return kept


@dataclass(frozen=True)
class NmsParams:
    """The attributes multiclass_nms / multiclass_nms3 share."""

    score_threshold: float
    nms_top_k: int
    keep_top_k: int
    nms_threshold: float
    nms_eta: float
    normalized: bool
    background_label: int


def multiclass_nms_one(xp: Any, scores: np.ndarray, boxes: Any, per_class_boxes: bool,
                       p: NmsParams) -> tuple[np.ndarray, np.ndarray]:
    """One image's (labels, box indices) in output order.

    scores [C, M] with boxes [M, 4] (batched input), or scores [M, C] with per-class boxes
    [M, C, 4] (`per_class_boxes`: the LoD / RoisNum input, whose kept indices are re-sorted
    ascending)."""
    class_num = scores.shape[1] if per_class_boxes else scores.shape[0]
    labels, picks = [], []
    for c in range(class_num):
        if c == p.background_label:
            continue
        s = scores[:, c] if per_class_boxes else scores[c]
        cand = ranked(s, p.score_threshold, p.nms_top_k)
        b = boxes[:, c] if per_class_boxes else boxes
        kept = cand[greedy_nms(xp, b[xp.asarray(cand)], p.nms_threshold, p.nms_eta,
                               p.normalized)] if cand.size else cand
        if per_class_boxes:
            kept = np.sort(kept, kind="stable")
        labels.append(np.full(kept.size, c, np.int64))
        picks.append(kept)
    labels_a = np.concatenate(labels) if labels else np.zeros(0, np.int64)
    picks_a = np.concatenate(picks) if picks else np.zeros(0, np.int64)
    if -1 < p.keep_top_k < labels_a.size:
        s = scores[picks_a, labels_a] if per_class_boxes else scores[labels_a, picks_a]
        best = np.argsort(-s.astype(np.float32), kind="stable")[:p.keep_top_k]
        best = best[np.argsort(labels_a[best], kind="stable")]
        labels_a, picks_a = labels_a[best], picks_a[best]
        if per_class_boxes:
            regroup = np.lexsort((picks_a, labels_a))
            labels_a, picks_a = labels_a[regroup], picks_a[regroup]
    return labels_a, picks_a


@dataclass
class Detections:
    """Every image's detections: rows [label, score, box...], their indices, per-image counts."""

    rows: Any
    index: np.ndarray
    counts: list[int]


def _rows(xp: Any, labels: np.ndarray, scores: Any, boxes: Any, dtype: Any) -> Any:
    out = xp.empty((labels.size, 2 + boxes.shape[-1]), dtype)
    out[:, 0] = xp.asarray(labels.astype(dtype))
    out[:, 1] = scores
    out[:, 2:] = boxes
    return out


def image_slices(batch: int, lod: Sequence[int] | None) -> list[slice]:
    """The rows of each image: one per batch row (batched input) or per LoD segment."""
    if lod is None:
        return [slice(i, i + 1) for i in range(batch)]
    return [slice(int(a), int(b)) for a, b in itertools.pairwise(lod)]


def multiclass_nms(xp: Any, bboxes: Any, scores: Any, lod: Sequence[int] | None,
                   p: NmsParams) -> Detections:
    """All images. Batched: BBoxes [N, M, 4], Scores [N, C, M]; LoD / RoisNum: BBoxes
    [M, C, 4], Scores [M, C] with `lod` the image offsets."""
    check_box_size("multiclass_nms", bboxes.shape[-1])
    host_scores = to_host(scores)
    per_class = lod is not None
    rows, index, counts = [], [], []
    for i, rng in enumerate(image_slices(scores.shape[0], lod)):
        if per_class and rng.start == rng.stop:
            counts.append(0)
            continue
        s = host_scores[rng] if per_class else host_scores[i]
        b = bboxes[rng] if per_class else bboxes[i]
        labels, picks = multiclass_nms_one(xp, s, b, per_class, p)
        counts.append(labels.size)
        if per_class:
            class_num = s.shape[1]
            sel_scores = s[picks, labels]
            sel_boxes = b[xp.asarray(picks), xp.asarray(labels)]
            index.append(rng.start * class_num + picks * class_num + labels)
        else:
            sel_scores = s[labels, picks]
            sel_boxes = b[xp.asarray(picks)]
            index.append(i * s.shape[1] + picks)
        rows.append(_rows(xp, labels, xp.asarray(sel_scores), sel_boxes, bboxes.dtype))
    return _collect(xp, rows, index, counts, bboxes)


def v1_output(xp: Any, found: Detections, dtype: Any) -> tuple[Any, list[int]]:
    """multiclass_nms (v1)'s Out and LoD: the rows with per-image offsets, or [[-1]] with
    LoD [0, 1] when no image kept anything."""
    if found.rows.shape[0] == 0:
        return xp.full((1, 1), -1, dtype), [0, 1]
    return found.rows, [0, *np.cumsum(found.counts).tolist()]


def _collect(xp: Any, rows: list, index: list, counts: list[int], bboxes: Any) -> Detections:
    width = 2 + bboxes.shape[-1]
    all_rows = xp.concatenate(rows) if rows else xp.zeros((0, width), bboxes.dtype)
    all_index = np.concatenate(index) if index else np.zeros(0, np.int64)
    return Detections(all_rows, all_index, counts)


@dataclass(frozen=True)
class MatrixNmsParams:
    """matrix_nms' attributes."""

    score_threshold: float
    nms_top_k: int
    keep_top_k: int
    post_threshold: float
    use_gaussian: bool
    gaussian_sigma: float
    background_label: int
    normalized: bool


def _matrix_decay(xp: Any, boxes: Any, scores: np.ndarray, p: MatrixNmsParams) -> np.ndarray:
    """Matrix NMS decayed scores of ranked boxes [P, 4] with scores [P]: each score times the
    smallest decay any better box imposes (linear (1 - iou) / (1 - that box's own largest
    iou), or gaussian exp((max_iou^2 - iou^2) * sigma))."""
    t = boxes.dtype.type
    n = boxes.shape[0]
    iou = to_host(jaccard(xp, boxes[:, None], boxes[None, :], p.normalized))
    lower = np.tri(n, k=-1, dtype=bool)
    iou_max = np.fmax.reduce(np.where(lower, iou, t(0)), axis=1, initial=t(0))
    with np.errstate(all="ignore"):
        if p.use_gaussian:
            decay = np.exp((iou_max[None, :] * iou_max[None, :] - iou * iou)
                           * t(p.gaussian_sigma))
        else:
            decay = ((1.0 - iou.astype(np.float64)) / (1.0 - iou_max.astype(np.float64)[None, :])
                     ).astype(iou.dtype)
        min_decay = np.fmin.reduce(np.where(lower, decay, t(1)), axis=1, initial=t(1))
        return min_decay * scores


def matrix_nms_one(xp: Any, scores: np.ndarray, boxes: Any, p: MatrixNmsParams
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One image (scores [C, M], boxes [M, 4]): (labels, box indices, decayed scores) in output
    order."""
    t = scores.dtype.type
    labels, picks, decayed = [], [], []
    for c in range(scores.shape[0]):
        if c == p.background_label:
            continue
        s = scores[c]
        cand = np.flatnonzero(~(s <= t(p.score_threshold)))
        if cand.size == 0:
            continue
        top = cand.size if p.nms_top_k <= -1 else min(cand.size, p.nms_top_k)
        order = cand[partial_sort_order(s[cand], top)]
        ds = _matrix_decay(xp, boxes[xp.asarray(order)], s[order], p)
        keep = ~(ds <= t(p.post_threshold))
        keep[0] = s[order[0]] > t(p.post_threshold)
        labels.append(np.full(int(keep.sum()), c, np.int64))
        picks.append(order[keep])
        decayed.append(ds[keep])
    if not labels:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, scores.dtype)
    labels_a, picks_a, decayed_a = map(np.concatenate, (labels, picks, decayed))
    total = labels_a.size if p.keep_top_k <= -1 else min(labels_a.size, p.keep_top_k)
    best = partial_sort_order(decayed_a, total)
    return labels_a[best], picks_a[best], decayed_a[best]


def matrix_nms(xp: Any, bboxes: Any, scores: Any, p: MatrixNmsParams) -> Detections:
    """All images: BBoxes [N, M, 4], Scores [N, C, M]."""
    check_box_size("matrix_nms", bboxes.shape[-1])
    host_scores = to_host(scores)
    rows, index, counts = [], [], []
    for i in range(scores.shape[0]):
        labels, picks, decayed = matrix_nms_one(xp, host_scores[i], bboxes[i], p)
        counts.append(labels.size)
        rows.append(_rows(xp, labels, xp.asarray(decayed), bboxes[i][xp.asarray(picks)],
                          bboxes.dtype))
        index.append(i * scores.shape[2] + picks)
    return _collect(xp, rows, index, counts, bboxes)


def nms_keep(xp: Any, boxes: Any, threshold: float) -> np.ndarray:
    """The `nms` op on boxes [N, 4] already ranked: box j is dropped when a kept box i < j
    overlaps it by more than the threshold (Paddle's CalculateIoU: no pixel offset, inverted
    boxes not special-cased). Kept indices, int64."""
    n = boxes.shape[0]
    t = boxes.dtype.type
    dropped = xp.zeros(n, bool)
    kept: list[int] = []
    pos = 0
    while pos < n:
        live = xp.flatnonzero(~dropped[pos:])
        if live.size == 0:
            break
        i = pos + int(live[0])
        kept.append(i)
        a, b = boxes[i], boxes[i + 1:]
        with quiet(xp):
            x0 = xp.where(a[0] > b[:, 0], a[0], b[:, 0])
            y0 = xp.where(a[1] > b[:, 1], a[1], b[:, 1])
            x1 = xp.where(a[2] < b[:, 2], a[2], b[:, 2])
            y1 = xp.where(a[3] < b[:, 3], a[3], b[:, 3])
            w = xp.where(x1 - x0 > 0, x1 - x0, t(0))
            h = xp.where(y1 - y0 > 0, y1 - y0, t(0))
            inter = w * h
            union = (a[2] - a[0]) * (a[3] - a[1]) + (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1]) \
                - inter
            dropped[i + 1:] |= inter / union > t(threshold)
        pos = i + 1
    return np.asarray(kept, np.int64)
