"""Family programs for export.py (Paddle 3.3.1, legacy ProgramDesc), kept beside it.

- unet_decoder, vision_stn: a small UNet decoder (transposed convs, interpolation) and a
  spatial transformer (affine_grid, grid_sampler, pixel / channel shuffles, norms, prelu).
- det_head, crnn: a YOLOv3 + SSD detection head ending in multiclass_nms3, and a CRNN with
  greedy CTC decoding (ctc_align).
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
from export_common import image_inputs, legacy_op, new_var  # this folder, as export.py
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


# -- decoders, spatial transformers, deployed-model heads ------------------------------


class ConvBNReLU(nn.Sequential):
    def __init__(self, cin, cout, k=3):
        super().__init__(nn.Conv2D(cin, cout, k, padding=k // 2, bias_attr=False),
                         nn.BatchNorm2D(cout), nn.ReLU())


class UNetDecoder(nn.Layer):
    """A small UNet: 3 encoder stages (conv-bn-relu, max pool), a decoder that upsamples
    with a learned transposed conv (k2 s2, and k3 s2 p1 output_padding 1 + batch_norm),
    bilinear interpolation to a skip tensor's runtime size, nearest x4 (scale), concats
    the skips, and 1x1 conv logits."""

    def __init__(self, classes=3):
        super().__init__()
        self.enc1, self.enc2, self.enc3 = ConvBNReLU(3, 8), ConvBNReLU(8, 16), ConvBNReLU(16, 32)
        self.pool = nn.MaxPool2D(2, 2)
        self.up3 = nn.Conv2DTranspose(32, 16, 2, stride=2)                  # + bias add
        self.dec2 = ConvBNReLU(32, 16)
        self.up2 = nn.Conv2DTranspose(16, 8, 3, stride=2, padding=1, output_padding=1,
                                      bias_attr=False)
        self.up2_bn = nn.BatchNorm2D(8)
        self.dec1 = ConvBNReLU(8 + 8 + 16 + 32, 16)
        self.head = nn.Conv2D(16, classes, 1)

    def forward(self, x):
        e1 = self.enc1(x)                                                   # 8 x H
        e2 = self.enc2(self.pool(e1))                                       # 16 x H/2
        e3 = self.enc3(self.pool(e2))                                       # 32 x H/4
        d2 = self.dec2(paddle.concat([self.up3(e3), e2], axis=1))          # 16 x H/2
        u2 = F.relu(self.up2_bn(self.up2(d2)))                              # 8 x H
        # skip-sized bilinear upsampling (the size comes from a shape op at run time)
        s2 = F.interpolate(d2, size=paddle.shape(e1)[2:], mode="bilinear",
                           align_corners=False)                             # 16 x H
        s3 = F.interpolate(e3, scale_factor=4, mode="nearest")              # 32 x H
        d1 = self.dec1(paddle.concat([u2, e1, s2, s3], axis=1))
        return self.head(d1)


def build_unet_decoder(dtype):
    x = paddle.static.data("image", [-1, 3, 24, 24], dtype)
    m = UNetDecoder(classes=3)
    m.eval()
    y = m(x)
    return [x], [y], image_inputs("image", (3, 24, 24), dtype)


class VisionSTN(nn.Layer):
    """A spatial transformer: a localisation net (conv, group_norm, channel prelu, max pool
    with indices and unpool, adaptive avg pool, Linear) predicts theta near the identity;
    affine_grid over the input's runtime shape and grid_sampler warp the image; then conv,
    instance_norm, pixel_shuffle, channel_shuffle, pixel_unshuffle and a shared prelu."""

    def __init__(self):
        super().__init__()
        self.loc_conv = nn.Conv2D(3, 8, 3, padding=1)
        self.loc_gn = nn.GroupNorm(4, 8)
        self.loc_act = nn.PReLU(8)
        self.loc_fc = nn.Linear(8 * 4 * 4, 6)
        self.conv = nn.Conv2D(3, 12, 3, padding=1)
        self.inorm = nn.InstanceNorm2D(12)
        self.act = nn.PReLU()

    def forward(self, x):
        h = self.loc_act(self.loc_gn(self.loc_conv(x)))
        h, mask = F.max_pool2d(h, 2, 2, return_mask=True)
        h = F.max_unpool2d(h, mask, 2, 2)
        h = paddle.flatten(F.adaptive_avg_pool2d(h, 4), 1)
        eye = paddle.to_tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
        theta = paddle.reshape(0.2 * legacy_op("tanh", {"X": [self.loc_fc(h)]}), [-1, 2, 3]) + eye
        grid = F.affine_grid(theta, paddle.shape(x), align_corners=False)
        grid = paddle.reshape(grid, [-1, 16, 16, 2])  # static dims for Paddle's InferShape
        # grid_sample has no legacy-mode API in Paddle 3.3.1: the op as older code emitted it
        warped = legacy_op("grid_sampler", {"X": [x], "Grid": [grid]},
                           {"mode": "bilinear", "padding_mode": "border",
                            "align_corners": False}, out_slot="Output")
        y = F.pixel_shuffle(self.inorm(self.conv(warped)), 2)      # 3 x 2H x 2W
        y = F.pixel_unshuffle(F.channel_shuffle(y, 3), 2)          # 12 x H x W
        return self.act(y), theta


def build_vision_stn(dtype):
    x = paddle.static.data("image", [-1, 3, 16, 16], dtype)
    m = VisionSTN()
    m.eval()
    y, theta = m(x)
    return [x], [y, theta], image_inputs("image", (3, 16, 16), dtype)

# -- deployed-model families: a detection head with NMS, a CRNN with greedy CTC decoding ----

DET_CLASSES, DET_ANCHORS, DET_PRIOR_SIZES = 3, [10, 13, 24, 30], ([8.0], [16.0], [2.0])


def multiclass_nms3(bboxes, scores, **attrs):
    """multiclass_nms3 as PaddleDetection's exports write it (3.3.1 has no Python API for
    it): (Out [K, 6] with a per-image LoD, Index [K, 1], NmsRoisNum [N])."""
    block = paddle.static.default_main_program().current_block()
    out = new_var(block, "multiclass_nms3", bboxes.dtype)
    index = new_var(block, "multiclass_nms3_index", "int32")
    num = new_var(block, "multiclass_nms3_rois_num", "int32")
    block.append_op(type="multiclass_nms3", inputs={"BBoxes": [bboxes], "Scores": [scores]},
                    outputs={"Out": [out], "Index": [index], "NmsRoisNum": [num]},
                    attrs={"nms_eta": 1.0, **attrs})
    return out, index, num


def build_det_head(dtype):
    """A small conv backbone with two detection heads on its 8x8 map, each ending in
    multiclass_nms3: a YOLOv3 head (yolo_box to image pixels, scale_x_y) and an SSD head
    (prior_box priors, box_coder decode of the loc conv, softmax class scores)."""
    image = paddle.static.data("image", [-1, 3, 32, 32], dtype)
    im_size = paddle.static.data("im_size", [-1, 2], "int32")
    feat = F.max_pool2d(ConvBNReLU(3, 8)(image), 2)                        # 8 x 16 x 16
    feat = F.max_pool2d(ConvBNReLU(8, 16)(feat), 2)                        # 16 x 8 x 8
    anchors = len(DET_ANCHORS) // 2
    yolo = nn.Conv2D(16, anchors * (5 + DET_CLASSES), 1)(feat)
    boxes, scores = paddle.vision.ops.yolo_box(
        yolo, im_size, anchors=DET_ANCHORS, class_num=DET_CLASSES, conf_thresh=0.05,
        downsample_ratio=4, clip_bbox=True, scale_x_y=1.05)
    yolo_out, yolo_index, yolo_num = multiclass_nms3(
        boxes, paddle.transpose(scores, [0, 2, 1]), score_threshold=0.93, nms_top_k=64,
        keep_top_k=40, nms_threshold=0.45, normalized=False, background_label=-1)

    min_sizes, max_sizes, ratios = DET_PRIOR_SIZES
    prior, prior_var = paddle.vision.ops.prior_box(
        feat, image, min_sizes=min_sizes, max_sizes=max_sizes, aspect_ratios=ratios,
        flip=True, clip=True)
    priors = 2 + 2 * len(ratios)                                           # per cell
    loc = nn.Conv2D(16, priors * 4, 3, padding=1)(feat)
    loc = paddle.reshape(paddle.transpose(loc, [0, 2, 3, 1]), [0, -1, 4])
    conf = nn.Conv2D(16, priors * (DET_CLASSES + 1), 3, padding=1)(feat)
    conf = paddle.reshape(paddle.transpose(conf, [0, 2, 3, 1]), [0, -1, DET_CLASSES + 1])
    decoded = paddle.vision.ops.box_coder(
        paddle.reshape(prior, [-1, 4]), paddle.reshape(prior_var, [-1, 4]), loc,
        code_type="decode_center_size", box_normalized=True)
    ssd_out, _, ssd_num = multiclass_nms3(
        decoded, paddle.transpose(F.softmax(conf), [0, 2, 1]), score_threshold=0.995,
        nms_top_k=100, keep_top_k=40, nms_threshold=0.45, normalized=True,
        background_label=0)

    def make(rng, batch):
        sizes = rng.integers(24, 80, size=(batch, 2)).astype("int32")
        return {"image": rng.standard_normal((batch, 3, 32, 32)).astype(dtype),
                "im_size": sizes}

    return [image, im_size], [yolo_out, yolo_index, yolo_num, ssd_out, ssd_num], make


CRNN_H, CRNN_W, CRNN_HIDDEN, CRNN_CLASSES = 16, 48, 12, 11   # class 0 is CTC's blank


def build_crnn(dtype):
    """PaddleOCR's CRNN recogniser in small: conv-bn-relu + max pools to a 1-pixel-high
    map, squeeze to a [N, W, C] sequence, bidirectional LSTM (rnn op), Linear, softmax, then
    the greedy CTC decode as a program: argmax per step and ctc_align (merge repeats, drop
    blanks) over each image's valid steps (`seq_len`)."""
    image = paddle.static.data("image", [-1, 1, CRNN_H, CRNN_W], dtype)
    seq_len = paddle.static.data("seq_len", [-1, 1], "int64")
    x = F.max_pool2d(ConvBNReLU(1, 8)(image), 2)                            # 8 x 8 x 24
    x = F.max_pool2d(ConvBNReLU(8, 16)(x), kernel_size=(8, 1), stride=(8, 1))  # 16 x 1 x 24
    seq = paddle.transpose(paddle.squeeze(x, axis=2), [0, 2, 1])            # N x 24 x 16
    seq, _ = nn.LSTM(16, CRNN_HIDDEN, direction="bidirect")(seq)
    probs = F.softmax(nn.Linear(2 * CRNN_HIDDEN, CRNN_CLASSES)(seq))        # N x 24 x 11
    # paddle.argmax builds no legacy program in 3.3.1: the arg_max op PaddleOCR's export has
    tokens = legacy_op("arg_max", {"X": [probs]}, dtype="int64",             # N x 24
                       attrs={"axis": -1, "keepdims": False, "flatten": False, "dtype": 3})
    block = paddle.static.default_main_program().current_block()
    decoded = new_var(block, "ctc_align", "int64")
    decoded_len = new_var(block, "ctc_align_length", "int64")
    block.append_op(type="ctc_align", inputs={"Input": [tokens], "InputLength": [seq_len]},
                    outputs={"Output": [decoded], "OutputLength": [decoded_len]},
                    attrs={"blank": 0, "merge_repeated": True, "padding_value": 0})
    steps = CRNN_W // 2

    def make(rng, batch):
        lengths = rng.integers(steps // 2, steps + 1, size=(batch, 1))
        lengths[0] = steps
        return {"image": rng.standard_normal((batch, 1, CRNN_H, CRNN_W)).astype(dtype),
                "seq_len": lengths.astype("int64")}

    return [image, seq_len], [probs, decoded, decoded_len], make


MODELS = {
    "unet_decoder": (
        build_unet_decoder,
        "small UNet (conv-bn-relu encoder, max pool; conv2d_transpose k2s2 and k3s2p1 "
        "output_padding 1 + batch_norm, bilinear_interp_v2 to a skip's runtime size, "
        "nearest_interp_v2 x4, concat skips, 1x1 conv logits); feed image [-1,3,24,24]",
    ),
    "vision_stn": (
        build_vision_stn,
        "spatial transformer: conv, group_norm, prelu (channel), max_pool2d_with_index + "
        "unpool, adaptive avg pool, Linear -> theta; affine_grid over shape(image) "
        "(OutputShape tensor) + grid_sampler (bilinear, border); conv, instance_norm, "
        "pixel_shuffle, channel_shuffle, pixel_unshuffle, prelu (all); feed image "
        "[-1,3,16,16]; fetches the output and theta",
    ),
    "det_head": (
        build_det_head,
        "conv-bn-relu backbone to an 8x8 map; YOLOv3 head (yolo_box, scale_x_y 1.05) and SSD "
        "head (prior_box, box_coder decode, softmax), each -> multiclass_nms3; feeds image "
        "[-1,3,32,32], im_size int32 [-1,2]; fetches both NMS outputs (LoD), YOLO's Index, "
        "NmsRoisNum",
    ),
    "crnn": (
        build_crnn,
        "CRNN: conv-bn-relu + max pools to height 1, squeeze/transpose to [N,24,16], "
        "bidirectional LSTM (rnn), Linear, softmax, argmax, ctc_align (padded, InputLength); "
        "feeds image [-1,1,16,48], seq_len int64 [-1,1]; fetches probs, decoded tokens and "
        "their lengths",
    ),
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
