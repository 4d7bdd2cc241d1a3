"""Generate conformance fixtures with real PaddlePaddle (CPU, legacy ProgramDesc).

Test-time tool only; it needs a separate venv with paddlepaddle==3.3.1:

    python3 -m venv /work/paddle-venv
    /work/paddle-venv/bin/pip install paddlepaddle==3.3.1 numpy
    /work/paddle-venv/bin/python tests/conformance/export.py [--out DIR] [--only NAME ...] [--large]
    /work/paddle-venv/bin/python tests/conformance/export.py --measure   # fp32-vs-fp64 error report

See tests/conformance/README.md for the fixture layout.
"""

import os

# Must happen before paddle is imported: legacy ProgramDesc (non-PIR) format.
os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import shutil
import sys
from functools import partial

import numpy as np
import paddle
import paddle.nn.functional as F
from export_common import (  # this folder: the script runs as a file
    BATCHES,
    MAX_VARIANTS,
    make_batches,
    measure,
    proto_entry,
    randomize_params,
    record_references,
    saved_batches,
    verify,
    write_json,
)
from export_families import MODELS as FAMILY_MODELS
from paddle import nn
from paddle.base import unique_name

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(REPO, "tests", "fixtures", "models")
EXTRA_PROTO_OPS = [
    "feed",
    "fetch",
    "scale",
    "sign",
    "relu",
    "elementwise_add",
    "matmul_v2",
    "softmax",
    "fill_constant",
    "reshape2",
    "cast",
]


# --------------------------------------------------------------------------
# small helpers
# --------------------------------------------------------------------------


def new_var(block, prefix, dtype, shape=None):
    name = unique_name.generate(prefix + ".tmp")
    return block.create_var(name=name, dtype=dtype, shape=shape)


def legacy_op(op_type, inputs, attrs=None, out_slot="Out", extra_outputs=(), dtype=None):
    """Append one legacy op to the current block; returns its main output var.

    extra_outputs: additional output slot names (e.g. XShape, Mean, Variance)
    that get fresh variables.
    """
    block = paddle.static.default_main_program().current_block()
    first = next(iter(inputs.values()))[0]
    dtype = dtype or first.dtype
    out = new_var(block, op_type, dtype)
    outputs = {out_slot: [out]}
    for slot in extra_outputs:
        outputs[slot] = [new_var(block, op_type + "_" + slot.lower(), dtype)]
    block.append_op(type=op_type, inputs=inputs, outputs=outputs, attrs=attrs or {})
    return out


# --------------------------------------------------------------------------
# models
# Each builder runs inside program_guard + unique_name.guard and returns
# (feed_vars, fetch_vars, make_inputs) where make_inputs(rng, batch) -> dict.
# `dtype` is float32 for fixtures; --measure rebuilds them in float64.
# --------------------------------------------------------------------------


def image_inputs(name, chw, dtype):
    def make(rng, batch):
        return {name: rng.standard_normal((batch, *tuple(chw))).astype(dtype)}

    return make


def build_mlp(dtype):
    x = paddle.static.data("x", [-1, 16], dtype)
    h = F.relu(nn.Linear(16, 32)(x))
    h = F.relu(nn.Linear(32, 32)(h))
    y = F.softmax(nn.Linear(32, 10)(h), axis=-1)
    return [x], [y], image_inputs("x", (16,), dtype)


def vision_builder(make_layer, chw):
    """Builder for a paddle.vision-style model in eval mode fed images [-1, *chw]."""

    def build(dtype):
        x = paddle.static.data("image", [-1, *chw], dtype)
        m = make_layer()
        m.eval()
        y = m(x)
        return [x], [y], image_inputs("image", chw, dtype)

    return build


build_lenet = vision_builder(lambda: paddle.vision.models.LeNet(num_classes=10), (1, 28, 28))


class NarrowResNet18(nn.Layer):
    """ResNet-18 topology (BasicBlock x [2,2,2,2]) with reduced channel width."""

    def __init__(self, base=16, num_classes=10):
        super().__init__()
        from paddle.vision.models.resnet import BasicBlock

        widths = [base, base * 2, base * 4, base * 8]
        self.conv1 = nn.Conv2D(3, base, 7, stride=2, padding=3, bias_attr=False)
        self.bn1 = nn.BatchNorm2D(base)
        self.relu = nn.ReLU()
        self.maxpool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        inplanes = base
        stages = []
        for i, w in enumerate(widths):
            stride = 1 if i == 0 else 2
            blocks = []
            for j in range(2):
                s = stride if j == 0 else 1
                down = None
                if s != 1 or inplanes != w:
                    down = nn.Sequential(
                        nn.Conv2D(inplanes, w, 1, stride=s, bias_attr=False),
                        nn.BatchNorm2D(w),
                    )
                blocks.append(BasicBlock(inplanes, w, stride=s, downsample=down))
                inplanes = w
            stages.append(nn.Sequential(*blocks))
        self.layer1, self.layer2, self.layer3, self.layer4 = stages
        self.avgpool = nn.AdaptiveAvgPool2D((1, 1))
        self.fc = nn.Linear(inplanes, num_classes)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        x = paddle.flatten(self.avgpool(x), 1)
        return self.fc(x)


build_resnet18_small = vision_builder(lambda: NarrowResNet18(base=16, num_classes=10),
                                      (3, 32, 32))
build_resnet18 = vision_builder(lambda: paddle.vision.models.resnet18(num_classes=1000),
                                (3, 224, 224))
build_resnet50 = vision_builder(lambda: paddle.vision.models.resnet50(num_classes=1000),
                                (3, 224, 224))
build_mobilenet_v2 = vision_builder(
    lambda: paddle.vision.models.MobileNetV2(scale=1.0, num_classes=1000), (3, 224, 224))
build_mobilenetv2 = vision_builder(
    lambda: paddle.vision.models.MobileNetV2(scale=0.25, num_classes=10), (3, 64, 64))


TF_VOCAB, TF_SEQ, TF_D, TF_HEADS, TF_FF, TF_LAYERS = 100, 16, 64, 4, 128, 2


def _dropout(x):
    # Inference-mode dropout op (identity under upscale_in_train), as exported models carry.
    return F.dropout(x, p=0.1, training=False)


def _attention(x, d, heads):
    hd = d // heads

    def split(t):
        t = legacy_op(
            "reshape2", {"X": [t]}, {"shape": [0, 0, heads, hd]}, extra_outputs=["XShape"]
        )
        return legacy_op("transpose2", {"X": [t]}, {"axis": [0, 2, 1, 3]}, extra_outputs=["XShape"])

    q = split(nn.Linear(d, d)(x))
    k = split(nn.Linear(d, d)(x))
    v = split(nn.Linear(d, d)(x))
    q = legacy_op("scale", {"X": [q]}, {"scale": hd**-0.5, "bias": 0.0, "bias_after_scale": True})
    s = legacy_op("matmul_v2", {"X": [q], "Y": [k]}, {"trans_x": False, "trans_y": True})
    w = legacy_op("softmax", {"X": [s]}, {"axis": -1})
    w = _dropout(w)
    o = legacy_op("matmul_v2", {"X": [w], "Y": [v]}, {"trans_x": False, "trans_y": False})
    o = legacy_op("transpose2", {"X": [o]}, {"axis": [0, 2, 1, 3]}, extra_outputs=["XShape"])
    o = legacy_op("reshape2", {"X": [o]}, {"shape": [0, 0, d]}, extra_outputs=["XShape"])
    return nn.Linear(d, d)(o)


def _layer_norm(x, d):
    ln = nn.LayerNorm(d, epsilon=1e-5)  # creates params; emits legacy layer_norm
    return ln(x)


def _add(a, b):
    return legacy_op("elementwise_add", {"X": [a], "Y": [b]}, {"axis": -1})


def _encoder_layer(x, d, heads, ff):
    # Post-norm (normalize_before=False) encoder layer, relu activation.
    a = _attention(x, d, heads)
    x = _layer_norm(_add(x, _dropout(a)), d)
    h = legacy_op("relu", {"X": [nn.Linear(d, ff)(x)]})
    h = nn.Linear(ff, d)(_dropout(h))
    return _layer_norm(_add(x, _dropout(h)), d)


def build_transformer(dtype):
    ids = paddle.static.data("src_ids", [-1, TF_SEQ], "int64")
    pos = paddle.static.data("pos_ids", [-1, TF_SEQ], "int64")
    emb = nn.Embedding(TF_VOCAB, TF_D)(ids)  # lookup_table_v2
    pemb = nn.Embedding(TF_SEQ, TF_D)(pos)
    x = _dropout(_add(emb, pemb))
    for _ in range(TF_LAYERS):
        x = _encoder_layer(x, TF_D, TF_HEADS, TF_FF)
    first = legacy_op(
        "slice",
        {"Input": [x]},
        {"axes": [1], "starts": [0], "ends": [1], "decrease_axis": [1], "infer_flags": [1]},
    )
    pooled = legacy_op("tanh", {"X": [nn.Linear(TF_D, TF_D)(first)]})

    def make(rng, batch):
        return {
            "src_ids": rng.integers(0, TF_VOCAB, size=(batch, TF_SEQ)).astype("int64"),
            "pos_ids": np.tile(np.arange(TF_SEQ, dtype="int64"), (batch, 1)),
        }

    return [ids, pos], [pooled], make


def build_while_loop(dtype):
    """A while loop whose trip count depends on the data (h grows until its mean passes a
    threshold, at most 6 steps), a Linear and relu in the body, a tensor array."""
    x = paddle.static.data("x", [-1, 8], dtype)
    lin = nn.Linear(8, 8)
    i = paddle.full([1], 0, "int64")
    limit = paddle.full([1], 6, "int64")

    def cond(i, h):
        return legacy_op("logical_and", {"X": [i < limit], "Y": [paddle.mean(h) < 0.6]},
                         dtype="bool")

    def body(i, h):
        return i + 1, F.relu(lin(h)) + h * 0.5 + 0.25

    steps, h = paddle.static.nn.while_loop(cond, body, [i, x])
    arr = paddle.tensor.array_write(h, paddle.full([1], 0, "int64"))
    arr = paddle.tensor.array_write(x, paddle.full([1], 1, "int64"), array=arr)
    first = paddle.tensor.array_read(arr, paddle.full([1], 0, "int64"))
    length = paddle.tensor.array_length(arr)
    return [x], [first, steps, length], image_inputs("x", (8,), dtype)


RNN_VOCAB, RNN_SEQ, RNN_EMB, RNN_LSTM, RNN_GRU, RNN_CLASSES = 50, 10, 16, 12, 10, 5


def build_text_rnn(dtype):
    """Token ids with per-sample lengths -> Embedding -> bidirectional 2-layer LSTM -> GRU
    (both told the lengths) -> [GRU's last h, the LSTM's last-layer backward h] -> Linear."""
    ids = paddle.static.data("ids", [-1, RNN_SEQ], "int64")
    lens = paddle.static.data("lens", [-1], "int64")
    emb = nn.Embedding(RNN_VOCAB, RNN_EMB)(ids)
    lstm = nn.LSTM(RNN_EMB, RNN_LSTM, num_layers=2, direction="bidirect")
    seq, (h, _c) = lstm(emb, sequence_length=lens)
    _, h_gru = nn.GRU(2 * RNN_LSTM, RNN_GRU)(seq, sequence_length=lens)
    feat = paddle.concat([h_gru[0], h[-1]], axis=-1)
    logits = nn.Linear(RNN_GRU + RNN_LSTM, RNN_CLASSES)(feat)

    def make(rng, batch):
        lengths = rng.integers(1, RNN_SEQ + 1, size=batch)
        lengths[0] = RNN_SEQ - 3  # batch 1 is padded too
        if batch > 1:
            lengths[1] = RNN_SEQ
        return {"ids": rng.integers(0, RNN_VOCAB, size=(batch, RNN_SEQ)).astype("int64"),
                "lens": lengths.astype("int64")}

    return [ids, lens], [logits, seq], make

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
    "mlp": (build_mlp, "3x Linear (16-32-32-10), ReLU, softmax; feed x [-1,16]"),
    "lenet": (build_lenet, "paddle.vision.models.LeNet; feed image [-1,1,28,28]"),
    "resnet18_small": (
        build_resnet18_small,
        "ResNet-18 topology (paddle.vision BasicBlock), width 16-32-64-128, "
        "10 classes; feed image [-1,3,32,32]",
    ),
    "mobilenetv2": (
        build_mobilenetv2,
        "paddle.vision.models.MobileNetV2(scale=0.25, num_classes=10); feed image [-1,3,64,64]",
    ),
    "transformer": (
        build_transformer,
        "Embedding(100,64)+position Embedding(16,64), 2-layer post-norm "
        "Transformer encoder (4 heads, ff 128, relu) built from legacy ops, "
        "first token -> Linear -> tanh; feeds src_ids/pos_ids int64 [-1,16]",
    ),
    "while_loop": (
        build_while_loop,
        "paddle.static.nn.while_loop with a data-dependent trip count (Linear + relu body, "
        "at most 6 steps), then a tensor array: write_to_array, read_from_array, "
        "lod_array_length; feed x [-1,8]; fetches the loop result, steps, array length",
    ),
    "text_rnn": (
        build_text_rnn,
        "Embedding(50,16) -> bidirectional 2-layer LSTM(12) -> GRU(10), both with the "
        "sequence lengths (rnn op) -> concat(GRU h, LSTM last backward h) -> Linear(22,5); "
        "feeds ids int64 [-1,10], lens int64 [-1]; fetches logits and the LSTM output",
    ),
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
}
MODELS.update(FAMILY_MODELS)
LARGE_MODELS = {
    "resnet18": (
        build_resnet18,
        "paddle.vision.models.resnet18 (full width, 1000 classes); feed image [-1,3,224,224]",
    ),
    "mobilenet_v2": (
        build_mobilenet_v2,
        "paddle.vision.models.MobileNetV2(scale=1.0, num_classes=1000); "
        "feed image [-1,3,224,224]",
    ),
    "resnet50": (
        build_resnet50,
        "paddle.vision.models.resnet50 (1000 classes); feed image [-1,3,224,224]",
    ),
}
ALL_MODELS = {**MODELS, **LARGE_MODELS}
#: Fixed per model (a new model never changes another's weights).
SEEDS = {name: 1000 + i for i, name in enumerate(
    ("mlp", "lenet", "resnet18_small", "mobilenetv2", "transformer", "resnet18", "while_loop",
     "text_rnn", "unet_decoder", "det_head", "crnn", "vision_stn", "rcnn_head",
     "select_route"))}


# --------------------------------------------------------------------------
# export one model
# --------------------------------------------------------------------------


def _seeded_build(name, dtype):
    paddle.seed(SEEDS[name])
    return build(name, dtype)


def build(name, dtype="float32"):
    builder = ALL_MODELS[name][0]
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = SEEDS[name]
    with paddle.static.program_guard(main, startup), unique_name.guard():
        feeds, fetches, make_inputs = builder(dtype)
    return main, startup, feeds, fetches, make_inputs


def export_model(name, out_root):
    place = paddle.CPUPlace()
    out_dir = os.path.join(out_root, name)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    prefix = os.path.join(out_dir, "model")

    paddle.seed(SEEDS[name])
    main, startup, feeds, fetches, make_inputs = build(name)
    test_prog = main.clone(for_test=True)
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(place)
        exe.run(startup)
        randomize_params(main, scope, place, SEEDS[name], "float32")
        paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=test_prog)

    # Reference outputs come from the saved files, in a fresh scope.
    described = record_references(prefix, make_batches(make_inputs, SEEDS[name]), out_dir)
    meta = {
        "name": name,
        "description": ALL_MODELS[name][1],
        "paddle_version": paddle.__version__,
        "paddle_commit": getattr(paddle.version, "commit", None),
        "format": "legacy ProgramDesc (FLAGS_enable_pir_api=0), save_inference_model",
        "seed": SEEDS[name],
        "batch_sizes": list(BATCHES),
        "files": [*sorted(os.listdir(out_dir)), "meta.json"],
        **described,
    }
    write_json(os.path.join(out_dir, "meta.json"), meta)
    print("exported %-16s ops=%s" % (name, described["op_counts"]))
    return meta


# --------------------------------------------------------------------------
# union files
# --------------------------------------------------------------------------


def write_union(out_root):
    union = {}
    used = set()
    sources = {}
    for name in MODELS:
        path = os.path.join(out_root, name, "meta.json")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            meta = json.load(f)
        for op_type, info in meta["ops"].items():
            used.add(op_type)
            sources.setdefault(op_type, []).append(name)
            u = union.setdefault(
                op_type,
                {
                    "attrs": {},
                    "attr_types": {},
                    "attr_values_seen": {},
                    "inputs": [],
                    "outputs": [],
                },
            )
            for k, v in info["attrs"].items():
                u["attrs"].setdefault(k, v)
            for k, v in info["attr_types"].items():
                u["attr_types"].setdefault(k, v)
            for k, vals in info.get("attr_values_seen", {}).items():
                dst = u["attr_values_seen"].setdefault(k, [])
                for v in vals:
                    if v not in dst and len(dst) < MAX_VARIANTS:
                        dst.append(v)
            for s in info["inputs"]:
                if s not in u["inputs"]:
                    u["inputs"].append(s)
            for s in info["outputs"]:
                if s not in u["outputs"]:
                    u["outputs"].append(s)
    if not union:
        print(f"no committed-model meta.json under {out_root}; op_attrs/op_protos not written")
        return
    for op_type, u in union.items():
        u["models"] = sources[op_type]
        u["attrs"] = dict(sorted(u["attrs"].items()))
        u["attr_types"] = dict(sorted(u["attr_types"].items()))
        u["attr_values_seen"] = dict(sorted(u["attr_values_seen"].items()))
    write_json(os.path.join(out_root, "op_attrs.json"),
               {"paddle_version": paddle.__version__, "ops": dict(sorted(union.items()))})
    protos = {t: proto_entry(t) for t in sorted(used | set(EXTRA_PROTO_OPS))}
    write_json(os.path.join(out_root, "op_protos.json"), {
        "paddle_version": paddle.__version__,
        "note": "from OpProtoHolder + core.get_op_attrs_default_value/"
                "get_op_extra_attrs; proto comments omitted",
        "ops": protos,
    })
    print("wrote op_attrs.json (%d ops), op_protos.json (%d ops)" % (len(union), len(protos)))


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--only", nargs="+", choices=sorted(ALL_MODELS))
    ap.add_argument(
        "--large",
        action="store_true",
        help="also export the full-size models (resnet18, mobilenet_v2, resnet50; not committed)",
    )
    ap.add_argument(
        "--measure",
        action="store_true",
        help="do not export; compare Paddle fp32 against Paddle fp64 (same weights)",
    )
    ap.add_argument(
        "--verify",
        action="store_true",
        help="do not export; re-run saved fixtures and diff against stored outputs",
    )
    args = ap.parse_args()
    if args.only:
        names = list(args.only)
    else:
        names = list(MODELS) + (list(LARGE_MODELS) if args.large else [])
    out_root = os.path.abspath(args.out)
    if args.measure:
        for name in names:
            batches = saved_batches(os.path.join(out_root, name))
            if batches is None:
                batches = make_batches(build(name)[4], SEEDS[name])
            measure(name, partial(_seeded_build, name), SEEDS[name], batches)
        return 0
    if args.verify:
        for name in names:
            verify(name, os.path.join(out_root, name))
        return 0
    os.makedirs(out_root, exist_ok=True)
    for name in names:
        export_model(name, out_root)
    write_union(out_root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
