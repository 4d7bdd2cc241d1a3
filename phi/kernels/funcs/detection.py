"""Box math of the detection ops, as Paddle's CPU kernels compute it: yolo_box, prior_box,
anchor_generator, density_prior_box and box_coder (shared by the PHI kernels and the legacy
kernels).

Everything is vectorised over boxes, pixels and batch; Python loops run only over the
priors an attribute list describes. Arithmetic follows Paddle's element type and order
(float32 stays float32 where Paddle's does) so that threshold decisions agree.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import c_round, quiet, to_host


def _fail(op: str, message: str) -> ValueError:
    return ValueError(f"{op}: {message}")


def sigmoid(xp: Any, x: Any) -> Any:
    """Paddle's `1.0 / (1.0 + exp(-x))`: exp in x's type, the division in double, rounded
    back to x's type."""
    with quiet(xp):
        return (1.0 / (1.0 + xp.exp(-x).astype(np.float64))).astype(x.dtype)


# -- yolo_box ----------------------------------------------------------------------------------

def yolo_box_dims(op: str, x_dims: Sequence[int], img_dims: Sequence[int],
                  anchors: Sequence[int], class_num: int, iou_aware: bool,
                  iou_aware_factor: float) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Check X [N, C, H, W] and ImgSize [N, 2] against the attributes; (Boxes, Scores) dims."""
    if len(x_dims) != 4:
        raise _fail(op, f"X must be 4-D [N, C, H, W], got {list(x_dims)}")
    if not anchors or len(anchors) % 2:
        raise _fail(op, f"anchors must be a non-empty list of (w, h) pairs, got {list(anchors)}")
    if class_num <= 0:
        raise _fail(op, f"class_num must be > 0, got {class_num}")
    a = len(anchors) // 2
    per_anchor = 6 + class_num if iou_aware else 5 + class_num
    if x_dims[1] != a * per_anchor:
        raise _fail(op, f"X has {x_dims[1]} channels; {a} anchors x ({per_anchor}) = "
                        f"{a * per_anchor} expected (iou_aware={iou_aware})")
    if iou_aware and not 0.0 <= iou_aware_factor <= 1.0:
        raise _fail(op, f"iou_aware_factor must lie in [0, 1], got {iou_aware_factor}")
    if len(img_dims) != 2 or img_dims[1] != 2 or img_dims[0] != x_dims[0]:
        raise _fail(op, f"ImgSize must be [N, 2] = [{x_dims[0]}, 2], got {list(img_dims)}")
    n, boxes = x_dims[0], x_dims[2] * x_dims[3] * a
    return (n, boxes, 4), (n, boxes, class_num)


def yolo_box(xp: Any, x: Any, img_size: Any, anchors: Sequence[int], class_num: int,
             conf_thresh: float, downsample_ratio: int, clip_bbox: bool, scale_x_y: float,
             iou_aware: bool, iou_aware_factor: float, boxes: Any, scores: Any) -> None:
    """Decode YOLOv3 head outputs X [N, A * (5 + classes) (+ A with iou_aware), H, W] into
    Boxes [N, A * H * W, 4] (x1, y1, x2, y2 in image pixels) and Scores [N, A * H * W,
    classes]; cells whose confidence is below conf_thresh get zeros."""
    boxes[...] = 0
    scores[...] = 0
    n, _, h, w = x.shape
    if x.size == 0 or img_size.size == 0:
        return
    a = len(anchors) // 2
    t = x.dtype.type
    if iou_aware:
        iou = x[:, :a]
        head = x[:, a:].reshape(n, a, 5 + class_num, h, w)
    else:
        head = x.reshape(n, a, 5 + class_num, h, w)
    conf = sigmoid(xp, head[:, :, 4])
    if iou_aware:
        with quiet(xp):
            conf = (conf ** t(1.0 - iou_aware_factor)
                    * sigmoid(xp, iou) ** t(iou_aware_factor)).astype(x.dtype)
    keep = ~(conf < t(conf_thresh))  # a NaN confidence is kept, as in Paddle
    img_h = img_size[:, 0].astype(x.dtype).reshape(n, 1, 1, 1)
    img_w = img_size[:, 1].astype(x.dtype).reshape(n, 1, 1, 1)
    scale, bias = np.float32(scale_x_y), np.float32(-0.5) * (np.float32(scale_x_y) - 1)
    grid_x = xp.arange(w, dtype=x.dtype).reshape(1, 1, 1, w)
    grid_y = xp.arange(h, dtype=x.dtype).reshape(1, 1, h, 1)
    anchor = xp.asarray(np.asarray(anchors, np.int64).reshape(a, 2)).astype(x.dtype)
    anchor_w, anchor_h = anchor[:, 0].reshape(1, a, 1, 1), anchor[:, 1].reshape(1, a, 1, 1)
    with quiet(xp):
        cx = (grid_x + sigmoid(xp, head[:, :, 0]) * t(scale) + t(bias)) * img_w / t(w)
        cy = (grid_y + sigmoid(xp, head[:, :, 1]) * t(scale) + t(bias)) * img_h / t(h)
        bw = xp.exp(head[:, :, 2]) * anchor_w * img_w / t(downsample_ratio * w)
        bh = xp.exp(head[:, :, 3]) * anchor_h * img_h / t(downsample_ratio * h)
        corners = [cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2]
        if clip_bbox:
            corners[0] = xp.where(corners[0] > 0, corners[0], t(0))
            corners[1] = xp.where(corners[1] > 0, corners[1], t(0))
            corners[2] = xp.where(corners[2] < img_w - 1, corners[2], img_w - 1)
            corners[3] = xp.where(corners[3] < img_h - 1, corners[3], img_h - 1)
        cls = conf[:, :, None] * sigmoid(xp, head[:, :, 5:])
    box = xp.where(keep[..., None], xp.stack(corners, axis=-1), t(0))  # [N, A, H, W, 4]
    boxes[...] = box.reshape(boxes.shape)  # [N, A*H*W, 4]; not -1: n may be 0
    cls = xp.where(keep[:, :, None], cls, t(0))  # [N, A, classes, H, W]
    scores[...] = xp.moveaxis(cls, 2, -1).reshape(scores.shape)


# -- prior_box / anchor_generator --------------------------------------------------------------

def expand_aspect_ratios(aspect_ratios: Sequence[float], flip: bool) -> list[np.float32]:
    """1, then each new ratio (and its inverse with flip); a ratio within 1e-6 of one already
    listed is skipped."""
    out = [np.float32(1.0)]
    for ar in (np.float32(r) for r in aspect_ratios):
        if any(abs(float(ar) - float(seen)) < 1e-6 for seen in out):
            continue
        out.append(ar)
        if flip:
            out.append(np.float32(1.0) / ar)
    return out


def prior_sizes(min_sizes: Sequence[float], max_sizes: Sequence[float],
                aspect_ratios: Sequence[float], flip: bool, min_max_order: bool
                ) -> list[tuple[float, float]]:
    """Each prior's (half width, half height), in Paddle's order."""
    ratios = expand_aspect_ratios(aspect_ratios, flip)
    sizes = []
    for s, min_size in enumerate(np.float32(m) for m in min_sizes):
        with_ratio = [(float(min_size * np.sqrt(ar)) / 2.0, float(min_size / np.sqrt(ar)) / 2.0)
                      for ar in ratios
                      if not (min_max_order and abs(float(ar) - 1.0) < 1e-6)]
        square = [(float(min_size) / 2.0, float(min_size) / 2.0)] if min_max_order else []
        big = []
        if max_sizes:
            half = float(np.sqrt(min_size * np.float32(max_sizes[s]))) / 2.0
            big = [(half, half)]
        sizes += square + big + with_ratio if min_max_order else with_ratio + big
    return sizes


def prior_box_dims(op: str, input_dims: Sequence[int], image_dims: Sequence[int],
                   min_sizes: Sequence[float], max_sizes: Sequence[float],
                   aspect_ratios: Sequence[float], variances: Sequence[float],
                   flip: bool) -> tuple[int, ...]:
    """Boxes / Variances dims [H, W, priors, 4]."""
    if len(input_dims) != 4 or len(image_dims) != 4:
        raise _fail(op, f"Input and Image must be 4-D NCHW, got {list(input_dims)} and "
                        f"{list(image_dims)}")
    if not min_sizes or any(m <= 0 for m in min_sizes):
        raise _fail(op, f"min_sizes must be positive, got {list(min_sizes)}")
    if max_sizes and (len(max_sizes) != len(min_sizes)
                      or any(b <= a for a, b in zip(min_sizes, max_sizes))):
        raise _fail(op, f"max_sizes must pair with min_sizes and exceed them, got "
                        f"{list(max_sizes)} for {list(min_sizes)}")
    if len(variances) != 4 or any(v <= 0 for v in variances):
        raise _fail(op, f"variances must be 4 positive values, got {list(variances)}")
    priors = len(expand_aspect_ratios(aspect_ratios, flip)) * len(min_sizes) + len(max_sizes)
    return (input_dims[2], input_dims[3], priors, 4)


def prior_box(xp: Any, feature_dims: Sequence[int], image_dims: Sequence[int], empty: bool,
              min_sizes: Sequence[float], max_sizes: Sequence[float],
              aspect_ratios: Sequence[float], variances: Sequence[float], flip: bool,
              clip: bool, step_w: float, step_h: float, offset: float,
              min_max_aspect_ratios_order: bool, boxes: Any, var: Any) -> None:
    """SSD prior boxes [H, W, priors, 4] normalised by the image size, and their variances;
    zeros when Input or Image is empty."""
    if empty:
        boxes[...] = 0
        var[...] = 0
        return
    t = boxes.dtype.type
    fh, fw = feature_dims[2], feature_dims[3]
    img_h, img_w = image_dims[2], image_dims[3]
    if t(step_w) == 0 or t(step_h) == 0:
        sw, sh = t(img_w) / t(fw), t(img_h) / t(fh)
    else:
        sw, sh = t(step_w), t(step_h)
    half = xp.asarray(np.asarray(prior_sizes(min_sizes, max_sizes, aspect_ratios, flip,
                                             min_max_aspect_ratios_order), boxes.dtype))
    cx = ((xp.arange(fw, dtype=boxes.dtype) + t(offset)) * sw).reshape(1, fw, 1)
    cy = ((xp.arange(fh, dtype=boxes.dtype) + t(offset)) * sh).reshape(fh, 1, 1)
    hw, hh = half[:, 0], half[:, 1]
    boxes[..., 0] = (cx - hw) / t(img_w)
    boxes[..., 1] = (cy - hh) / t(img_h)
    boxes[..., 2] = (cx + hw) / t(img_w)
    boxes[..., 3] = (cy + hh) / t(img_h)
    if clip:
        xp.clip(boxes, t(0), t(1), out=boxes)
    var[...] = xp.asarray(np.asarray(variances, np.float32).astype(var.dtype))


def anchor_generator_dims(op: str, input_dims: Sequence[int], anchor_sizes: Sequence[float],
                          aspect_ratios: Sequence[float], variances: Sequence[float],
                          stride: Sequence[float]) -> tuple[int, ...]:
    """Anchors / Variances dims [H, W, sizes * ratios, 4]."""
    if len(input_dims) != 4:
        raise _fail(op, f"Input must be 4-D NCHW, got {list(input_dims)}")
    if not anchor_sizes or not aspect_ratios:
        raise _fail(op, "anchor_sizes and aspect_ratios must not be empty")
    if len(variances) != 4 or len(stride) != 2:
        raise _fail(op, f"variances needs 4 values and stride 2, got {list(variances)} and "
                        f"{list(stride)}")
    return (input_dims[2], input_dims[3], len(anchor_sizes) * len(aspect_ratios), 4)


def anchor_generator(xp: Any, feature_dims: Sequence[int], anchor_sizes: Sequence[float],
                     aspect_ratios: Sequence[float], variances: Sequence[float],
                     stride: Sequence[float], offset: float, anchors: Any, var: Any) -> None:
    """Faster R-CNN anchors [H, W, ratios * sizes, 4] in input pixels (ratio-major order)."""
    t = anchors.dtype.type
    fh, fw = feature_dims[2], feature_dims[3]
    sw, sh = t(stride[0]), t(stride[1])
    extents = []
    for ar in (np.float32(r) for r in aspect_ratios):
        for size in (np.float32(s) for s in anchor_sizes):
            area_ratio = (sw * sh) / t(ar)
            base_w = c_round(np, np.sqrt(area_ratio))
            base_h = c_round(np, base_w * t(ar))
            extents.append((t(size) / sw * base_w, t(size) / sh * base_h))
    ext = np.asarray(extents, anchors.dtype)
    half_w = xp.asarray(0.5 * (ext[:, 0].astype(np.float64) - 1))
    half_h = xp.asarray(0.5 * (ext[:, 1].astype(np.float64) - 1))
    x_ctr = (xp.arange(fw, dtype=anchors.dtype) * sw + t(offset) * (sw - 1)).reshape(1, fw, 1)
    y_ctr = (xp.arange(fh, dtype=anchors.dtype) * sh + t(offset) * (sh - 1)).reshape(fh, 1, 1)
    anchors[..., 0] = x_ctr - half_w
    anchors[..., 1] = y_ctr - half_h
    anchors[..., 2] = x_ctr + half_w
    anchors[..., 3] = y_ctr + half_h
    var[...] = xp.asarray(np.asarray(variances, np.float32).astype(var.dtype))


# -- density_prior_box -------------------------------------------------------------------------

def density_prior_box_dims(op: str, input_dims: Sequence[int], image_dims: Sequence[int],
                           variances: Sequence[float], fixed_sizes: Sequence[float],
                           fixed_ratios: Sequence[float], densities: Sequence[int],
                           flatten_to_2d: bool) -> tuple[int, ...]:
    """Boxes / Variances dims: [H, W, priors, 4], or [H * W * priors, 4] flattened; priors
    = len(fixed_ratios) * sum(density ** 2)."""
    if len(input_dims) != 4 or len(image_dims) != 4:
        raise _fail(op, f"Input and Image must be 4-D NCHW, got {list(input_dims)} and "
                        f"{list(image_dims)}")
    if input_dims[2] >= image_dims[2] or input_dims[3] >= image_dims[3]:
        raise _fail(op, f"the feature map {list(input_dims[2:])} must be smaller than the "
                        f"image {list(image_dims[2:])} in height and width")
    if len(variances) != 4 or any(v <= 0 for v in variances):
        raise _fail(op, f"variances must be 4 positive values, got {list(variances)}")
    if len(fixed_sizes) != len(densities):
        raise _fail(op, f"fixed_sizes ({len(fixed_sizes)}) and densities ({len(densities)}) "
                        "must have the same length")
    if any(v <= 0 for v in [*fixed_sizes, *fixed_ratios, *densities]):
        raise _fail(op, f"fixed_sizes, fixed_ratios and densities must be positive, got "
                        f"{list(fixed_sizes)}, {list(fixed_ratios)}, {list(densities)}")
    priors = len(fixed_ratios) * sum(int(d) ** 2 for d in densities)
    h, w = input_dims[2], input_dims[3]
    return (h * w * priors, 4) if flatten_to_2d else (h, w, priors, 4)


def _density_layout(fixed_sizes: Sequence[float], fixed_ratios: Sequence[float],
                    densities: Sequence[int], step_average: int) -> tuple[np.ndarray, ...]:
    """Per prior, in Paddle's order (size, ratio, row di, column dj): the grid shift, the
    column and row offsets dj * shift and di * shift, and the float32 box width / height."""
    cols = []
    for size, density in zip((np.float32(s) for s in fixed_sizes), densities):
        shift = step_average // int(density)
        di, dj = np.divmod(np.arange(density * density), density)
        for ratio in (np.sqrt(np.float32(r)) for r in fixed_ratios):
            cols.append(np.stack(np.broadcast_arrays(
                shift, dj * shift, di * shift, size * ratio, size / ratio)).astype(np.float64))
    if not cols:
        return tuple(np.zeros(0) for _ in range(5))
    return tuple(np.concatenate(cols, axis=1))


def density_prior_box(xp: Any, feature_dims: Sequence[int], image_dims: Sequence[int],
                      variances: Sequence[float], clip: bool, step_w: float, step_h: float,
                      offset: float, fixed_sizes: Sequence[float],
                      fixed_ratios: Sequence[float], densities: Sequence[int],
                      flatten_to_2d: bool, boxes: Any, var: Any) -> None:
    """Density priors normalised by the image size: for each cell, size and ratio a density x
    density grid of boxes spaced by (step_w + step_h) / 2 // density. As Paddle's kernel: the
    grid's corner centre in double rounded to float32, each box centre in float32, the
    corners in double (x1, y1 >= 0 and x2, y2 <= 1 always), then `clip` to [0, 1]."""
    t = boxes.dtype.type
    fh, fw = feature_dims[2], feature_dims[3]
    img_h, img_w = image_dims[2], image_dims[3]
    with quiet(np):
        if t(step_w) == 0 or t(step_h) == 0:
            sw, sh = t(img_w) / t(fw), t(img_h) / t(fh)
        else:
            sw, sh = t(step_w), t(step_h)
        step_average = int(float(sw + sh) * 0.5) if fw and fh else 0
    shift, dx, dy, bw, bh = (xp.asarray(a) for a in _density_layout(
        fixed_sizes, fixed_ratios, densities, step_average))

    def corners(count: int, step: Any, along: Any, size: Any, extent: int) -> tuple[Any, Any]:
        centre = ((xp.arange(count, dtype=boxes.dtype) + t(offset)) * step).astype(np.float64)
        grid = (centre[:, None] - step_average / 2.0 + shift / 2.0).astype(np.float32)
        cell = (grid + along.astype(np.float32)).astype(np.float64)  # [count, priors]
        return (xp.maximum((cell - size / 2.0) / extent, 0.0),
                xp.minimum((cell + size / 2.0) / extent, 1.0))

    x1, x2 = corners(fw, sw, dx, bw, img_w)
    y1, y2 = corners(fh, sh, dy, bh, img_h)
    grid = (fh, fw, shift.shape[0], 4)
    if boxes.shape != ((fh * fw * grid[2], 4) if flatten_to_2d else grid):
        raise _fail("density_prior_box", f"Boxes has dims {list(boxes.shape)}, expected "
                                         f"{grid} (flatten_to_2d={flatten_to_2d})")
    out = boxes.reshape(grid)  # a view, also of the flattened form
    out[..., 0] = x1[None]
    out[..., 1] = y1[:, None]
    out[..., 2] = x2[None]
    out[..., 3] = y2[:, None]
    if clip:
        xp.clip(boxes, t(0), t(1), out=boxes)
    var[...] = xp.asarray(np.asarray(variances, np.float32).astype(var.dtype))


# -- box_coder ---------------------------------------------------------------------------------

class BoxCodeType(enum.Enum):
    """box_coder's `code_type` attribute."""

    ENCODE = "encode_center_size"
    DECODE = "decode_center_size"

    @classmethod
    def parse(cls, op: str, value: str) -> BoxCodeType:
        try:
            return cls(value)
        except ValueError:
            raise _fail(op, f"code_type '{value}' is not one of "
                            f"{[c.value for c in cls]}") from None


def box_coder_dims(op: str, prior_dims: Sequence[int], var_dims: Sequence[int] | None,
                   target_dims: Sequence[int], code_type: str, axis: int,
                   variance: Sequence[float]) -> tuple[int, ...]:
    """Check the inputs; OutputBox dims ([targets, priors, 4] encoding, TargetBox's when
    decoding)."""
    kind = BoxCodeType.parse(op, code_type)
    if len(prior_dims) != 2 or prior_dims[1] != 4:
        raise _fail(op, f"PriorBox must be [M, 4], got {list(prior_dims)}")
    if var_dims is not None and tuple(var_dims) != tuple(prior_dims):
        raise _fail(op, f"PriorBoxVar must have PriorBox's dims {list(prior_dims)}, got "
                        f"{list(var_dims)}")
    if var_dims is not None and variance:
        raise _fail(op, "PriorBoxVar and the variance attribute cannot both be given")
    if variance and len(variance) != 4:
        raise _fail(op, f"variance must hold 4 values, got {list(variance)}")
    if kind is BoxCodeType.ENCODE:
        if len(target_dims) != 2 or target_dims[1] != 4:
            raise _fail(op, f"TargetBox must be [N, 4] to encode, got {list(target_dims)}")
        return (target_dims[0], prior_dims[0], 4)
    if axis not in (0, 1):
        raise _fail(op, f"axis must be 0 or 1, got {axis}")
    if len(target_dims) != 3 or target_dims[2] != 4:
        raise _fail(op, f"TargetBox must be [N, M, 4] to decode, got {list(target_dims)}")
    if target_dims[1 - axis] != prior_dims[0] and 0 not in target_dims:
        raise _fail(op, f"TargetBox dim {1 - axis} ({target_dims[1 - axis]}) must equal the "
                        f"{prior_dims[0]} prior boxes (axis={axis})")
    return tuple(target_dims)


def _center_size(xp: Any, box: Any, one: Any) -> tuple[Any, Any, Any, Any]:
    """(width, height, center x, center y) of [..., 4] boxes; `one` is 0 when normalised."""
    w = box[..., 2] - box[..., 0] + one
    h = box[..., 3] - box[..., 1] + one
    return w, h, box[..., 0] + w / 2, box[..., 1] + h / 2


def box_coder(xp: Any, prior: Any, prior_var: Any | None, target: Any, code_type: str,
              normalized: bool, axis: int, variance: Sequence[float], out: Any) -> None:
    """Encode TargetBox [N, 4] against PriorBox [M, 4] into [N, M, 4] offsets, or decode
    offsets TargetBox [N, M, 4] back into boxes (prior rows along `axis`); divided or scaled
    by PriorBoxVar or the variance attribute."""
    if prior.size == 0 or target.size == 0:
        out[...] = 0
        return
    t = out.dtype.type
    one = t(0 if normalized else 1)
    var = None
    if prior_var is not None:
        var = prior_var
    elif variance:
        var = xp.asarray(np.asarray(variance, np.float32).astype(out.dtype)).reshape(1, 4)
    with quiet(xp):
        if BoxCodeType.parse("box_coder", code_type) is BoxCodeType.ENCODE:
            pw, ph, pcx, pcy = _center_size(xp, prior[None], one)
            tw = target[:, None, 2] - target[:, None, 0] + one
            th = target[:, None, 3] - target[:, None, 1] + one
            tcx = (target[:, None, 2] + target[:, None, 0]) / 2
            tcy = (target[:, None, 3] + target[:, None, 1]) / 2
            out[..., 0] = (tcx - pcx) / pw
            out[..., 1] = (tcy - pcy) / ph
            out[..., 2] = xp.log(xp.abs(tw / pw))
            out[..., 3] = xp.log(xp.abs(th / ph))
            if var is not None:
                out /= var[None] if var.ndim == 2 else var
            return
        p = prior[None] if axis == 0 else prior[:, None]
        pw, ph, pcx, pcy = _center_size(xp, p, one)
        if var is None:
            v = xp.ones((1, 1, 4), out.dtype)
        else:
            v = var[None] if axis == 0 else var[:, None]
        cx = v[..., 0] * target[..., 0] * pw + pcx
        cy = v[..., 1] * target[..., 1] * ph + pcy
        w = xp.exp(v[..., 2] * target[..., 2]) * pw
        h = xp.exp(v[..., 3] * target[..., 3]) * ph
        out[..., 0] = cx - w / 2
        out[..., 1] = cy - h / 2
        out[..., 2] = cx + w / 2 - one
        out[..., 3] = cy + h / 2 - one


def box_clip_dims(op: str, input_dims: Sequence[int], im_info_dims: Sequence[int]
                  ) -> tuple[int, ...]:
    """Output's dims (Input's): boxes [..., 4], ImInfo [N, 3] (height, width, scale)."""
    if len(input_dims) < 2 or int(input_dims[-1]) != 4:
        raise _fail(op, f"Input must hold boxes in its last dim of 4, got {list(input_dims)}")
    if len(im_info_dims) != 2 or int(im_info_dims[1]) != 3:
        raise _fail(op, f"ImInfo must be [N, 3] (height, width, scale), got "
                        f"{list(im_info_dims)}")
    return tuple(int(d) for d in input_dims)


def box_clip_offsets(op: str, lod: Sequence[Sequence[int]], rows: int, images: int
                     ) -> np.ndarray:
    """The image boundaries of Input's rows: its one LoD level, covering every row, for at
    most ImInfo's images."""
    if len(lod) != 1:
        raise _fail(op, f"Input must be a LoD tensor of 1 level (the boxes of each image), "
                        f"got {len(lod)} levels")
    offsets = np.asarray(lod[0], np.int64)
    if offsets[0] != 0 or offsets[-1] != rows or np.any(np.diff(offsets) < 0):
        raise _fail(op, f"Input's LoD {list(lod[0])} does not cover its {rows} rows")
    if len(offsets) - 1 > images:
        raise _fail(op, f"Input's LoD has {len(offsets) - 1} images but ImInfo only {images}")
    return offsets


def box_clip(xp: Any, boxes: Any, im_info: Any, offsets: np.ndarray, out: Any) -> None:
    """Each image's boxes clipped to [0, round(width / scale) - 1] (x) and
    [0, round(height / scale) - 1] (y), as C's max(min(box, bound), 0) (a NaN box stays NaN,
    a NaN bound leaves the box)."""
    counts = np.diff(offsets)
    image = xp.asarray(np.repeat(np.arange(len(counts)), counts))
    height = c_round(xp, im_info[:, 0] / im_info[:, 2]) - 1
    width = c_round(xp, im_info[:, 1] / im_info[:, 2]) - 1
    bound = xp.stack([width, height, width, height], axis=-1)[image]
    bound = bound.reshape(bound.shape[:1] + (1,) * (boxes.ndim - 2) + (4,))
    low = xp.where(bound < boxes, bound, boxes)
    out[...] = xp.where(low < 0, xp.zeros((), boxes.dtype), low)


BIPARTITE_MATCH_TYPES = ("bipartite", "per_prediction")


def bipartite_match_instances(op: str, dims: Sequence[int], lod: Sequence[Sequence[int]],
                              match_type: str) -> np.ndarray:
    """Row offsets of DistMat's instances: its one LoD level, else one instance."""
    if len(dims) != 2:
        raise _fail(op, f"DistMat must be 2-D [K, M], got {list(dims)}")
    if match_type not in BIPARTITE_MATCH_TYPES:
        raise _fail(op, f"match_type must be bipartite or per_prediction, got {match_type!r}")
    if not lod:
        return np.array([0, int(dims[0])], np.int64)
    if len(lod) != 1:
        raise _fail(op, f"DistMat must have at most 1 LoD level, got {len(lod)}")
    return np.asarray(lod[0], np.int64)


def _greedy_match(dist: np.ndarray, floor: float, indices: np.ndarray,
                  matched: np.ndarray) -> None:
    """Repeatedly match the largest distance (>= floor) among unmatched rows and columns,
    the first column and then the first row on ties."""
    free_rows = np.ones(dist.shape[0], bool)
    with np.errstate(invalid="ignore"):
        usable = dist >= floor  # NaN never matches
    for _ in range(dist.shape[0]):
        cand = usable & free_rows[:, None] & (indices < 0)[None, :]
        if not cand.any():
            break
        flat = np.where(cand, dist, -np.inf).T.reshape(-1)
        col, row = divmod(int(np.argmax(flat)), dist.shape[0])
        indices[col], matched[col] = row, dist[row, col]
        free_rows[row] = False


def bipartite_match(xp: Any, dist_mat: Any, offsets: np.ndarray, match_type: str,
                    dist_threshold: float, indices_out: Any, dist_out: Any) -> None:
    """Per instance: greedy bipartite matching of columns to rows (distances >= 1e-6, or
    > 0 from 130 rows on, as Paddle's two code paths), then with per_prediction each
    unmatched column takes its best row at >= dist_threshold. Unmatched: -1 and 0."""
    dist_all = to_host(dist_mat)
    cols = dist_all.shape[1]
    dtype = dist_all.dtype.type
    indices = np.full((len(offsets) - 1, cols), -1, np.int32)
    matched = np.zeros((len(offsets) - 1, cols), dist_all.dtype)
    eps, threshold = dtype(1e-6), dtype(dist_threshold)
    for i, (start, stop) in enumerate(itertools.pairwise(offsets)):
        dist = dist_all[start:stop]
        if not len(dist):
            continue
        tiny = np.nextafter(dtype(0), dtype(1)) if len(dist) >= 130 else eps
        _greedy_match(dist, tiny, indices[i], matched[i])
        if match_type == "per_prediction":
            with np.errstate(invalid="ignore"):
                ok = (dist >= eps) & (dist >= threshold) & (indices[i] < 0)[None, :]
            best = np.argmax(np.where(ok, dist, -np.inf), axis=0)
            take = ok.any(axis=0)
            indices[i][take] = best[take]
            matched[i][take] = dist[best[take], np.flatnonzero(take)]
    indices_out[...] = xp.asarray(indices)
    dist_out[...] = xp.asarray(matched)
