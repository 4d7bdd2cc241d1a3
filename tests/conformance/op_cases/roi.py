"""RoI ops: roi_align (sampling_ratio, adaptive grids, aligned, spatial_scale), roi_pool (ties,
empty bins, C round() of the scaled corners), generate_proposals_v2 (std::sort and
std::nth_element ranking, NMS on and off, eta, pixel_offset, images left with nothing),
distribute_fpn_proposals (levels, RestoreIndex, per-level LoD and RoIs counts), psroi_pool
(class / bin channels, C-rounded corners, spatial_scale, bins past the map, RoIs per image
by RoisNum or LoD) and collect_fpn_proposals (post_nms_topN over all levels, regrouped by
image; RoIs per image by MultiLevelRoIsNum or by LoD. Every image keeps a RoI: Paddle's
RoisNum is read out of bounds for an image left with none, and its LoD then skips that
image).

The RoIs' images come from RoisNum (int32 / int64) or from the ROIs' LoD. roi_align on int32
is Paddle's kernel instantiated for int (phi.kernels.funcs.roi): corners truncated after the
scale, one sample point per bin and the average's 1 / count truncated, so a bin is 0 unless
its grid is 1 x 1; cases over adaptive grids of 1 and more, sampling_ratio 1 and 2, scales
that make odd corners fractional, RoIs outside the map and an aligned one of negative extent
(its size_t bin wraps).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .spec import INF, NAN, Case, Drawn, In, LoDIn


def _levels(attrs: dict[str, Any]) -> int:
    return attrs["max_level"] - attrs["min_level"] + 1


#: Output slot -> the input slot whose tensor count it has, or a function of the attributes.
OUTPUT_COUNTS = {"distribute_fpn_proposals": {"MultiFpnRois": _levels,
                                              "MultiLevelRoIsNum": _levels}}


def rois(count: int, seed: int, *, width: float, height: float, dtype: str = "float32",
         lod: tuple[int, ...] | None = None, min_size: float = 0.5, max_size: float = 6.0,
         values: list | None = None) -> In:
    """RoIs [count, 4] inside a width x height map (corners in input pixels)."""
    if values is None:
        rng = np.random.default_rng(seed)
        size = rng.uniform(min_size, max_size, (count, 2))
        lo = rng.uniform(0, 1, (count, 2)) * (np.array([width, height]) - size)
        values = np.concatenate([lo, lo + size], axis=1).tolist()
    if lod is not None:
        return LoDIn((count, 4), dtype, values=values, lod=(lod,))
    return In((count, 4), dtype, values=values)


def _num(counts: list[int], dtype: str = "int32") -> In:
    return In((len(counts),), dtype, values=counts)


def _align(name: str, x: In, boxes: In, num: In | None = None, **attrs: Any) -> Case:
    inputs = {"X": x, "ROIs": boxes, **({"RoisNum": num} if num is not None else {})}
    return Case(f"roi_align_{name}", "roi_align", inputs,
                attrs={"pooled_height": 2, "pooled_width": 3, **attrs})


def _pool(name: str, x: In, boxes: In, num: In | None = None, **attrs: Any) -> Case:
    inputs = {"X": x, "ROIs": boxes, **({"RoisNum": num} if num is not None else {})}
    return Case(f"roi_pool_{name}", "roi_pool", inputs,
                attrs={"pooled_height": 2, "pooled_width": 3, **attrs})


_X = In((2, 3, 8, 10), "float32")
_EDGES_X = In((1, 2, 6, 7), "float32", special=(INF, NAN, -INF, 0.0, -0.0, NAN))
_OUTSIDE = [[-6.0, -5.0, -2.0, -1.5], [8.0, 5.0, 14.0, 9.0], [2.0, 1.0, 2.3, 1.2],
            [0.0, 0.0, 6.9, 5.9]]

ALIGN = [
    _align("basic", _X, rois(5, 1, width=10, height=8), _num([3, 2])),
    _align("sampling2_aligned", In((2, 3, 8, 10), "float64"),
           rois(4, 2, width=20, height=16, dtype="float64"), _num([1, 3], "int64"),
           sampling_ratio=2, spatial_scale=0.5, aligned=True),
    _align("lod", _X, rois(5, 3, width=10, height=8, lod=(0, 2, 5)), pooled_height=3,
           pooled_width=3),
    _align("large_rois_adaptive", In((1, 2, 12, 12), "float32"),
           rois(3, 4, width=12, height=12, min_size=6.0, max_size=11.0), _num([3]),
           pooled_height=2, pooled_width=2),
    _align("outside_and_tiny", _EDGES_X, rois(4, 0, width=7, height=6, values=_OUTSIDE),
           _num([4])),
    _align("aligned_degenerate", In((1, 1, 5, 5), "float32"),
           rois(2, 0, width=5, height=5, values=[[1.0, 1.0, 1.0, 3.0], [0.5, 0.5, 3.5, 2.5]]),
           _num([2]), aligned=True, sampling_ratio=-1),
    _align("empty", _X, In((0, 4), "float32"), _num([0, 0])),
    _align("int32_adaptive", In((2, 3, 8, 10), "int32", -20, 20),
           In((5, 4), "int32", values=[[0, 0, 3, 2], [1, 2, 9, 7], [4, 1, 7, 3], [3, 3, 3, 3],
                                       [2, 0, 8, 2]]), _num([3, 2])),
    _align("int32_scale_half_sampling1", In((2, 2, 6, 7), "int32", -20, 20),
           In((4, 4), "int32", values=[[1, 3, 9, 11], [3, 1, 13, 7], [0, 0, 5, 5],
                                       [7, 5, 11, 9]]), _num([1, 3], "int64"),
           sampling_ratio=1, spatial_scale=0.5),
    _align("int32_lod_scale", In((2, 2, 8, 9), "int32", -20, 20),
           LoDIn((4, 4), "int32", values=[[1, 1, 8, 7], [0, 2, 5, 9], [2, 2, 11, 11],
                                          [4, 0, 9, 4]], lod=((0, 1, 4),)),
           pooled_height=3, pooled_width=3, spatial_scale=0.7),
    _align("int32_outside", In((1, 2, 6, 7), "int32", -20, 20),
           In((5, 4), "int32", values=[[-6, -5, -2, -1], [-3, -2, 4, 3], [5, 4, 12, 9],
                                       [8, 7, 14, 9], [6, 5, 7, 6]]), _num([5]),
           sampling_ratio=1, pooled_height=2, pooled_width=2),
    _align("int32_aligned_degenerate", In((1, 2, 6, 7), "int32", -20, 20),
           In((3, 4), "int32", values=[[5, 4, 2, 1], [2, 2, 2, 2], [1, 0, 5, 5]]), _num([3]),
           aligned=True, sampling_ratio=1),
    _align("int32_sampling2_scale2", In((1, 2, 6, 7), "int32", -20, 20),
           In((2, 4), "int32", values=[[0, 0, 2, 2], [1, 1, 3, 2]]), _num([2]),
           sampling_ratio=2, spatial_scale=2.0),
    Case("roi_align_api", "roi_align",
         {"X": In((1, 2, 6, 6), "float32"), "ROIs": rois(3, 5, width=6, height=6),
          "RoisNum": _num([3])},
         api="paddle.vision.ops.roi_align", api_kwargs={"output_size": (2, 2)}),
]

_INT_ROIS = [[0, 0, 3, 3], [1, 2, 9, 7], [4, 1, 5, 6], [3, 3, 3, 3], [2, 0, 8, 2]]
POOL = [
    _pool("basic", _X, rois(5, 6, width=10, height=8), _num([3, 2])),
    _pool("float64_scale", In((2, 3, 8, 10), "float64"),
          rois(4, 0, width=20, height=16, dtype="float64",
               values=[[3.0, 5.0, 7.0, 9.0], [1.0, 1.0, 19.0, 15.0], [5.0, 3.0, 5.0, 3.0],
                       [0.9, 2.1, 11.0, 13.0]]), _num([2, 2]), spatial_scale=0.5),
    _pool("int32_ties", In((1, 2, 8, 10), "int32", -3, 3),
          In((5, 4), "int32", values=_INT_ROIS), _num([5]), pooled_height=3, pooled_width=2),
    _pool("lod", _X, rois(5, 7, width=10, height=8, lod=(0, 4, 5))),
    _pool("outside_edges", _EDGES_X, rois(4, 0, width=7, height=6, values=_OUTSIDE), _num([4]),
          pooled_height=3, pooled_width=3),
    _pool("empty", _X, In((0, 4), "float32"), _num([0, 0])),
    Case("roi_pool_api", "roi_pool",
         {"X": In((1, 2, 6, 6), "float32"), "ROIs": rois(3, 8, width=6, height=6),
          "RoisNum": _num([3])},
         api="paddle.vision.ops.roi_pool", api_kwargs={"output_size": 2}),
]


def grid_anchors(h: int, w: int, a: int, stride: float = 8.0) -> np.ndarray:
    """Anchors [h, w, a, 4]: squares of side stride * (k + 1) centred on each cell."""
    cy, cx = np.meshgrid(np.arange(h) * stride + stride / 2, np.arange(w) * stride + stride / 2,
                         indexing="ij")
    half = stride / 2 * (np.arange(a) + 1)
    return np.stack([cx[..., None] - half, cy[..., None] - half, cx[..., None] + half,
                     cy[..., None] + half], axis=-1)


def _proposals(name: str, *, n: int = 2, a: int = 3, h: int = 4, w: int = 5, seed: int = 0,
               dtype: str = "float32", step: float | None = None, outputs: tuple = ("RpnRoisNum",),
               **attrs: Any) -> Case:
    rng = np.random.default_rng(seed)
    scores = rng.uniform(0, 1, (n, a, h, w))
    if step:
        scores = np.floor(scores / step) * step
    deltas = rng.normal(0, 0.4, (n, 4 * a, h, w))
    anchors = grid_anchors(h, w, a)
    variances = np.broadcast_to([0.1, 0.1, 0.2, 0.2], anchors.shape)
    im = [[32.0, 40.0], [30.0, 36.0], [28.0, 40.0]][:n]
    inputs = {"Scores": In(scores.shape, dtype, values=scores.tolist()),
              "BboxDeltas": In(deltas.shape, dtype, values=deltas.tolist()),
              "ImShape": In((n, 2), dtype, values=im),
              "Anchors": In(anchors.shape, dtype, values=anchors.tolist()),
              "Variances": In(anchors.shape, dtype, values=variances.tolist())}
    base = {"pre_nms_topN": 30, "post_nms_topN": 10, "nms_thresh": 0.5, "min_size": 2.0,
            "eta": 1.0}
    return Case(f"generate_proposals_v2_{name}", "generate_proposals_v2", inputs,
                attrs={**base, **attrs}, outputs=outputs)


PROPOSALS = [
    _proposals("basic"),
    _proposals("no_rois_num", seed=1, outputs=()),
    _proposals("sort_all_ties", seed=2, step=0.125, pre_nms_topN=1000, nms_thresh=0.7,
               post_nms_topN=25),
    _proposals("nth_element_no_nms", seed=3, pre_nms_topN=20, nms_thresh=0.0),
    _proposals("nth_element_ties_no_nms", seed=4, step=0.25, pre_nms_topN=17, nms_thresh=-1.0),
    _proposals("sort_no_nms", seed=5, pre_nms_topN=0, nms_thresh=0.0, post_nms_topN=5),
    _proposals("eta_no_pixel_offset", seed=6, eta=0.8, nms_thresh=0.9, pixel_offset=False,
               min_size=0.5, post_nms_topN=-1),
    _proposals("float64", seed=7, dtype="float64", n=3),
    _proposals("all_filtered", seed=8, min_size=100.0),
    Case("generate_proposals_v2_api", "generate_proposals_v2",
         _proposals("api", n=1, seed=9).inputs, api="paddle.vision.ops.generate_proposals",
         api_kwargs={"pre_nms_top_n": 12, "post_nms_top_n": 6, "nms_thresh": 0.6,
                     "min_size": 1.0, "pixel_offset": True, "return_rois_num": True}),
]


def _fpn_boxes(m: int, seed: int) -> np.ndarray:
    """m boxes [x0, y0, x1, y1], sides log-uniform in [6, 400) (computed with np.exp, so a
    `Drawn`: the last ulp depends on the CPU's SIMD path)."""
    rng = np.random.default_rng(seed)
    side = np.exp(rng.uniform(np.log(6), np.log(400), (m, 2)))
    lo = rng.uniform(0, 200, (m, 2))
    return np.concatenate([lo, lo + side], axis=1)


def _fpn_rois(counts: list[int], seed: int, dtype: str = "float32",
              lod: bool = False) -> In:
    m = sum(counts)
    values = Drawn(_fpn_boxes, (m, seed))
    if lod:
        return LoDIn((m, 4), dtype, values=values,
                     lod=(tuple(np.cumsum([0, *counts]).tolist()),))
    return In((m, 4), dtype, values=values)


def _fpn(name: str, boxes: In, num: In | None, outputs: tuple = ("MultiLevelRoIsNum",),
         **attrs: Any) -> Case:
    inputs = {"FpnRois": boxes, **({"RoisNum": num} if num is not None else {})}
    return Case(f"distribute_fpn_proposals_{name}", "distribute_fpn_proposals", inputs,
                attrs={"min_level": 2, "max_level": 5, "refer_level": 4, "refer_scale": 56,
                       **attrs}, outputs=outputs)


FPN = [
    _fpn("basic", _fpn_rois([7, 9], 1), _num([7, 9])),
    _fpn("rois_num_int64_no_pixel_offset", _fpn_rois([5, 0, 8], 2, "float64"),
         _num([5, 0, 8], "int64"), pixel_offset=False),
    _fpn("lod", _fpn_rois([6, 6], 3, lod=True), None, outputs=()),
    _fpn("empty_levels", _fpn_rois([4], 4), _num([4]), min_level=1, max_level=7,
         refer_level=3, refer_scale=32),
    _fpn("degenerate_boxes", In((3, 4), "float32", values=[[5, 5, 4, 4], [0, 0, 0, 0],
                                                           [1, 1, 2, 1]]), _num([3])),
]


def _collect(name: str, counts: list[list[int]], top_n: int, *, lod: bool = False,
             dtype: str = "float32", with_num: bool = True) -> Case:
    """counts[level][image]: each level's RoIs per image, with distinct scores."""
    inputs: dict[str, Any] = {"MultiLevelRois": [], "MultiLevelScores": []}
    for level, per_image in enumerate(counts):
        offsets = tuple(np.cumsum([0, *per_image]).tolist())
        m = offsets[-1]
        boxes = _fpn_rois(per_image, 20 + level, dtype, lod=lod)
        inputs["MultiLevelRois"].append(boxes)
        inputs["MultiLevelScores"].append(
            LoDIn((m, 1), dtype, 0.0, 1.0, lod=(offsets,)) if lod else In((m, 1), dtype, 0, 1))
    if with_num:
        inputs["MultiLevelRoIsNum"] = [_num(per_image) for per_image in counts]
    return Case(f"collect_fpn_proposals_{name}", "collect_fpn_proposals", inputs,
                attrs={"post_nms_topN": top_n}, outputs=("RoisNum",) if with_num else ())


COLLECT = [
    _collect("basic", [[3, 2], [4, 1], [2, 3]], 9),
    _collect("float64_all_kept", [[2, 2], [1, 3]], 100, dtype="float64"),
    _collect("lod", [[3, 4], [2, 2]], 6, lod=True, with_num=False),
    _collect("three_images", [[2, 1, 3], [1, 2, 2]], 8),
    _collect("top0", [[2, 1], [1, 2]], 0, lod=True, with_num=False),
]


def _ps(name: str, x: In, boxes: In, num: In | None = None, **attrs: Any) -> Case:
    inputs = {"X": x, "ROIs": boxes, **({"RoisNum": num} if num is not None else {})}
    return Case(f"psroi_pool_{name}", "psroi_pool", inputs,
                attrs={"pooled_height": 2, "pooled_width": 3, "output_channels": 2, **attrs})


PSROI = [
    *(_ps(f"basic_{dt}", In((2, 12, 8, 9), dt, -2.0, 2.0),
          rois(5, 31, width=9.0, height=8.0, dtype=dt), _num([3, 2])) for dt in ("float32",
                                                                                "float64")),
    _ps("lod_scale_half", In((1, 12, 6, 7), "float32", -2.0, 2.0),
        rois(4, 32, width=13.0, height=11.0, lod=(0, 4)), spatial_scale=0.5),
    _ps("round_half_and_outside", In((1, 12, 5, 5), "float64", -2.0, 2.0),
        rois(4, 0, width=5.0, height=5.0, dtype="float64",
             values=[[0.5, 1.5, 2.5, 3.49], [-3.0, -2.0, 7.6, 8.0], [4.0, 4.0, 4.0, 4.0],
                     [6.0, 6.0, 9.0, 9.0]]), _num([4])),
    _ps("bins1x1_classes3", In((2, 3, 4, 4), "float32", -2.0, 2.0),
        rois(3, 33, width=4.0, height=4.0), _num([1, 2]), pooled_height=1, pooled_width=1,
        output_channels=3),
    _ps("edges", In((1, 6, 4, 4), "float32", special=(NAN, INF, -INF)),
        rois(2, 34, width=4.0, height=4.0), _num([2]), pooled_height=1, pooled_width=3),
]

CASES = [*ALIGN, *POOL, *PROPOSALS, *FPN, *COLLECT, *PSROI]
