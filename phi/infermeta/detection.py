"""InferMeta of the detection box ops (yolo_box, prior_box, anchor_generator, box_coder)
and of ctc_align.
Dims and checks come from phi.kernels.funcs.detection, shared with the legacy infer_shape;
outputs take the first input's dtype."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def _set(outs: tuple[MetaTensor, ...], dims: tuple[int, ...], like: MetaTensor) -> None:
    for out in outs:
        out.set_dims(dims)
        out.set_dtype(like.dtype())


def yolo_box_infer_meta(x: MetaTensor, img_size: MetaTensor, anchors: list[int], class_num: int,
                        conf_thresh: float, downsample_ratio: int, clip_bbox: bool,
                        scale_x_y: float, iou_aware: bool, iou_aware_factor: float,
                        boxes: MetaTensor, scores: MetaTensor) -> None:
    """boxes [N, A * H * W, 4], scores [N, A * H * W, class_num]."""
    from phi.kernels.funcs.detection import yolo_box_dims

    box_dims, score_dims = yolo_box_dims("yolo_box", x.dims(), img_size.dims(), anchors,
                                         class_num, iou_aware, iou_aware_factor)
    _set((boxes,), box_dims, x)
    _set((scores,), score_dims, x)


def prior_box_infer_meta(input: MetaTensor, image: MetaTensor, min_sizes: list[float],
                         max_sizes: list[float], aspect_ratios: list[float],
                         variances: list[float], flip: bool, clip: bool, step_w: float,
                         step_h: float, offset: float, min_max_aspect_ratios_order: bool,
                         boxes: MetaTensor, variances_: MetaTensor) -> None:
    """boxes and their variances: [H, W, priors, 4]."""
    from phi.kernels.funcs.detection import prior_box_dims

    _set((boxes, variances_), prior_box_dims("prior_box", input.dims(), image.dims(), min_sizes,
                                             max_sizes, aspect_ratios, variances, flip), input)


def anchor_generator_infer_meta(input: MetaTensor, anchor_sizes: list[float],
                                aspect_ratios: list[float], variances: list[float],
                                stride: list[float], offset: float, anchors: MetaTensor,
                                variances_: MetaTensor) -> None:
    """anchors and their variances: [H, W, ratios * sizes, 4]."""
    from phi.kernels.funcs.detection import anchor_generator_dims

    _set((anchors, variances_), anchor_generator_dims(
        "anchor_generator", input.dims(), anchor_sizes, aspect_ratios, variances, stride), input)


def box_coder_infer_meta(prior_box: MetaTensor, prior_box_var: MetaTensor,
                         target_box: MetaTensor, code_type: str, box_normalized: bool, axis: int,
                         variance: list[float], output_box: MetaTensor) -> None:
    """output_box: [N, M, 4]."""
    from phi.kernels.funcs.detection import box_coder_dims

    var = prior_box_var.dims() if prior_box_var else None
    _set((output_box,), box_coder_dims("box_coder", prior_box.dims(), var, target_box.dims(),
                                       code_type, axis, variance), prior_box)


def ctc_align_infer_meta(input: MetaTensor, input_length: MetaTensor, blank: int,
                         merge_repeated: bool, padding_value: int, output: MetaTensor,
                         output_length: MetaTensor) -> None:
    """output as input (the LoD form's kernel sets the decoded length and LoD);
    output_length as input_length; input's dtype."""
    from phi.kernels.funcs.ctc import check_dims

    length = input_length.dims() if input_length else None
    check_dims(input.dims(), length)
    _set((output,), input.dims(), input)
    if output_length and length is not None:
        _set((output_length,), length, input)
