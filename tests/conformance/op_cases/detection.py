"""Detection box ops: yolo_box (conf_thresh, clip_bbox, scale_x_y, iou_aware), prior_box
(min/max sizes, aspect ratios, flip, clip, steps, offset, min_max_aspect_ratios_order),
anchor_generator and box_coder (encode / decode_center_size, box_normalized, axis, variance
as an input or an attribute), box_clip (boxes per image by Input's LoD clipped to
[0, C round(width / scale) - 1] x [0, round(height / scale) - 1]), bipartite_match (greedy
matching per LoD instance, per_prediction, ties, distances under 1e-6, NaN; under 130 rows
per instance: Paddle's other code path from 130 rows on breaks ties by an unstable sort),
yolov3_loss (anchor masks, GTScore, label smoothing on / off, scale_x_y, ignore_thresh,
invalid ground truths of zero width, two ground truths in one cell; the intermediate
ObjectnessMask and GTMatchMask are fetched too).

Float32 and float64 (Paddle's CPU dtypes), batch 1 and more, empty inputs where the kernels
take them, and edge values (NaN / inf logits, degenerate boxes). `box_coder` decode with
the `variance` attribute on float64 is left out: Paddle reads the float attribute through
a double pointer there (garbage); fluidphi decodes with the attribute's values.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .spec import FLOATS, INF, NAN, Case, In, LoDIn

_ANCHORS = [10, 13, 16, 30, 33, 23]


def boxes(shape: tuple[int, ...], dtype: str, seed: int, *, scale: float = 1.0) -> In:
    """Valid boxes [..., 4] (x1 < x2, y1 < y2) in [0, scale)."""
    rng = np.random.default_rng(seed)
    lo = rng.uniform(0, 0.6 * scale, (*shape[:-1], 2))
    size = rng.uniform(0.05 * scale, 0.4 * scale, (*shape[:-1], 2))
    return In(shape, dtype, values=np.concatenate([lo, lo + size], axis=-1).tolist())


def ints(values: Any, dtype: str = "int32") -> In:
    return In(np.asarray(values).shape, dtype, values=values)


def _yolo(name: str, *, n: int = 2, anchors: list[int] = _ANCHORS, classes: int = 3,
          h: int = 3, w: int = 4, dtype: str = "float32", iou_aware: bool = False,
          special: tuple = (), img: list | None = None, **attrs: Any) -> Case:
    a = len(anchors) // 2
    channels = a * (5 + classes) + (a if iou_aware else 0)
    img = img if img is not None else [[96, 128], [64, 80], [32, 40]][:n]
    return Case(f"yolo_box_{name}", "yolo_box",
                {"X": In((n, channels, h, w), dtype, -3.0, 3.0, special=special),
                 "ImgSize": ints(img) if n else In((0, 2), "int32")},
                attrs={"anchors": anchors, "class_num": classes, "downsample_ratio": 8,
                       "iou_aware": iou_aware, **attrs})


YOLO = [
    _yolo("basic"),
    _yolo("float64", dtype="float64", conf_thresh=0.3),
    _yolo("conf_thresh", conf_thresh=0.5, n=3),
    _yolo("no_clip", clip_bbox=False, n=1),
    _yolo("scale_x_y", scale_x_y=1.05, conf_thresh=0.2),
    _yolo("iou_aware", iou_aware=True, iou_aware_factor=0.4),
    _yolo("iou_aware_float64", iou_aware=True, iou_aware_factor=0.7, dtype="float64", n=1),
    _yolo("edges", special=(NAN, INF, -INF, 30.0, NAN, 0.0, 100.0, -100.0, INF, NAN),
          w=5, classes=2),
    _yolo("one_anchor_one_class", anchors=[7, 9], classes=1, h=2, w=2, downsample_ratio=16),
    _yolo("empty_batch", n=0),
    Case("yolo_box_api", "yolo_box",
         {"X": In((1, 2 * 7, 2, 3), "float32", -3.0, 3.0), "ImgSize": ints([[64, 96]])},
         api="paddle.vision.ops.yolo_box",
         api_kwargs={"anchors": [10, 13, 16, 30], "class_num": 2, "conf_thresh": 0.1,
                     "downsample_ratio": 32}),
]


def _prior(name: str, *, dtype: str = "float32", feat: tuple = (1, 2, 3, 4),
           image: tuple = (1, 3, 24, 32), **attrs: Any) -> Case:
    return Case(f"prior_box_{name}", "prior_box",
                {"Input": In(feat, dtype), "Image": In(image, dtype)},
                attrs={"min_sizes": [4.0], "variances": [0.1, 0.1, 0.2, 0.2], **attrs})


PRIOR = [
    _prior("basic", max_sizes=[9.0], aspect_ratios=[2.0]),
    _prior("float64", dtype="float64", max_sizes=[9.0], aspect_ratios=[2.0, 3.0]),
    _prior("no_flip_no_clip", min_sizes=[4.0, 12.0], max_sizes=[9.0, 20.0],
           aspect_ratios=[2.0, 1.0, 0.5], flip=False, clip=False),
    _prior("dup_ratios_flip", min_sizes=[6.0], aspect_ratios=[1.0, 2.0, 0.5, 2.0000001]),
    _prior("steps_offset", min_sizes=[5.0, 10.0], aspect_ratios=[3.0], step_w=6.0, step_h=7.0,
           offset=0.3, clip=False),
    _prior("min_max_order", min_sizes=[4.0, 8.0], max_sizes=[6.0, 16.0],
           aspect_ratios=[2.0, 1.0], min_max_aspect_ratios_order=True),
    _prior("min_max_order_no_max", min_sizes=[4.0], aspect_ratios=[2.0],
           min_max_aspect_ratios_order=True, clip=False),
    _prior("large_clip", min_sizes=[30.0], max_sizes=[40.0], feat=(2, 1, 2, 2)),
    _prior("empty_input", feat=(0, 2, 3, 4), max_sizes=[9.0]),
    Case("prior_box_api", "prior_box", {"Input": In((1, 2, 3, 3), "float32"),
                                        "Image": In((1, 3, 12, 12), "float32")},
         api="paddle.vision.ops.prior_box",
         api_kwargs={"min_sizes": [2.0, 4.0], "max_sizes": [3.0, 6.0],
                     "aspect_ratios": [2.0], "flip": True, "clip": True}),
]


def _anchor(name: str, *, dtype: str = "float32", feat: tuple = (1, 2, 3, 4),
            **attrs: Any) -> Case:
    return Case(f"anchor_generator_{name}", "anchor_generator", {"Input": In(feat, dtype)},
                attrs={"anchor_sizes": [32.0, 64.0], "aspect_ratios": [0.5, 1.0, 2.0],
                       "variances": [0.1, 0.1, 0.2, 0.2], **attrs})


ANCHOR = [
    _anchor("basic"),
    _anchor("float64", dtype="float64"),
    _anchor("stride_offset", stride=[8.0, 12.0], offset=0.2, anchor_sizes=[20.0, 45.0, 90.0],
            aspect_ratios=[0.7, 1.3]),
    _anchor("odd_ratio_rounding", stride=[10.0, 10.0], aspect_ratios=[0.33, 3.0],
            variances=[1.0, 1.0, 1.0, 1.0], feat=(2, 1, 2, 3)),
]


def _coder(name: str, prior: In, target: In, *, var: In | None = None, **attrs: Any) -> Case:
    inputs = {"PriorBox": prior, "TargetBox": target}
    if var is not None:
        inputs["PriorBoxVar"] = var
    return Case(f"box_coder_{name}", "box_coder", inputs, attrs=attrs)


def _var(rows: int, dtype: str) -> In:
    return In((rows, 4), dtype, 0.05, 0.5)


def _deltas(shape: tuple[int, ...], dtype: str) -> In:
    return In(shape, dtype, -1.0, 1.0)


CODER = []
for _dt in FLOATS:
    CODER += [
        _coder(f"encode_{_dt}", boxes((5, 4), _dt, 1), boxes((3, 4), _dt, 2), var=_var(5, _dt)),
        _coder(f"encode_pixels_{_dt}", boxes((4, 4), _dt, 3, scale=50.0),
               boxes((2, 4), _dt, 4, scale=50.0), box_normalized=False),
        _coder(f"decode_{_dt}", boxes((5, 4), _dt, 5), _deltas((3, 5, 4), _dt),
               var=_var(5, _dt), code_type="decode_center_size"),
        _coder(f"decode_axis1_{_dt}", boxes((3, 4), _dt, 6, scale=40.0),
               _deltas((3, 5, 4), _dt), var=_var(3, _dt), code_type="decode_center_size",
               axis=1, box_normalized=False),
        _coder(f"decode_no_var_{_dt}", boxes((5, 4), _dt, 7), _deltas((2, 5, 4), _dt),
               code_type="decode_center_size"),
    ]
CODER += [
    _coder("encode_variance_attr", boxes((5, 4), "float32", 8), boxes((3, 4), "float32", 9),
           variance=[0.1, 0.1, 0.2, 0.2]),
    _coder("encode_variance_attr_float64", boxes((4, 4), "float64", 10),
           boxes((2, 4), "float64", 11), variance=[0.5, 0.25, 2.0, 1.0]),
    _coder("encode_no_var", boxes((2, 4), "float32", 12), boxes((3, 4), "float32", 13)),
    _coder("decode_variance_attr", boxes((5, 4), "float32", 14), _deltas((3, 5, 4), "float32"),
           code_type="decode_center_size", variance=[0.1, 0.1, 0.2, 0.2]),
    _coder("decode_variance_attr_axis1", boxes((3, 4), "float32", 15),
           _deltas((3, 2, 4), "float32"), code_type="decode_center_size", axis=1,
           variance=[0.2, 0.3, 0.4, 0.5]),
    _coder("encode_degenerate", In((2, 4), "float32", values=[[0, 0, 1, 1], [0.5, 0.5, 0.5, 0.7]]),
           In((2, 4), "float32", values=[[0.2, 0.2, 0.2, 0.6], [NAN, 0, 1, 1]])),
    _coder("decode_edges", boxes((2, 4), "float32", 16),
           In((1, 2, 4), "float32", values=[[[NAN, 0, 100.0, -INF], [0, INF, 0, 0]]]),
           code_type="decode_center_size"),
    _coder("decode_empty_target", boxes((3, 4), "float32", 17), _deltas((0, 3, 4), "float32"),
           code_type="decode_center_size"),
    Case("box_coder_api_decode", "box_coder",
         {"PriorBox": boxes((4, 4), "float32", 18), "PriorBoxVar": _var(4, "float32"),
          "TargetBox": _deltas((2, 4, 4), "float32")},
         api="paddle.vision.ops.box_coder", api_kwargs={"code_type": "decode_center_size"}),
]


def _clip(tag: str, dtype: str, lod: tuple[int, ...], info: list[list[float]],
          tail: tuple[int, ...] = (), box: LoDIn | None = None) -> Case:
    rows = lod[-1]
    return Case(f"box_clip_{tag}_{dtype}", "box_clip",
                {"Input": box or LoDIn((rows, *tail, 4), dtype, -10.0, 40.0, lod=(lod,)),
                 "ImInfo": In((len(info), 3), dtype, values=info)})


_INFO = [[20.0, 30.0, 1.0], [33.0, 17.0, 2.0], [10.0, 10.0, 0.8]]

CLIP = [
    *(_clip("3_images", dtype, (0, 2, 5, 9), _INFO) for dtype in FLOATS),
    _clip("rank3", "float32", (0, 3, 4), _INFO[:2], tail=(2,)),
    _clip("empty_image", "float64", (0, 0, 4, 6), _INFO),
    _clip("round_half", "float32", (0, 3, 6), [[25.0, 15.0, 10.0], [7.0, 5.0, 2.0]]),
    _clip("more_images_than_lod", "float32", (0, 4), _INFO),
    _clip("edges", "float32", (0, 4, 8), [[20.0, 30.0, 1.0], [NAN, 12.0, 1.0]],
          box=LoDIn((8, 4), "float32", lod=((0, 4, 8),), special=(NAN, INF, -INF, -0.0))),
]


def _match(tag: str, dtype: str, lod: tuple[int, ...] | None, cols: int,
           values: list | None = None, **attrs: Any) -> Case:
    rows = lod[-1] if lod else len(values) if values else 4
    dist = (LoDIn((rows, cols), dtype, 0.0, 1.0, lod=(lod,), values=values) if lod
            else In((rows, cols), dtype, 0.0, 1.0, values=values))
    return Case(f"bipartite_match_{tag}_{dtype}", "bipartite_match", {"DistMat": dist},
                attrs=attrs)


_TIES = [[0.5, 0.9, 0.9, 0.0], [0.9, 0.2, 0.9, 1e-7], [0.9, 0.9, 0.3, 0.7]]

MATCH = [
    *(_match("lod", dtype, (0, 3, 7), 6) for dtype in FLOATS),
    *(_match("per_prediction", dtype, (0, 2, 6), 5, match_type="per_prediction",
             dist_threshold=0.3) for dtype in FLOATS),
    _match("no_lod", "float32", None, 5),
    _match("empty_instance", "float64", (0, 3, 3, 5), 4, match_type="per_prediction"),
    _match("ties_and_tiny", "float32", None, 4, values=_TIES),
    _match("ties_per_prediction", "float32", None, 4, values=_TIES,
           match_type="per_prediction", dist_threshold=0.0),
    _match("more_rows_than_cols", "float64", (0, 6), 3),
    _match("rows130_sorted_path", "float64", (0, 130, 133), 4),
    _match("nan", "float32", None, 3, values=[[NAN, 0.4, 0.2], [0.8, NAN, 0.1]],
           match_type="per_prediction", dist_threshold=0.1),
]


_YOLO_ANCHORS = [10, 13, 16, 30, 33, 23, 30, 61, 62, 45, 59, 119]
_GT = [[[0.3, 0.4, 0.2, 0.3], [0.7, 0.2, 0.5, 0.4], [0.55, 0.65, 0.05, 0.08],
        [0.1, 0.9, 0.0, 0.3]],
       [[0.5, 0.5, 0.9, 0.8], [0.52, 0.48, 0.3, 0.35], [0.2, 0.1, 0.12, 0.1],
        [0.8, 0.8, 0.25, 0.6]]]


def _yolo_loss(tag: str, dtype: str, *, mask: list[int], classes: int = 3, hw: int = 4,
               score: bool = False, gt: list | None = None, **attrs: Any) -> Case:
    boxes = gt or _GT
    n, b = len(boxes), len(boxes[0])
    inputs = {"X": In((n, len(mask) * (5 + classes), hw, hw), dtype, -3.0, 3.0),
              "GTBox": In((n, b, 4), dtype, values=boxes),
              "GTLabel": In((n, b), "int32", 0, classes)}
    if score:
        inputs["GTScore"] = In((n, b), dtype, 0.2, 1.0)
    return Case(f"yolov3_loss_{tag}_{dtype}", "yolov3_loss", inputs,
                attrs={"anchors": _YOLO_ANCHORS, "anchor_mask": mask, "class_num": classes,
                       "downsample_ratio": 16, **attrs},
                fetch=("Loss", "ObjectnessMask", "GTMatchMask"))


YOLO_LOSS = [
    *(_yolo_loss("mask012", dtype, mask=[0, 1, 2]) for dtype in FLOATS),
    *(_yolo_loss("mask345_score", dtype, mask=[3, 4, 5], score=True) for dtype in FLOATS),
    _yolo_loss("no_smooth_scale_xy", "float32", mask=[1, 2, 3], use_label_smooth=False,
               scale_x_y=1.1),
    _yolo_loss("low_ignore_thresh", "float64", mask=[0, 2, 4], ignore_thresh=0.2,
               classes=2),
    _yolo_loss("one_class_hw3", "float32", mask=[5, 4], classes=1, hw=3),
    _yolo_loss("same_cell", "float32", mask=[0, 1, 2], gt=[[[0.3, 0.3, 0.05, 0.06],
                                                            [0.31, 0.32, 0.06, 0.07]]],
               ignore_thresh=0.5),
]

CASES = [*YOLO, *PRIOR, *ANCHOR, *CODER, *CLIP, *MATCH, *YOLO_LOSS]
