"""Family programs for export.py (Paddle 3.3.1, legacy ProgramDesc), kept beside it.

- rcnn_head: a Faster R-CNN with a two-level FPN in small, the way PaddleDetection exports
  one: an RPN (anchor_generator, generate_proposals_v2), proposals split over the FPN levels
  (distribute_fpn_proposals), roi_align per level gathered back into proposal order and
  roi_pool beside it, a box head (box_coder decode, softmax), and a dense SOLO/PP-YOLO-style
  branch ending in matrix_nms.
- select_route: select_output routes a tensor into one of two conditional_blocks and
  select_input joins them (3.3.1's `cond` no longer builds legacy programs, so the blocks
  are written with ConditionalBlock as `cond` used to write them); routed twice with
  complementary masks, so every run takes both branches.

Imported by export.py, which sets FLAGS_enable_pir_api before paddle is imported.
"""

import paddle
import paddle.nn.functional as F
from paddle import nn
from paddle.static.nn.control_flow import ConditionalBlock, select_input, select_output

RCNN_CLASSES = 3
RCNN_ANCHOR_SIZES = [6.0, 12.0]
RCNN_RATIOS = [0.5, 1.0, 2.0]
RCNN_POOL = 4


def _append(op_type, inputs, outputs, attrs):
    """One op the 3.3.1 Python API no longer exposes, written as LayerHelper does:
    outputs = {slot: dtype}; returns the new variables in slot order."""
    block = paddle.static.default_main_program().current_block()
    made = {slot: block.create_var(name=paddle.base.unique_name.generate(f"{op_type}.tmp"),
                                   dtype=dtype)
            for slot, dtype in outputs.items()}
    block.append_op(type=op_type, inputs=inputs,
                    outputs={slot: [var] for slot, var in made.items()}, attrs=attrs)
    return list(made.values())


def _sigmoid(x):
    """3.3.1's F.sigmoid builds no legacy op in a static program: append it directly."""
    return _append("sigmoid", {"X": [x]}, {"Out": x.dtype}, {})[0]


def _conv_bn_relu(cin, cout):
    return nn.Sequential(nn.Conv2D(cin, cout, 3, padding=1), nn.BatchNorm2D(cout), nn.ReLU())


def build_rcnn_head(dtype):
    """image [-1,3,32,32] and im_shape [-1,2] (h, w) -> proposals, their class
    probabilities and decoded boxes, and the dense branch's matrix_nms detections."""
    image = paddle.static.data("image", [-1, 3, 32, 32], dtype)
    im_shape = paddle.static.data("im_shape", [-1, 2], dtype)
    c2 = F.max_pool2d(_conv_bn_relu(3, 8)(image), 2)                  # 8 x 16 x 16, stride 2
    c3 = F.max_pool2d(_conv_bn_relu(8, 16)(c2), 2)                    # 16 x 8 x 8, stride 4
    p3 = nn.Conv2D(16, 16, 1)(c3)
    p2 = nn.Conv2D(8, 16, 1)(c2) + F.interpolate(p3, scale_factor=2, mode="nearest")

    anchors_per_cell = len(RCNN_ANCHOR_SIZES) * len(RCNN_RATIOS)
    rpn = F.relu(nn.Conv2D(16, 16, 3, padding=1)(p3))
    rpn_scores = _sigmoid(nn.Conv2D(16, anchors_per_cell, 1)(rpn))
    rpn_deltas = nn.Conv2D(16, 4 * anchors_per_cell, 1)(rpn)
    anchors, variances = _append(
        "anchor_generator", {"Input": [p3]}, {"Anchors": dtype, "Variances": dtype},
        {"anchor_sizes": RCNN_ANCHOR_SIZES, "aspect_ratios": RCNN_RATIOS,
         "variances": [1.0, 1.0, 1.0, 1.0], "stride": [4.0, 4.0], "offset": 0.5})
    rois, _, rois_num = paddle.vision.ops.generate_proposals(
        rpn_scores, rpn_deltas, im_shape, anchors, variances, pre_nms_top_n=48,
        post_nms_top_n=10, nms_thresh=0.6, min_size=1.0, return_rois_num=True)

    levels, restore, level_nums = paddle.vision.ops.distribute_fpn_proposals(
        rois, min_level=2, max_level=3, refer_level=3, refer_scale=8, rois_num=rois_num)
    pooled = [paddle.vision.ops.roi_align(feat, level_rois, num, RCNN_POOL, scale,
                                          sampling_ratio=2)
              for feat, level_rois, num, scale in zip((p2, p3), levels, level_nums,
                                                      (0.5, 0.25))]
    feats = paddle.gather(paddle.concat(pooled), paddle.reshape(restore, [-1]))
    feats = feats + paddle.vision.ops.roi_pool(p3, rois, rois_num, RCNN_POOL, 0.25)
    hidden = F.relu(nn.Linear(16 * RCNN_POOL * RCNN_POOL, 32)(paddle.flatten(feats, 1)))
    cls_prob = F.softmax(nn.Linear(32, RCNN_CLASSES + 1)(hidden))
    boxes = paddle.vision.ops.box_coder(
        rois, [0.1, 0.1, 0.2, 0.2], paddle.unsqueeze(nn.Linear(32, 4)(hidden), 1),
        code_type="decode_center_size", box_normalized=False, axis=1)

    dense = paddle.vision.ops.box_coder(
        paddle.reshape(anchors, [-1, 4]), paddle.reshape(variances, [-1, 4]),
        paddle.reshape(paddle.transpose(rpn_deltas, [0, 2, 3, 1]), [0, -1, 4]),
        code_type="decode_center_size", box_normalized=False)
    dense_scores = _sigmoid(nn.Conv2D(16, anchors_per_cell * RCNN_CLASSES, 1)(rpn))
    dense_scores = paddle.transpose(paddle.reshape(
        paddle.transpose(dense_scores, [0, 2, 3, 1]), [0, -1, RCNN_CLASSES]), [0, 2, 1])
    det, det_index, det_num = paddle.vision.ops.matrix_nms(
        dense, dense_scores, score_threshold=0.55, post_threshold=0.5, nms_top_k=64,
        keep_top_k=20, use_gaussian=True, background_label=-1, normalized=False,
        return_index=True, return_rois_num=True)

    def make(rng, batch):
        return {"image": rng.standard_normal((batch, 3, 32, 32)).astype(dtype),
                "im_shape": rng.integers(24, 33, size=(batch, 2)).astype(dtype)}

    return [image, im_shape], [rois, rois_num, cls_prob, boxes, det, det_index, det_num], make


def _route(x, mask):
    """select_output x by mask into branch 0 (relu) or 1 (2x + 1), each in a
    conditional_block, then select_input the result by the same mask."""
    block = paddle.static.default_main_program().current_block()
    branches = [block.create_var(name=paddle.base.unique_name.generate("branch"), dtype=x.dtype)
                for _ in range(2)]
    results = [block.create_var(name=paddle.base.unique_name.generate("result"), dtype=x.dtype)
               for _ in range(2)]
    select_output(x, branches, mask)
    taken = _append("equal", {"X": [mask], "Y": [paddle.full([1], 1, "int32")]},
                    {"Out": "bool"}, {"axis": -1})[0]
    not_taken = _append("logical_not", {"X": [taken]}, {"Out": "bool"}, {})[0]
    for cond, branch, result, fn in zip((not_taken, taken), branches, results,
                                        (F.relu, lambda v: paddle.scale(v, 2.0, 1.0))):
        with ConditionalBlock([cond], is_scalar_condition=True).block():
            value = fn(branch)
            paddle.static.default_main_program().current_block().append_op(
                type="assign", inputs={"X": [value]}, outputs={"Out": [result]})
    return select_input(results, mask)


def build_select_route(dtype):
    """x [-1,4], mask int32 [1] -> route(route(x, mask), 1 - mask)."""
    x = paddle.static.data("x", [-1, 4], dtype)
    mask = paddle.static.data("mask", [1], "int32")
    other = paddle.full([1], 1, "int32") - mask
    out = _route(_route(x, mask), other)

    def make(rng, batch):
        return {"x": rng.standard_normal((batch, 4)).astype(dtype),
                "mask": rng.integers(0, 2, size=(1,)).astype("int32")}

    return [x, mask], [out], make


MODELS = {
    "rcnn_head": (
        build_rcnn_head,
        "two-stage detector in small: conv-bn-relu backbone with a 2-level FPN; RPN "
        "(anchor_generator, generate_proposals_v2), distribute_fpn_proposals, roi_align per "
        "level gathered by RestoreIndex plus roi_pool, box head (softmax, box_coder decode); "
        "dense branch (box_coder, sigmoid) -> matrix_nms (gaussian); feeds image "
        "[-1,3,32,32], im_shape [-1,2]; fetches proposals and counts, class probabilities, "
        "decoded boxes, matrix_nms Out/Index/RoisNum",
    ),
    "select_route": (
        build_select_route,
        "select_output -> two conditional_blocks (relu / 2x+1) -> select_input, routed twice "
        "with complementary masks; feeds x [-1,4], mask int32 [1]; fetches the joined result",
    ),
}
