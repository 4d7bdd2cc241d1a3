"""Non-maximum suppression: multiclass_nms3, multiclass_nms (v1), matrix_nms and nms.

Data-dependent outputs must match Paddle exactly: row order, ties (quantised scores, equal
boxes; float64 scores that tie only once rounded to float32, as Paddle ranks them), the
adaptive threshold (nms_eta), keep_top_k across classes, empty results (v1's [[-1]] with
its LoD, v3's [0, 6] and Index [0, 1]), NmsRoisNum / RoisNum, and Index into the flattened
scores. Both input layouts: batched (BBoxes [N, M, 4], Scores [N, C, M]) and per-class boxes
with the images delimited by RoisNum or by BBoxes' LoD (BBoxes [M, C, 4], Scores [M, C]).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .spec import NAN, Case, In, LoDIn


def cluster_boxes(shape: tuple[int, ...], seed: int, *, scale: float = 1.0,
                  centers: int = 4) -> np.ndarray:
    """Boxes [..., 4] jittered around a few centers (so that many overlap), in [0, scale)."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape[:-1]))
    c = rng.uniform(0.2, 0.8, (centers, 2))[rng.integers(0, centers, n)]
    c = c + rng.normal(0, 0.04, (n, 2))
    half = rng.uniform(0.05, 0.15, (n, 2))
    return (np.concatenate([c - half, c + half], axis=1) * scale).reshape(shape)


def scores(shape: tuple[int, ...], seed: int, *, step: float | None = None) -> np.ndarray:
    """Scores in [0, 1); `step` quantises them (ties)."""
    s = np.random.default_rng(seed).uniform(0, 1, shape)
    return np.floor(s / step) * step if step else s


def _in(values: np.ndarray, dtype: str, lod: tuple | None = None) -> In:
    if lod is not None:
        return LoDIn(values.shape, dtype, values=values.tolist(), lod=(lod,))
    return In(values.shape, dtype, values=values.tolist())


_NMS = {"score_threshold": 0.1, "nms_top_k": 8, "keep_top_k": 10, "nms_threshold": 0.4}


def _batched(op: str, name: str, *, n: int = 2, m: int = 12, c: int = 3, dtype: str = "float32",
             seed: int = 0, step: float | None = None, scale: float = 1.0,
             box_values: np.ndarray | None = None, score_values: np.ndarray | None = None,
             outputs: tuple[str, ...] = (), **attrs: Any) -> Case:
    b = cluster_boxes((n, m, 4), seed, scale=scale) if box_values is None else box_values
    s = scores((n, c, m), seed + 1, step=step) if score_values is None else score_values
    base = _NMS if op != "matrix_nms" else {"score_threshold": 0.1, "nms_top_k": 8,
                                            "keep_top_k": 10}
    return Case(f"{op}_{name}", op, {"BBoxes": _in(b, dtype), "Scores": _in(s, dtype)},
                attrs={**base, **attrs}, outputs=outputs)


def _per_class(op: str, name: str, counts: list[int], *, c: int = 3, dtype: str = "float32",
               seed: int = 0, rois_num: str | None = "int32", outputs: tuple[str, ...] = (),
               **attrs: Any) -> Case:
    """BBoxes [M, C, 4] and Scores [M, C]; images by RoisNum (its dtype) or by BBoxes' LoD."""
    m = sum(counts)
    b = cluster_boxes((m, c, 4), seed)
    s = scores((m, c), seed + 1)
    lod = None if rois_num else tuple(np.cumsum([0, *counts]).tolist())
    inputs = {"BBoxes": _in(b, dtype, lod), "Scores": _in(s, dtype)}
    if rois_num:
        inputs["RoisNum"] = In((len(counts),), rois_num, values=counts)
    return Case(f"{op}_{name}", op, inputs, attrs={**_NMS, **attrs}, outputs=outputs)


def _dup_boxes() -> np.ndarray:
    b = cluster_boxes((1, 10, 4), 40)
    b[0, 5] = b[0, 2]
    b[0, 7] = b[0, 2]
    return b


def _edge_scores() -> np.ndarray:
    s = scores((1, 2, 8), 41)
    s[0, 1, [0, 3]] = NAN
    return s


def _edge_boxes() -> np.ndarray:
    b = cluster_boxes((1, 8, 4), 42)
    b[0, 1] = [0.5, 0.5, 0.3, 0.3]  # inverted: area 0
    b[0, 2, 0] = NAN
    return b


def _f64_near_ties() -> np.ndarray:
    s = scores((1, 2, 10), 43)
    s[0, 1, 3] = s[0, 1, 1] + 1e-12  # equal once rounded to float32
    s[0, 1, 7] = s[0, 1, 1] - 1e-12
    return s


_V3 = ("NmsRoisNum",)
MULTICLASS_NMS3 = [
    _batched("multiclass_nms3", "basic", outputs=_V3),
    _batched("multiclass_nms3", "ties", step=0.125, seed=2, outputs=_V3),
    _batched("multiclass_nms3", "dup_boxes_all_classes", n=1, m=10, box_values=_dup_boxes(),
             step=0.25, background_label=-1, nms_top_k=-1, keep_top_k=-1, outputs=_V3),
    _batched("multiclass_nms3", "eta", seed=4, nms_threshold=0.9, nms_eta=0.6, nms_top_k=-1,
             keep_top_k=-1, outputs=_V3),
    _batched("multiclass_nms3", "pixels", seed=5, scale=60.0, normalized=False,
             background_label=2, outputs=_V3),
    _batched("multiclass_nms3", "keep_top_k_cut", n=3, seed=6, keep_top_k=4, nms_top_k=-1,
             c=4, outputs=_V3),
    _batched("multiclass_nms3", "float64", dtype="float64", seed=7, outputs=_V3),
    _batched("multiclass_nms3", "float64_float32_ties", n=1, m=10, c=2, dtype="float64",
             score_values=_f64_near_ties(), seed=8, nms_threshold=0.95, outputs=_V3),
    _batched("multiclass_nms3", "nan", n=1, m=8, c=2, box_values=_edge_boxes(),
             score_values=_edge_scores(), background_label=-1, outputs=_V3),
    _batched("multiclass_nms3", "empty", score_threshold=0.99, seed=9, outputs=_V3),
    _batched("multiclass_nms3", "one_image_empty", n=2, seed=10, score_threshold=0.5,
             score_values=np.concatenate([scores((1, 3, 12), 11) * 0.4,
                                          scores((1, 3, 12), 12)]), outputs=_V3),
    _per_class("multiclass_nms3", "rois_num", [5, 0, 7], outputs=_V3),
    _per_class("multiclass_nms3", "rois_num_int64_keep_top_k", [6, 6], rois_num="int64",
               seed=13, keep_top_k=5, nms_top_k=-1, outputs=_V3),
    _per_class("multiclass_nms3", "lod", [4, 9], rois_num=None, seed=14, outputs=_V3),
]

MULTICLASS_NMS = [
    _batched("multiclass_nms", "basic"),
    _batched("multiclass_nms", "float64_keep_top_k", dtype="float64", seed=20, keep_top_k=3),
    _batched("multiclass_nms", "empty", score_threshold=0.99, seed=21),
    _batched("multiclass_nms", "ties_eta", step=0.125, seed=22, nms_eta=0.5,
             nms_threshold=0.7),
    _per_class("multiclass_nms", "lod", [7, 0, 5], rois_num=None, seed=23),
]

MATRIX_NMS = [
    _batched("matrix_nms", "basic", outputs=("RoisNum",)),
    _batched("matrix_nms", "no_rois_num", seed=30),
    _batched("matrix_nms", "gaussian", seed=31, use_gaussian=True, gaussian_sigma=3.0,
             post_threshold=0.05, outputs=("RoisNum",)),
    _batched("matrix_nms", "post_threshold", seed=32, post_threshold=0.3, nms_top_k=-1,
             keep_top_k=-1, outputs=("RoisNum",)),
    _batched("matrix_nms", "ties", seed=33, step=0.125, m=16, nms_top_k=9, keep_top_k=11,
             outputs=("RoisNum",)),
    _batched("matrix_nms", "ties_dup_boxes", n=1, m=10, box_values=_dup_boxes(), step=0.25,
             background_label=-1, nms_top_k=-1, keep_top_k=-1, outputs=("RoisNum",)),
    _batched("matrix_nms", "float64_pixels", dtype="float64", seed=34, scale=50.0,
             normalized=False, background_label=1, outputs=("RoisNum",)),
    _batched("matrix_nms", "nan", n=1, m=8, c=2, box_values=_edge_boxes(),
             score_values=_edge_scores(), background_label=-1, outputs=("RoisNum",)),
    _batched("matrix_nms", "empty", score_threshold=0.99, seed=35, outputs=("RoisNum",)),
]


def _ranked_boxes(m: int, seed: int, dtype: str = "float32") -> In:
    return _in(cluster_boxes((m, 4), seed, scale=20.0), dtype)


NMS = [
    Case("nms_basic", "nms", {"Boxes": _ranked_boxes(12, 50)}, attrs={"iou_threshold": 0.3}),
    Case("nms_float64", "nms", {"Boxes": _ranked_boxes(15, 51, "float64")},
         attrs={"iou_threshold": 0.5}),
    Case("nms_default_threshold", "nms", {"Boxes": _ranked_boxes(6, 52)}),
    Case("nms_dup_and_inverted", "nms",
         {"Boxes": In((5, 4), "float32", values=[[0, 0, 4, 4], [0, 0, 4, 4], [5, 5, 1, 1],
                                                  [1, 1, 5, 5], [6, 6, 9, 9]])},
         attrs={"iou_threshold": 0.2}),
]

CASES = [*MULTICLASS_NMS3, *MULTICLASS_NMS, *MATRIX_NMS, *NMS]
