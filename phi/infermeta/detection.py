"""InferMeta of the detection box ops (yolo_box, prior_box, anchor_generator,
density_prior_box, box_coder, box_clip, bipartite_match),
the RoI ops (roi_align, roi_pool, generate_proposals, distribute_fpn_proposals,
collect_fpn_proposals, psroi_pool), yolov3_loss (PHI yolo_loss) and
ctc_align.
Dims and checks come from phi.kernels.funcs.detection, shared with the legacy infer_shape;
outputs take the first input's dtype."""

from __future__ import annotations

from phi.common import DataType
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


def density_prior_box_infer_meta(input: MetaTensor, image: MetaTensor, variances: list[float],
                                 clip: bool, flatten_to_2d: bool, step_w: float, step_h: float,
                                 offset: float, fixed_sizes: list[float],
                                 fixed_ratios: list[float], densities: list[int],
                                 boxes: MetaTensor, variances_: MetaTensor) -> None:
    """boxes and their variances: [H, W, priors, 4], or [H * W * priors, 4] flattened."""
    from phi.kernels.funcs.detection import density_prior_box_dims

    _set((boxes, variances_), density_prior_box_dims(
        "density_prior_box", input.dims(), image.dims(), variances, fixed_sizes, fixed_ratios,
        densities, flatten_to_2d), input)


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


def _rois(op: str, x: MetaTensor, ro_is: MetaTensor, rois_num: MetaTensor, pooled_height: int,
          pooled_width: int, out: MetaTensor) -> tuple[int, ...]:
    from phi.kernels.funcs.roi import check_dims

    dims = check_dims(op, x.dims(), ro_is.dims(), rois_num.dims() if rois_num else None,
                      pooled_height, pooled_width)
    _set((out,), dims, x)
    return dims


def roi_align_infer_meta(x: MetaTensor, ro_is: MetaTensor, rois_num: MetaTensor,
                         pooled_height: int, pooled_width: int, spatial_scale: float,
                         sampling_ratio: int, aligned: bool, out: MetaTensor) -> None:
    """out: [R, C, pooled_height, pooled_width]."""
    _rois("roi_align", x, ro_is, rois_num, pooled_height, pooled_width, out)


def roi_pool_infer_meta(x: MetaTensor, ro_is: MetaTensor, rois_num: MetaTensor,
                        pooled_height: int, pooled_width: int, spatial_scale: float,
                        out: MetaTensor, argmax: MetaTensor) -> None:
    """out and argmax (int64): [R, C, pooled_height, pooled_width]."""
    dims = _rois("roi_pool", x, ro_is, rois_num, pooled_height, pooled_width, out)
    argmax.set_dims(dims)
    argmax.set_dtype(DataType.INT64)


def generate_proposals_infer_meta(scores: MetaTensor, bbox_deltas: MetaTensor,
                                  im_shape: MetaTensor, anchors: MetaTensor,
                                  variances: MetaTensor, pre_nms_top_n: int, post_nms_top_n: int,
                                  nms_thresh: float, min_size: float, eta: float,
                                  pixel_offset: bool, rpn_rois: MetaTensor,
                                  rpn_roi_probs: MetaTensor, rpn_rois_num: MetaTensor) -> None:
    """rpn_rois [-1, 4], rpn_roi_probs [-1, 1] (sized by the kernel), rpn_rois_num [N] int32."""
    from phi.kernels.funcs.proposal import proposal_dims

    n = proposal_dims(scores.dims(), bbox_deltas.dims(), im_shape.dims(), anchors.dims(),
                      variances.dims())
    _set((rpn_rois,), (-1, 4), scores)
    _set((rpn_roi_probs,), (-1, 1), scores)
    if rpn_rois_num:
        rpn_rois_num.set_dims((n,))
        rpn_rois_num.set_dtype(DataType.INT32)


def distribute_fpn_proposals_infer_meta(fpn_rois: MetaTensor, rois_num: MetaTensor,
                                        min_level: int, max_level: int, refer_level: int,
                                        refer_scale: int, pixel_offset: bool,
                                        multi_fpn_rois: list[MetaTensor],
                                        restore_index: MetaTensor,
                                        multi_level_rois_num: list[MetaTensor]) -> None:
    """One [-1, 4] RoI list per level (sized by the kernel), restore_index [R, 1] int32,
    one [-1] int32 count list per level when asked for."""
    from phi.kernels.funcs.proposal import check_fpn

    levels = check_fpn(fpn_rois.dims(), min_level, max_level, len(multi_fpn_rois))
    _set(multi_fpn_rois, (-1, 4), fpn_rois)
    restore_index.set_dims((fpn_rois.dims()[0], 1))
    restore_index.set_dtype(DataType.INT32)
    for meta in multi_level_rois_num[:levels]:
        if meta:
            meta.set_dims((-1,))
            meta.set_dtype(DataType.INT32)


def box_clip_infer_meta(input: MetaTensor, im_info: MetaTensor, output: MetaTensor) -> None:
    """output like input (lod kept)."""
    from phi.kernels.funcs.detection import box_clip_dims

    _set((output,), box_clip_dims("box_clip", input.dims(), im_info.dims()), input)
    output.share_lod(input)


def bipartite_match_infer_meta(dist_mat: MetaTensor, match_type: str, dist_threshold: float,
                               col_to_row_match_indices: MetaTensor,
                               col_to_row_match_dist: MetaTensor) -> None:
    """Both outputs DistMat's dims (the kernel sets [instances, M]); int32 indices."""
    from phi.kernels.funcs.detection import bipartite_match_instances

    bipartite_match_instances("bipartite_match", dist_mat.dims(), (), match_type)
    _set((col_to_row_match_indices,), dist_mat.dims(), dist_mat)
    col_to_row_match_indices.set_dtype(DataType.INT32)
    _set((col_to_row_match_dist,), dist_mat.dims(), dist_mat)


def collect_fpn_proposals_infer_meta(multi_level_rois: list[MetaTensor],
                                     multi_level_scores: list[MetaTensor],
                                     multi_level_rois_num: list[MetaTensor], post_nms_topn: int,
                                     fpn_rois: MetaTensor, rois_num: MetaTensor) -> None:
    """fpn_rois [-1, 4] and rois_num [-1] int32: the kernel sizes them."""
    from phi.kernels.funcs.proposal import check_collect

    check_collect([t.dims() for t in multi_level_rois], [t.dims() for t in multi_level_scores],
                  post_nms_topn)
    _set((fpn_rois,), (-1, 4), multi_level_rois[0])
    if rois_num:
        rois_num.set_dims((-1,))
        rois_num.set_dtype(DataType.INT32)


def psroi_pool_infer_meta(x: MetaTensor, ro_is: MetaTensor, rois_num: MetaTensor,
                          pooled_height: int, pooled_width: int, output_channels: int,
                          spatial_scale: float, out: MetaTensor) -> None:
    """out: [R, output_channels, pooled_height, pooled_width]."""
    from phi.kernels.funcs.roi import psroi_pool_dims

    _set((out,), psroi_pool_dims(x.dims(), ro_is.dims(), rois_num.dims() if rois_num else None,
                                 pooled_height, pooled_width, output_channels, spatial_scale),
         x)


def yolo_loss_infer_meta(x: MetaTensor, gt_box: MetaTensor, gt_label: MetaTensor,
                         gt_score: MetaTensor, anchors: list[int], anchor_mask: list[int],
                         class_num: int, ignore_thresh: float, downsample_ratio: int,
                         use_label_smooth: bool, scale_x_y: float, loss: MetaTensor,
                         objectness_mask: MetaTensor, gt_match_mask: MetaTensor) -> None:
    """loss [N], objectness_mask [N, M, H, W] (x's dtype), gt_match_mask [N, B] int32."""
    from phi.kernels.funcs.detection_loss import yolov3_loss_dims

    loss_dims, obj_dims, match_dims = yolov3_loss_dims(
        x.dims(), gt_box.dims(), gt_label.dims(), gt_score.dims() if gt_score else None,
        anchors, anchor_mask, class_num)
    _set((loss,), loss_dims, x)
    _set((objectness_mask,), obj_dims, x)
    _set((gt_match_mask,), match_dims, x)
    gt_match_mask.set_dtype(DataType.INT32)
