"""RPN proposals and FPN level assignment as Paddle's CPU kernels do them:
generate_proposals_v2 and distribute_fpn_proposals (shared by the PHI and legacy kernels).

generate_proposals_v2, per image: rank the anchors' scores (std::sort, or std::nth_element
for the best pre_nms_topN, whose order it leaves unsorted: replayed by
phi.kernels.funcs.std_order), decode the deltas against the anchors (log-space deltas
clipped at log(1000 / 16)), clip to the image, drop small boxes (and, with pixel_offset,
boxes whose center lies outside the image), greedy NMS (highest score first, equal scores
latest first, as Paddle's ascending stable sort read from the back) and keep post_nms_topN.
An image left with no box yields one zero box with score 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet, to_host
from phi.kernels.funcs.nms import box_area, greedy_nms
from phi.kernels.funcs.std_order import nth_element_order, sort_order

#: log(1000 / 16): the largest log-space width / height delta applied.
BBOX_CLIP = math.log(1000.0 / 16.0)


def proposal_dims(scores: Sequence[int], deltas: Sequence[int], im_shape: Sequence[int],
                  anchors: Sequence[int], variances: Sequence[int]) -> int:
    """Check Scores [N, A, H, W], BboxDeltas [N, 4A, H, W], ImShape [N, 2], Anchors and
    Variances [H, W, A, 4]; returns N."""
    op = "generate_proposals_v2"
    if len(scores) != 4 or len(deltas) != 4:
        raise ValueError(f"{op}: Scores and BboxDeltas must be 4-D, got {list(scores)} and "
                         f"{list(deltas)}")
    n, a, h, w = scores
    if tuple(deltas) != (n, 4 * a, h, w):
        raise ValueError(f"{op}: BboxDeltas must be [N, 4A, H, W] = {[n, 4 * a, h, w]}, got "
                         f"{list(deltas)}")
    if tuple(im_shape) != (n, 2):
        raise ValueError(f"{op}: ImShape must be [N, 2] = {[n, 2]}, got {list(im_shape)}")
    for name, dims in (("Anchors", anchors), ("Variances", variances)):
        if math.prod(dims) != h * w * a * 4 or dims[-1] != 4:
            raise ValueError(f"{op}: {name} must hold H * W * A boxes [.., 4] = "
                             f"{h * w * a} boxes, got {list(dims)}")
    return n


def _decode(anchors: np.ndarray, deltas: np.ndarray, var: np.ndarray, offset: Any) -> np.ndarray:
    t = anchors.dtype.type
    aw = anchors[:, 2] - anchors[:, 0] + offset
    ah = anchors[:, 3] - anchors[:, 1] + offset
    acx = (anchors[:, 0] + 0.5 * aw.astype(np.float64)).astype(anchors.dtype)
    acy = (anchors[:, 1] + 0.5 * ah.astype(np.float64)).astype(anchors.dtype)
    clip = t(BBOX_CLIP)
    cx = var[:, 0] * deltas[:, 0] * aw + acx
    cy = var[:, 1] * deltas[:, 1] * ah + acy
    vw, vh = var[:, 2] * deltas[:, 2], var[:, 3] * deltas[:, 3]
    bw = np.exp(np.where(clip < vw, clip, vw)) * aw
    bh = np.exp(np.where(clip < vh, clip, vh)) * ah
    return np.stack([cx - bw / 2, cy - bh / 2, cx + bw / 2 - offset, cy + bh / 2 - offset], 1)


def _clip(boxes: np.ndarray, im_h: Any, im_w: Any, offset: Any) -> np.ndarray:
    """std::max(std::min(v, bound - offset), 0)."""
    bound = np.array([im_w, im_h, im_w, im_h], boxes.dtype) - offset
    low = np.where(bound < boxes, bound, boxes)
    return np.where(low < 0, boxes.dtype.type(0), low)


def _kept_sizes(boxes: np.ndarray, im_h: Any, im_w: Any, min_size: float,
                pixel_offset: bool, offset: Any) -> np.ndarray:
    t = boxes.dtype.type
    ws = boxes[:, 2] - boxes[:, 0] + offset
    hs = boxes[:, 3] - boxes[:, 1] + offset
    m = t(max(np.float32(min_size), np.float32(1.0)))
    keep = (ws >= m) & (hs >= m)
    if pixel_offset:
        keep &= (boxes[:, 0] + ws / 2 <= im_w) & (boxes[:, 1] + hs / 2 <= im_h)
    return np.flatnonzero(keep)


def proposals_one(xp: Any, scores: np.ndarray, deltas: np.ndarray, im_shape: np.ndarray,
                  anchors: np.ndarray, variances: np.ndarray, pre_nms_top_n: int,
                  post_nms_top_n: int, nms_thresh: float, min_size: float, eta: float,
                  pixel_offset: bool) -> tuple[np.ndarray, np.ndarray]:
    """One image: scores [K], deltas / anchors / variances [K, 4] in (h, w, a) order;
    returns (rois [P, 4], probs [P])."""
    if np.isnan(scores).any():
        raise ValueError("generate_proposals_v2: Scores hold NaN, which Paddle's std::sort / "
                         "std::nth_element rank in no defined order")
    t = scores.dtype.type
    if pre_nms_top_n <= 0 or pre_nms_top_n >= scores.size:
        order = sort_order(scores)
    else:
        order = nth_element_order(scores, pre_nms_top_n)[:pre_nms_top_n]
    offset = t(1 if pixel_offset else 0)
    with np.errstate(all="ignore"):
        boxes = _decode(anchors[order], deltas[order], variances[order], offset)
        boxes = _clip(boxes, im_shape[0], im_shape[1], offset)
        keep = _kept_sizes(boxes, im_shape[0], im_shape[1], min_size, pixel_offset, offset)
    if keep.size == 0:
        return np.zeros((1, 4), scores.dtype), np.zeros(1, scores.dtype)
    boxes, probs = boxes[keep], scores[order][keep]
    if nms_thresh <= 0:
        return boxes, probs
    ranked = np.argsort(probs, kind="stable")[::-1]
    kept = ranked[greedy_nms(xp, xp.asarray(boxes[ranked]), nms_thresh, eta, not pixel_offset)]
    if 0 < post_nms_top_n < kept.size:
        kept = kept[:post_nms_top_n]
    return boxes[kept], probs[kept]


def generate_proposals(xp: Any, scores: Any, deltas: Any, im_shape: Any, anchors: Any,
                       variances: Any, pre_nms_top_n: int, post_nms_top_n: int,
                       nms_thresh: float, min_size: float, eta: float, pixel_offset: bool
                       ) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Every image: (RpnRois [P, 4], RpnRoiProbs [P, 1], proposals per image)."""
    s, d = to_host(scores), to_host(deltas)
    n = s.shape[0]
    # explicit dims, not -1: n may be 0
    flat_scores = s.transpose(0, 2, 3, 1).reshape(n, math.prod(s.shape[1:]))
    flat_deltas = d.transpose(0, 2, 3, 1).reshape(n, math.prod(d.shape[1:]) // 4, 4)
    anc = to_host(anchors).reshape(-1, 4)
    var = to_host(variances).reshape(-1, 4)
    shapes = to_host(im_shape)
    rois, probs = [], []
    with quiet(np):
        for i in range(n):
            r, p = proposals_one(xp, flat_scores[i], flat_deltas[i], shapes[i], anc, var,
                                 pre_nms_top_n, post_nms_top_n, nms_thresh, min_size, eta,
                                 pixel_offset)
            rois.append(r)
            probs.append(p)
    counts = [r.shape[0] for r in rois]
    all_rois = np.concatenate(rois) if rois else np.zeros((0, 4), s.dtype)
    all_probs = np.concatenate(probs).reshape(-1, 1) if probs else np.zeros((0, 1), s.dtype)
    return all_rois, all_probs, counts


# -- distribute_fpn_proposals -----------------------------------------------------------------

def fpn_levels(rois: np.ndarray, min_level: int, max_level: int, refer_level: int,
               refer_scale: int, pixel_offset: bool) -> np.ndarray:
    """Each RoI's level: floor(log2(sqrt(area) / refer_scale + 1e-6) + refer_level), clipped
    to [min_level, max_level]."""
    t = rois.dtype.type
    with np.errstate(all="ignore"):
        scale = np.sqrt(box_area(np, rois, not pixel_offset))
        level = np.floor(np.log2(scale / t(refer_scale) + t(1e-6)) + t(refer_level))
    return np.clip(level, min_level, max_level).astype(np.int64)


def distribute_fpn_proposals(rois: Any, offsets: Sequence[int], min_level: int, max_level: int,
                             refer_level: int, refer_scale: int, pixel_offset: bool
                             ) -> tuple[list[np.ndarray], list[list[int]], np.ndarray]:
    """RoIs [R, 4] of images delimited by `offsets` -> per level: the RoIs (by image, in
    input order), their per-image offsets; and RestoreIndex [R, 1]: where each input RoI
    landed in the levels' concatenation."""
    host = to_host(rois)
    levels = fpn_levels(host, min_level, max_level, refer_level, refer_scale, pixel_offset)
    image = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
    order = np.lexsort((np.arange(levels.size), image, levels))  # level, image, input order
    restore = np.empty(levels.size, np.int32)
    restore[order] = np.arange(levels.size, dtype=np.int32)
    per_level, lods = [], []
    for lvl in range(min_level, max_level + 1):
        mine = order[levels[order] == lvl]
        per_level.append(host[mine])
        counts = np.bincount(image[mine], minlength=len(offsets) - 1)
        lods.append([0, *np.cumsum(counts).tolist()])
    return per_level, lods, restore.reshape(-1, 1)


def check_fpn(rois_dims: Sequence[int], min_level: int, max_level: int, outputs: int) -> int:
    """FpnRois [R, 4]; one MultiFpnRois output per level. Returns the number of levels."""
    op = "distribute_fpn_proposals"
    if len(rois_dims) != 2 or rois_dims[1] != 4:
        raise ValueError(f"{op}: FpnRois must be [R, 4], got {list(rois_dims)}")
    levels = max_level - min_level + 1
    if levels < 1:
        raise ValueError(f"{op}: max_level {max_level} is below min_level {min_level}")
    if outputs != levels:
        raise ValueError(f"{op}: levels {min_level}..{max_level} need {levels} MultiFpnRois "
                         f"outputs, the op has {outputs}")
    return levels


def roi_offsets(rois: int, rois_num: Any | None, lod: Sequence[Sequence[int]],
                op: str = "distribute_fpn_proposals") -> list[int]:
    """Each image's first RoI (and the end), from RoisNum or from the one-level LoD."""
    if rois_num is not None:
        offsets = [0, *np.cumsum(to_host(rois_num).reshape(-1)).tolist()]
    elif len(lod) == 1:
        offsets = [int(v) for v in lod[0]]
    else:
        raise ValueError(f"{op}: without RoisNum, FpnRois needs a one-level LoD, got {lod}")
    if offsets[-1] != rois or np.any(np.diff(offsets) < 0):
        raise ValueError(f"{op}: image offsets {offsets} do not cover the {rois} RoIs")
    return offsets


def counts_of(lod: Sequence[int]) -> np.ndarray:
    """Per-image counts of a LoD level (int32)."""
    return np.diff(np.asarray(lod, np.int64)).astype(np.int32)



# -- collect_fpn_proposals ------------------------------------------------------------------

def check_collect(rois_dims: Sequence[Sequence[int]], scores_dims: Sequence[Sequence[int]],
                  post_nms_top_n: int) -> None:
    """One [R_l, 4] MultiLevelRois and one [R_l, 1] MultiLevelScores per level."""
    op = "collect_fpn_proposals"
    if len(rois_dims) != len(scores_dims) or not rois_dims:
        raise ValueError(f"{op}: MultiLevelRois ({len(rois_dims)}) and MultiLevelScores "
                         f"({len(scores_dims)}) must hold one tensor per level")
    for level, (r, s) in enumerate(zip(rois_dims, scores_dims)):
        if len(r) != 2 or r[1] != 4 or list(s) not in ([r[0], 1], [r[0]]):
            raise ValueError(f"{op}: level {level}: RoIs must be [R, 4] and scores [R, 1], "
                             f"got {list(r)} and {list(s)}")
    if post_nms_top_n < 0:
        raise ValueError(f"{op}: post_nms_topN must not be negative, got {post_nms_top_n}")


def collect_fpn_proposals(rois: Sequence[Any], scores: Sequence[Any],
                          level_offsets: Sequence[Sequence[int]], post_nms_top_n: int
                          ) -> tuple[np.ndarray, list[int], np.ndarray]:
    """The post_nms_topN best-scored RoIs of all levels (stable: level, then row order on
    ties), regrouped by image -> (RoIs [K, 4], the LoD Paddle writes: an offset wherever the
    image id changes, counting from image 0, so an image left with no RoI gets no sequence
    of its own; RoIs per image [N] int32, 0 for such an image)."""
    host = np.concatenate([to_host(r).reshape(-1, 4) for r in rois])
    score = np.concatenate([to_host(s).reshape(-1) for s in scores])
    image = np.concatenate([np.repeat(np.arange(len(o) - 1), np.diff(o))
                            for o in level_offsets])
    keep = np.argsort(-score, kind="stable")[:post_nms_top_n]
    keep = keep[np.argsort(image[keep], kind="stable")]
    picked = image[keep]
    changes = np.flatnonzero(np.diff(np.concatenate([[0], picked])))  # from image 0 on
    lod = [0, *changes.tolist(), len(keep)]
    counts = np.bincount(picked, minlength=len(level_offsets[0]) - 1).astype(np.int32)
    return host[keep], lod, counts
