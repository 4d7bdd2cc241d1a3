"""Grads of roi_align, roi_pool and psroi_pool (forward cases in roi.py): X@GRAD over
sampling_ratio, adaptive grids, aligned, spatial_scale, RoIs partly or wholly outside the
map and tiny ones, RoIs per image by RoisNum (int32 / int64) or by LoD, no RoIs at all;
roi_pool's ties (its Argmax, fed from the forward, picks the pixel), int32 and empty bins;
psroi_pool's class / bin channels and empty bins; float32 and float64.

Not exported: roi_align with aligned=True and a RoI narrower or lower than one pixel.
Paddle 3.3.1's roi_align_grad widens every RoI to at least one pixel, its forward only
when not aligned, so there its X@GRAD is not its forward's gradient (a RoI [1, 1, 1, 3],
aligned: the forward samples one column, the grad spreads over two); fluidphi's is the
forward's gradient (its finite-difference case in tests/api/grad_fd/roi_grad.py).

roi_align_grad on int32 is Paddle 3.3.1's grad kernel instantiated for int (not the forward's
gradient; phi.kernels.funcs.roi_grad): the cotangents are -1 or 0, so a tap adds -1 where its
bin's grid is 1 x 1 and 0 (trunc(-1 / count), not floor) elsewhere; cases over sampling_ratio
1 and adaptive grids, a scale that makes odd corners fractional, RoIs outside the map,
aligned (no effect on int32: its offset is int(0.5) = 0 and the grad widens every RoI) and a
LoD. RoisNum is int32: Paddle's grad kernel reads it as int32 whatever its dtype.
"""

from __future__ import annotations

from typing import Any

from .roi import rois
from .spec import Case, GradCase, In, LoDIn


def _num(counts: list[int], dtype: str = "int32") -> In:
    return In((len(counts),), dtype, values=counts)


def _inputs(x: In, boxes: In, num: In | None) -> dict[str, Any]:
    return {"X": x, "ROIs": boxes, **({"RoisNum": num} if num is not None else {})}


def _align(name: str, x: In, boxes: In, num: In | None = None, **attrs: Any) -> GradCase:
    return GradCase(Case(f"roi_align_{name}", "roi_align", _inputs(x, boxes, num),
                         attrs={"pooled_height": 2, "pooled_width": 3, **attrs}), ("X",))


def _pool(name: str, x: In, boxes: In, num: In | None = None, **attrs: Any) -> GradCase:
    return GradCase(Case(f"roi_pool_{name}", "roi_pool", _inputs(x, boxes, num),
                         attrs={"pooled_height": 2, "pooled_width": 3, **attrs}), ("X",),
                    of=("Out",))


def _ps(name: str, x: In, boxes: In, num: In | None = None, **attrs: Any) -> GradCase:
    return GradCase(Case(f"psroi_pool_{name}", "psroi_pool", _inputs(x, boxes, num),
                         attrs={"pooled_height": 2, "pooled_width": 3, "output_channels": 2,
                                **attrs}), ("X",))


_X = In((2, 3, 8, 10), "float32")
_OUTSIDE = [[-6.0, -5.0, -2.0, -1.5], [8.0, 5.0, 14.0, 9.0], [2.0, 1.0, 2.3, 1.2],
            [0.0, 0.0, 6.9, 5.9]]
_INT_ROIS = [[0, 0, 3, 3], [1, 2, 9, 7], [4, 1, 5, 6], [3, 3, 3, 3], [2, 0, 8, 2]]

GRAD_CASES = [
    _align("basic", _X, rois(5, 1, width=10, height=8), _num([3, 2])),
    _align("sampling2_aligned", In((2, 3, 8, 10), "float64"),
           rois(4, 2, width=20, height=16, dtype="float64", min_size=2.5),
           _num([1, 3], "int64"),
           sampling_ratio=2, spatial_scale=0.5, aligned=True),
    _align("lod", _X, rois(5, 3, width=10, height=8, lod=(0, 2, 5)), pooled_height=3,
           pooled_width=3),
    _align("large_rois_adaptive", In((1, 2, 12, 12), "float32"),
           rois(3, 4, width=12, height=12, min_size=6.0, max_size=11.0), _num([3]),
           pooled_height=2, pooled_width=2),
    _align("outside_and_tiny", In((1, 2, 6, 7), "float32"),
           rois(4, 0, width=7, height=6, values=_OUTSIDE), _num([4])),
    _align("aligned_small", In((1, 1, 5, 5), "float32"),
           rois(2, 0, width=5, height=5, values=[[1.0, 1.0, 2.0, 3.0], [0.5, 0.5, 3.5, 2.5]]),
           _num([2]), aligned=True, sampling_ratio=-1),
    _align("empty", _X, In((0, 4), "float32"), _num([0, 0])),
    _align("int32_sampling1_scale_half", In((2, 2, 6, 7), "int32", -20, 20),
           In((4, 4), "int32", values=[[1, 3, 9, 11], [3, 1, 13, 7], [0, 0, 5, 5],
                                       [7, 5, 11, 9]]), _num([1, 3]),
           sampling_ratio=1, spatial_scale=0.5),
    _align("int32_adaptive_lod", In((2, 2, 8, 9), "int32", -20, 20),
           LoDIn((4, 4), "int32", values=[[0, 0, 3, 2], [1, 2, 9, 7], [4, 1, 7, 3],
                                          [2, 0, 8, 2]], lod=((0, 2, 4),))),
    _align("int32_outside_aligned", In((1, 2, 6, 7), "int32", -20, 20),
           In((5, 4), "int32", values=[[-6, -5, -2, -1], [-3, -2, 4, 3], [5, 4, 12, 9],
                                       [8, 7, 14, 9], [6, 5, 6, 5]]), _num([5]),
           sampling_ratio=1, pooled_height=2, pooled_width=2, aligned=True),
    _pool("basic", _X, rois(5, 6, width=10, height=8), _num([3, 2])),
    _pool("float64_scale", In((2, 3, 8, 10), "float64"),
          rois(4, 0, width=20, height=16, dtype="float64",
               values=[[3.0, 5.0, 7.0, 9.0], [1.0, 1.0, 19.0, 15.0], [5.0, 3.0, 5.0, 3.0],
                       [0.9, 2.1, 11.0, 13.0]]), _num([2, 2]), spatial_scale=0.5),
    _pool("int32_ties", In((1, 2, 8, 10), "int32", -3, 3),
          In((5, 4), "int32", values=_INT_ROIS), _num([5]), pooled_height=3, pooled_width=2),
    _pool("lod", _X, rois(5, 7, width=10, height=8, lod=(0, 4, 5))),
    _pool("outside", In((1, 2, 6, 7), "float32"), rois(4, 0, width=7, height=6,
                                                       values=_OUTSIDE), _num([4]),
          pooled_height=3, pooled_width=3),
    _pool("empty", _X, In((0, 4), "float32"), _num([0, 0])),
    *(_ps(f"basic_{dt}", In((2, 12, 8, 9), dt, -2.0, 2.0),
          rois(5, 31, width=9.0, height=8.0, dtype=dt), _num([3, 2]))
      for dt in ("float32", "float64")),
    _ps("lod_scale_half", In((1, 12, 6, 7), "float32", -2.0, 2.0),
        rois(4, 32, width=13.0, height=11.0, lod=(0, 4)), spatial_scale=0.5),
    _ps("round_half_and_outside", In((1, 12, 5, 5), "float64", -2.0, 2.0),
        rois(4, 0, width=5.0, height=5.0, dtype="float64",
             values=[[0.5, 1.5, 2.5, 3.49], [-3.0, -2.0, 7.6, 8.0], [4.0, 4.0, 4.0, 4.0],
                     [6.0, 6.0, 9.0, 9.0]]), _num([4])),
    _ps("bins1x1_classes3", In((2, 3, 4, 4), "float32", -2.0, 2.0),
        rois(3, 33, width=4.0, height=4.0), _num([1, 2]), pooled_height=1, pooled_width=1,
        output_channels=3),
]
