"""Generate old-program conformance fixtures with real PaddlePaddle 2.6.2 (CPU).

Paddle 2.6 writes the legacy ProgramDesc format by default. The models here
use the 2.x static-graph APIs that emit the older op variants (`mul` from
`paddle.static.nn.fc`, conv bias as `elementwise_add` with axis=1,
`hard_swish`, `downgrade_in_infer` dropout, `reduce_*`, `arg_max`, `matmul`
v1, `lookup_table` v1, ...). Reference outputs come from reloading the saved
files and running Paddle's executor.

Test-time tool only. It needs its own venv:

    python3 -m venv paddle26-venv && . paddle26-venv/bin/activate
    pip install paddlepaddle==2.6.2 numpy
    python tests/conformance/export_v2.py [--out DIR] [--only NAME ...]
    python tests/conformance/export_v2.py --measure   # fp32 vs fp64
    python tests/conformance/export_v2.py --verify    # rerun saved models

See tests/fixtures/models_v2/README.md for the layout and the models.
"""

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import shutil
import sys
from functools import partial

import numpy as np
import paddle
import paddle.nn.functional as F
from export_common import (  # this folder: the script runs as a file
    BATCHES,
    make_batches,
    measure,
    param_roles,
    randomize_params,
    record_references,
    saved_batches,
    verify,
    write_json,
)
from paddle import nn
from paddle.base import unique_name
from paddle.base.proto import framework_pb2

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(REPO, "tests", "fixtures", "models_v2")


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------

def raw_op(op_type, inputs, attrs, out_slot="Out", dtype=None):
    """Append one op directly (only for ops no 2.6 Python API emits any more)."""
    block = paddle.static.default_main_program().current_block()
    if dtype is None:
        dtype = next(iter(inputs.values()))[0].dtype
    out = block.create_var(name=unique_name.generate(op_type + ".tmp"), dtype=dtype)
    block.append_op(type=op_type, inputs=inputs, outputs={out_slot: [out]}, attrs=attrs)
    return out


def create_param(name, shape, dtype):
    return paddle.static.create_parameter(shape=shape, dtype=dtype,
                                          attr=paddle.ParamAttr(name=unique_name.generate(name)))


def normal_inputs(specs):
    """specs: feed name -> per-sample shape; values N(0,1)."""
    def make(rng, batch, dtype):
        return {n: rng.standard_normal((batch, *tuple(s))).astype(dtype) for n, s in specs.items()}
    return make


# --------------------------------------------------------------------------
# models: builder(dtype) -> (feed_vars, fetch_vars, make_inputs(rng, batch, dtype))
# They run inside program_guard + unique_name.guard. The saved program is
# main.clone(for_test=True), which sets is_test=True on batch_norm/dropout.
# --------------------------------------------------------------------------

def build_fc_mlp_v2(dtype):
    fc = paddle.static.nn.fc
    x = paddle.static.data("x", [-1, 4, 8], dtype)
    z = paddle.static.data("z", [-1, 12], dtype)
    h1 = fc(x, 16, num_flatten_dims=2, activation="relu")  # mul x_num_col_dims=2 -> [-1,4,16]
    h2 = fc([h1, x], 32, activation="sigmoid")  # 2x mul (3-D X flattened) + sum
    h3 = fc(z, 32, activation="tanh", bias_attr=False)               # mul only
    h = paddle.add(h2, h3)
    h4 = fc(h, 32, activation="relu")
    y = F.softmax(fc(h4, 10), axis=-1)
    return [x, z], [y], normal_inputs({"x": (4, 8), "z": (12,)})


def build_cnn_v2(dtype):
    snn = paddle.static.nn
    x = paddle.static.data("image", [-1, 3, 32, 32], dtype)
    h = snn.conv2d(x, 8, 3, padding=1)  # conv2d + elementwise_add axis=1
    h = snn.batch_norm(h, act="relu")
    h = F.max_pool2d(h, 3, stride=2, padding=1, ceil_mode=True)      # 32 -> 17
    h = snn.conv2d(h, 8, 3, padding="SAME", groups=8, use_cudnn=False)  # depthwise, SAME
    h = F.relu6(snn.batch_norm(h))
    h = snn.conv2d(h, 16, 3, stride=2, padding=[1, 1], dilation=1)   # 17 -> 9
    h = F.hardswish(h)
    h = F.avg_pool2d(h, 3, stride=2, padding=1, ceil_mode=True, exclusive=False)  # 9 -> 5
    h = snn.conv2d(h, 16, 1, dilation=2)
    h = F.leaky_relu(h, negative_slope=0.1)
    h = F.avg_pool2d(h, 2, stride=2, ceil_mode=True)                 # exclusive=True, 5 -> 3
    h = snn.prelu(h, mode="channel")
    h = F.dropout(h, p=0.25, mode="downscale_in_infer")              # is_test after clone: x*(1-p)
    h = paddle.flatten(h, start_axis=1)                              # [-1, 144]
    h = paddle.static.nn.fc(h, 32, activation="relu")
    h = paddle.reshape(h, [-1, 4, 8])
    y = paddle.static.nn.fc(h, 10)
    return [x], [y], normal_inputs({"image": (3, 32, 32)})


TF_VOCAB, TF_SEQ, TF_D, TF_HEADS, TF_FF, TF_LAYERS = 100, 16, 32, 4, 64, 2
TF_PADS = (3, 0, 5, 8)  # trailing pad tokens (id 0) per sample of the b4 batch


class TinyEncoder(nn.Layer):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(TF_VOCAB, TF_D)
        self.pos = nn.Embedding(TF_SEQ, TF_D)
        layer = nn.TransformerEncoderLayer(TF_D, TF_HEADS, TF_FF, dropout=0.1,
                                           activation="gelu", normalize_before=True)
        self.encoder = nn.TransformerEncoder(layer, TF_LAYERS, norm=nn.LayerNorm(TF_D))
        self.pool = nn.Linear(TF_D, TF_D)

    def forward(self, ids, pos, dtype):
        pad = paddle.cast(paddle.equal(ids, paddle.full([1], 0, "int64")), dtype)
        mask = paddle.unsqueeze(paddle.scale(pad, scale=-1e4), axis=[1, 2])  # [-1,1,1,S]
        h = self.word(ids) + self.pos(pos)
        h = self.encoder(h, src_mask=mask)
        return paddle.tanh(self.pool(h[:, 0]))


def build_transformer_v2(dtype):
    ids = paddle.static.data("src_ids", [-1, TF_SEQ], "int64")
    pos = paddle.static.data("pos_ids", [-1, TF_SEQ], "int64")
    m = TinyEncoder()
    m.eval()
    y = m(ids, pos, dtype)

    def make(rng, batch, dtype):
        src = rng.integers(1, TF_VOCAB, size=(batch, TF_SEQ)).astype("int64")
        for i in range(batch):
            n = TF_PADS[i % len(TF_PADS)]
            if n:
                src[i, -n:] = 0
        return {"src_ids": src, "pos_ids": np.tile(np.arange(TF_SEQ, dtype="int64"), (batch, 1))}
    return [ids, pos], [y], make


def build_misc_v2(dtype):
    a = paddle.static.data("a", [-1, 6, 8], dtype)
    ids = paddle.static.data("ids", [-1, 5, 1], "int64")
    # matmul_v2 (trans_y) and legacy matmul v1 (alpha, 3-D x 2-D broadcast)
    g = paddle.matmul(a, a, transpose_y=True)                         # [-1,6,6]
    w = create_param("matmul_w", [8, 4], dtype)
    m1 = raw_op("matmul", {"X": [a], "Y": [w]},
                {"transpose_X": False, "transpose_Y": False, "alpha": 0.5})   # [-1,6,4]
    c = paddle.concat([a, g, m1], axis=-1)                           # [-1,6,18]
    s1, s2 = paddle.split(c, 2, axis=1)                              # num=2 -> [-1,3,18] x2
    p1, p2 = paddle.split(c, [10, -1], axis=2)                       # sections with -1
    st = paddle.stack([s1, paddle.maximum(s1, s2)], axis=1)          # [-1,2,3,18]
    u = paddle.unsqueeze(paddle.mean(st, axis=1), axis=[1])          # reduce_mean, unsqueeze2
    u = paddle.squeeze(u, axis=[1])                                  # squeeze2 -> [-1,3,18]
    r = paddle.sum(u, axis=[1, 2], keepdim=True)                     # reduce_sum [-1,1,1]
    mx = paddle.max(p1, axis=-1)                                     # reduce_max [-1,6]
    t = paddle.transpose(p2, [0, 2, 1])                              # transpose2 [-1,8,6]
    e = paddle.divide(paddle.multiply(t, F.sigmoid(t)), paddle.exp(paddle.abs(t)) + 1.0)
    e = paddle.subtract(e, paddle.clip(t, -0.5, 0.5))
    e = e + paddle.pow(t, 2.0) * 0.1 + paddle.sqrt(paddle.abs(t) + 1.0)
    e = F.gelu(e, approximate=True) + F.hardsigmoid(t) + F.swish(t)
    ln = paddle.static.nn.layer_norm(e, begin_norm_axis=1)           # normalize over 8*6
    idx = paddle.assign(np.array([5, 0, 3], dtype="int64"))          # assign_value
    gat = paddle.gather(ln, idx, axis=2)                             # [-1,8,3]
    cs = paddle.cumsum(gat, axis=1)
    ex = paddle.expand(r, [-1, 8, 3]) * 0.01                         # expand_v2
    tl = paddle.tile(paddle.unsqueeze(mx[:, :3], axis=1), [1, 8, 1])  # slice, tile
    out = F.log_softmax(cs + ex + tl + paddle.full([1], 0.25, dtype), axis=-1)
    # reshape2 with a runtime shape (shape op + slice + ShapeTensor list)
    out = paddle.reshape(out, [paddle.shape(out)[0], -1])            # [-1,24]
    am = paddle.argmax(a, axis=-1)                                   # arg_max int64 [-1,6]
    # legacy lookup_table v1 (ids [-1,5,1], padding_idx)
    emb_w = create_param("lookup_w", [20, 8], dtype)
    emb = raw_op("lookup_table", {"Ids": [ids], "W": [emb_w]},
                 {"padding_idx": 0, "is_sparse": False, "is_distributed": False,
                  "remote_prefetch": False}, dtype=emb_w.dtype)       # [-1,5,8]
    emb = paddle.tanh(emb)

    def make(rng, batch, dtype):
        i = rng.integers(0, 20, size=(batch, 5, 1)).astype("int64")
        i[:, 0, 0] = 0  # exercise padding_idx
        return {"a": rng.standard_normal((batch, 6, 8)).astype(dtype), "ids": i}
    return [a, ids], [out, am, emb], make


def build_cond_v2(dtype):
    """paddle.static.nn.cond on a data-dependent predicate (conditional_block x2,
    logical_not, select_input), then a tensor array joined by tensor_array_to_tensor."""
    x = paddle.static.data("x", [-1, 6], dtype)
    w = create_param("cond_w", [6, 6], dtype)
    pred = paddle.mean(x) > 0.0
    out = paddle.static.nn.cond(pred, lambda: F.relu(paddle.matmul(x, w)),
                                lambda: paddle.tanh(x) - 1.0)
    arr = paddle.tensor.create_array(dtype)
    paddle.tensor.array_write(out, paddle.full([1], 0, "int64"), array=arr)
    paddle.tensor.array_write(x * 2.0, paddle.full([1], 1, "int64"), array=arr)
    stacked, _ = paddle.tensor.manipulation.tensor_array_to_tensor(arr, axis=1,
                                                                   use_stack=True)
    joined, _ = paddle.tensor.manipulation.tensor_array_to_tensor(arr, axis=1)
    return [x], [stacked, joined], normal_inputs({"x": (6,)})

def _interp_v1(op, x, attrs, out_size=None):
    """nearest_interp / bilinear_interp (v1: one float `scale`), as 1.x programs carry."""
    inputs = {"X": [x]}
    if out_size is not None:
        inputs["OutSize"] = [out_size]
    return raw_op(op, inputs, attrs)


def build_decoder_v2(dtype):
    snn = paddle.static.nn
    x = paddle.static.data("image", [-1, 4, 8, 8], dtype)
    h = snn.conv2d(x, 8, 3, padding=1, act="relu")                   # 8x8
    h = snn.conv2d_transpose(h, 6, filter_size=2, stride=2)           # conv2d_transpose + add
    h = snn.batch_norm(h, act="relu")                                 # 16x16
    d = F.conv2d_transpose(h, create_param("dw_w", [6, 1, 3, 3], dtype), stride=1,
                           padding=1, groups=6)                       # depthwise_conv2d_transpose
    # v1 ops with 2.x defaults (align_corners=True, align_mode=1) and explicit variants
    n1 = _interp_v1("nearest_interp", d, {"interp_method": "nearest", "scale": 2.0})  # 32x32
    b1 = _interp_v1("bilinear_interp", h, {"interp_method": "bilinear", "out_h": 32,
                                           "out_w": 32})
    size = paddle.assign(np.array([32, 32], dtype="int32"))
    b2 = _interp_v1("bilinear_interp", x, {"interp_method": "bilinear", "align_corners": False,
                                           "align_mode": 0, "out_h": 32, "out_w": 32}, size)
    u = paddle.concat([n1, b1, b2], axis=1)                           # 16 x 32x32
    u = snn.conv2d_transpose(u, 4, filter_size=3, stride=2, padding=1, output_size=[63, 64],
                             act="relu")                              # output_size, 63x64
    u = F.interpolate(u, size=[24, 20], mode="bilinear", align_corners=True)  # v2 op
    y = snn.conv2d(u, 3, 1)
    return [x], [y], normal_inputs({"image": (4, 8, 8)})

def build_math_v2(dtype):
    """The element-wise math and activation ops of the fam-math families as 2.x wrote them:
    round without `decimals` (ties away from zero; the halves below are exact ties),
    thresholded_relu without `value`, elementwise_fmax / fmin / heaviside, brelu, ..."""
    x = paddle.static.data("x", [-1, 4, 6], dtype)
    k = paddle.static.data("k", [-1, 4, 6], "int32")
    halves = paddle.floor(x * 4.0) / 2.0                             # k/2: round's ties
    r = paddle.round(halves) + paddle.trunc(x * 3.0)
    a = F.selu(x) + F.softsign(x) + F.softshrink(x, 0.3) + F.tanhshrink(x) + paddle.stanh(x)
    a = a + F.hardtanh(x, -0.5, 0.7) + F.thresholded_relu(x, 0.2) + F.hardshrink(x, 0.4)
    a = a + paddle.logit(F.sigmoid(x), eps=1e-3)
    m = F.maxout(paddle.reshape(a, [-1, 4, 2, 3]), groups=2, axis=1)  # [-1,2,2,3]
    t = paddle.tanh(x) * 0.9
    u = paddle.asin(t) + paddle.acos(t) + paddle.atanh(t) + paddle.tan(t)
    u = u + paddle.asinh(x) + paddle.acosh(paddle.abs(x) + 1.0) + paddle.cosh(x * 0.5)
    lg = paddle.log2(paddle.abs(x) + 0.5) + paddle.log10(paddle.abs(x) + 0.5)
    v = paddle.lerp(u, lg, F.sigmoid(lg)) + paddle.atan2(x, t) + paddle.heaviside(x, t)
    v = paddle.renorm(v + paddle.fmax(x, u) - paddle.fmin(x, lg), 2.0, 1, 2.0)
    flags = paddle.logical_xor(paddle.isfinite(paddle.log(x)), paddle.isinf(paddle.reciprocal(r)))
    v = v + paddle.cast(flags, dtype)
    bits = paddle.bitwise_xor(paddle.bitwise_or(k, k * 3), paddle.bitwise_not(k))

    def make(rng, batch, dtype):
        return {"x": rng.standard_normal((batch, 4, 6)).astype(dtype),
                "k": rng.integers(-1000, 1000, size=(batch, 4, 6)).astype("int32")}
    return [x, k], [v, r, m, bits], make


def build_vision_v2(dtype):
    snn = paddle.static.nn
    x = paddle.static.data("image", [-1, 4, 8, 8], dtype)
    v = paddle.static.data("volume", [-1, 2, 4, 6, 6], dtype)
    h = snn.conv2d(x, 8, 3, padding=1)
    h = snn.group_norm(h, groups=4, act="relu")                       # group_norm
    h = snn.prelu(h, mode="channel")                                  # prelu channel
    p, mask = F.max_pool2d(h, 2, 2, return_mask=True)                 # 2.6: no ceil_mode attr
    h = paddle.reshape(F.max_unpool2d(p, mask, 2, 2), [-1, 8, 8, 8]) + h  # unpool
    # no instance_norm: 2.6 declares its SavedMean / SavedVariance as [-N*C] ([-8]), which
    # fluidphi's load-time validation refuses (legacy_fluid/io/validate.py)
    h = snn.prelu(h, mode="element")                                  # prelu element
    theta = paddle.reshape(snn.fc(paddle.flatten(F.adaptive_avg_pool2d(h, 2), 1), 6,
                                  activation="tanh"), [-1, 2, 3]) * 0.2
    theta = theta + paddle.assign(np.array([[1, 0, 0], [0, 1, 0]], dtype=dtype))
    grid = F.affine_grid(theta, [4, 8, 8, 8], align_corners=True)    # attr output_shape
    s = F.grid_sample(h, grid, mode="nearest", padding_mode="reflection",
                      align_corners=True)                             # grid_sampler
    s = paddle.reshape(s, [-1, 8, 8, 8])
    s = F.pixel_unshuffle(F.pixel_shuffle(s, 2), 2)                   # 8 x 8x8
    s = F.channel_shuffle(s, 4)
    s = F.temporal_shift(s, seg_num=1, shift_ratio=0.25)
    c = snn.conv3d(v, 4, 3, padding=1, act="relu")                    # conv3d
    c = F.max_pool3d(c, 2, 2)                                         # pool3d max
    c = paddle.flatten(F.adaptive_avg_pool3d(c, [1, 2, 2]), 1)        # pool3d adaptive avg
    y = snn.prelu(snn.fc(paddle.flatten(F.avg_pool2d(s, 4), 1), 6), mode="all")
    z = F.label_smooth(F.softmax(snn.fc(paddle.concat([y, c], axis=1), 5)), epsilon=0.1)
    return [x, v], [s, z], normal_inputs({"image": (4, 8, 8), "volume": (2, 4, 6, 6)})


CTR_SLOTS = (("slot_user", 40, "SUM", True), ("slot_item", 60, "SUM", True),
             ("slot_ctx", 30, "SQRT", False))  # name, vocabulary, pooltype, use_cvm
CTR_DIM = 6  # embedding width; columns 0 and 1 are a feature's show and click counts
#: ids per sample and slot in the b4 batch (0: an empty sequence, pooled to zeros)
CTR_LENGTHS = {"slot_user": (3, 1, 0, 2), "slot_item": (2, 4, 1, 3), "slot_ctx": (1, 0, 2, 2)}


def build_ctr_v2(dtype):
    """A CTR recommender as 1.x / 2.x PaddleRec programs carry it: sparse id slots (LoD) ->
    lookup_table v1 (is_sparse) -> sequence_pool -> cvm (the show / click input) -> concat
    -> data_norm -> fc stack -> sigmoid."""
    snn = paddle.static.nn
    show_click = paddle.static.data("show_click", [-1, 2], dtype)
    dense = paddle.static.data("dense", [-1, 3], dtype)
    feeds, pooled = [], []
    for name, vocab, pooltype, use_cvm in CTR_SLOTS:
        ids = paddle.static.data(name, [-1, 1], "int64", lod_level=1)
        table = create_param(f"{name}_emb", [vocab, CTR_DIM], dtype)
        emb = raw_op("lookup_table", {"Ids": [ids], "W": [table]},
                     {"is_sparse": True, "is_distributed": False, "padding_idx": -1,
                      "remote_prefetch": False}, dtype=table.dtype)
        feeds.append(ids)
        pooled.append(snn.continuous_value_model(snn.sequence_pool(emb, pooltype),
                                                 show_click, use_cvm=use_cvm))
    # per-slot normalisation: a slot without shows (an empty sequence) stays zero
    slots = snn.data_norm(paddle.concat(pooled[:2], axis=1), name="dn_slots", slot_dim=CTR_DIM)
    h = snn.data_norm(paddle.concat([slots, pooled[2], dense], axis=1), name="dn_all")
    h = snn.fc(h, 16, activation="relu")
    h = snn.fc(h, 8, activation="relu")
    y = F.sigmoid(snn.fc(h, 1))

    def make(rng, batch, dtype):
        inputs = {"show_click": rng.uniform(0.0, 5.0, (batch, 2)).astype(dtype),
                  "dense": rng.standard_normal((batch, 3)).astype(dtype)}
        for name, vocab, _, _ in CTR_SLOTS:
            lengths = CTR_LENGTHS[name][:batch]
            ids = rng.integers(0, vocab, size=(sum(lengths), 1)).astype("int64")
            inputs[name] = (ids, [0, *np.cumsum(lengths).tolist()])
        return inputs
    return [*feeds, show_click, dense], [y], make


def ctr_counts(program, scope, place, rng):
    """Embedding rows hold a feature's show and click counts in columns 0 and 1 (show >= 0,
    click <= show), as CTR tables learn them: cvm takes their logarithms."""
    roles = param_roles(program)
    for name in sorted(n for n, role in roles.items() if role == ("lookup_table", "W")):
        tensor = scope.find_var(name).get_tensor()
        table = np.array(tensor)
        show = rng.uniform(0.0, 8.0, table.shape[0])
        table[:, 0] = show
        table[:, 1] = show * rng.uniform(0.0, 0.5, table.shape[0])
        tensor.set(table, place)


NLP_VOCAB, NLP_EMB, NLP_D, NLP_CLASSES = 30, 8, 5, 3
NLP_LENGTHS = (5, 2, 7, 3)  # words per sentence of the b4 batch


def _recurrent(op_type, x, size, gates, slots, attrs, dtype):
    """fluid's dynamic_lstm / dynamic_gru as 1.x wrote them (2.6 has no Python API that
    emits `lstm` / `gru`): Weight [D, gates * D], Bias [1, bias width], every output slot
    (the Batch* workspaces too) a variable."""
    w = create_param(op_type + "_w", [size, gates * size], dtype)
    b = create_param(op_type + "_b", [1, slots.pop("bias_width")], dtype)
    block = paddle.static.default_main_program().current_block()
    outs = {slot: [block.create_var(name=unique_name.generate(f"{op_type}_{slot}"), dtype=dtype)]
            for slot in slots["outputs"]}
    block.append_op(type=op_type, inputs={"Input": [x], "Weight": [w], "Bias": [b]},
                    outputs=outs, attrs=attrs)
    return outs["Hidden"][0]


def build_nlp_lod_v2(dtype):
    """An old fluid text classifier over LoD word ids: lookup_table (v1) -> fc -> lstm
    (peepholes) -> fc -> gru (reverse, origin_mode) -> sequence_pool (max) and
    sequence_pool (last) of the lstm -> fc -> softmax."""
    snn = paddle.static.nn
    words = paddle.static.data("words", [-1, 1], "int64", lod_level=1)
    emb_w = create_param("emb_w", [NLP_VOCAB, NLP_EMB], dtype)
    emb = raw_op("lookup_table", {"Ids": [words], "W": [emb_w]},
                 {"padding_idx": -1, "is_sparse": False, "is_distributed": False,
                  "remote_prefetch": False}, dtype=dtype)             # [-1, 8], LoD
    proj = snn.fc(emb, 4 * NLP_D)                                      # mul + elementwise_add
    lstm_h = _recurrent("lstm", proj, NLP_D, 4,
                        {"bias_width": 7 * NLP_D,
                         "outputs": ("Hidden", "Cell", "BatchGate", "BatchCellPreAct")},
                        {"use_peepholes": True, "is_reverse": False,
                         "gate_activation": "sigmoid", "cell_activation": "tanh",
                         "candidate_activation": "tanh"}, dtype)
    gru_in = snn.fc(lstm_h, 3 * NLP_D)
    gru_h = _recurrent("gru", gru_in, NLP_D, 3,
                       {"bias_width": 3 * NLP_D,
                        "outputs": ("Hidden", "BatchGate", "BatchResetHiddenPrev",
                                    "BatchHidden")},
                       {"is_reverse": True, "origin_mode": True, "activation": "tanh",
                        "gate_activation": "sigmoid"}, dtype)
    pooled = paddle.concat([snn.sequence_pool(gru_h, "max"),
                            snn.sequence_pool(lstm_h, "last")], axis=1)   # [-1, 2D]
    y = F.softmax(snn.fc(pooled, NLP_CLASSES), axis=-1)

    def make(rng, batch, dtype):
        lengths = [NLP_LENGTHS[i % len(NLP_LENGTHS)] for i in range(batch)]
        ids = rng.integers(0, NLP_VOCAB, size=(sum(lengths), 1)).astype("int64")
        return {"words": (ids, [int(o) for o in np.concatenate([[0], np.cumsum(lengths)])])}
    return [words], [y, pooled], make


# name -> (builder, description, save_inference_model clip_extra)
MODELS = {
    "fc_mlp_v2": (build_fc_mlp_v2,
                  "paddle.static.nn.fc stack (mul + elementwise_add): num_flatten_dims=2 on a "
                  "3-D feed, a 2-input fc (2x mul + sum), a bias-free fc, relu/sigmoid/tanh, "
                  "softmax; feeds x [-1,4,8], z [-1,12]", True),
    "cnn_v2": (build_cnn_v2,
               "paddle.static.nn.conv2d/batch_norm/prelu, pool2d ceil_mode + exclusive "
               "variants, relu6/hard_swish/leaky_relu, downgrade_in_infer dropout, flatten, "
               "reshape, fc; saved with clip_extra=False (extra attrs kept, as 2.0-2.3 "
               "exports); feed image [-1,3,32,32]", False),
    "transformer_v2": (build_transformer_v2,
                       "paddle.nn.TransformerEncoder (2 pre-norm layers, d 32, 4 heads, ff 64, "
                       "gelu, final LayerNorm, eval mode) over word+position Embedding with a "
                       "pad mask from src_ids==0; first token -> Linear -> tanh; feeds "
                       "src_ids/pos_ids int64 [-1,16]", True),
    "misc_v2": (build_misc_v2,
                "assorted 2.x tensor ops (matmul_v2 trans_y, matmul v1, concat, split, stack, "
                "reduce_*, arg_max, unsqueeze2/squeeze2, gather, cumsum, expand_v2, tile, "
                "layer_norm begin_norm_axis=1, reshape2 with ShapeTensor, lookup_table v1); "
                "feeds a f32 [-1,6,8], ids i64 [-1,5,1]; 3 fetches", True),
    "cond_v2": (build_cond_v2,
                "paddle.static.nn.cond on mean(x) > 0 (conditional_block x2, logical_not, "
                "select_input; a matmul+relu branch and a tanh branch), then a tensor array "
                "stacked and concatenated (tensor_array_to_tensor); feed x [-1,6]", True),
    "decoder_v2": (build_decoder_v2,
                   "decoder ops as 2.x programs carry them: paddle.static.nn.conv2d_transpose "
                   "(+ elementwise_add axis=1 bias; output_size), depthwise_conv2d_transpose, "
                   "v1 nearest_interp / bilinear_interp (scale, out_h/out_w, OutSize, 2.x "
                   "defaults align_corners=True align_mode=1), bilinear_interp_v2; feed image "
                   "[-1,4,8,8]", True),
    "math_v2": (build_math_v2,
                "2.x element-wise math and activations (round without decimals: ties away "
                "from zero; trunc, selu, softsign, softshrink, tanh_shrink, stanh, brelu, "
                "thresholded_relu without value, hard_shrink, logit, maxout, asin/acos/atanh/"
                "tan/asinh/acosh/cosh, log2/log10, lerp, atan2, heaviside, fmax/fmin, renorm, "
                "isfinite_v2/isinf_v2, logical_xor, bitwise_or/xor/not); feeds x f32 "
                "[-1,4,6], k i32 [-1,4,6]; 4 fetches", True),
    "vision_v2": (build_vision_v2,
                  "vision layers as 2.6 programs carry them: static.nn group_norm, "
                  "prelu (channel / element / all), conv3d; max_pool2d_with_index "
                  "without ceil_mode (2.6 has none) + unpool, affine_grid (output_shape attr) + "
                  "grid_sampler (nearest, reflection), pixel_shuffle/unshuffle, channel_shuffle, "
                  "temporal_shift, pool3d max and adaptive avg, label_smooth; saved with "
                  "clip_extra=False; feeds image [-1,4,8,8], volume [-1,2,4,6,6]", False),
    "ctr_v2": (build_ctr_v2,
               "CTR recommender: 3 sparse id slots (int64 [-1,1], LoD level 1, an empty "
               "sequence in b4) -> lookup_table v1 (is_sparse, 6 wide: show, click, 4 "
               "features) -> sequence_pool (SUM, SUM, SQRT) -> cvm (use_cvm true, true, "
               "false; CVM input show_click [-1,2]) -> concat -> data_norm (slot_dim 6) -> "
               "concat with dense [-1,3] -> data_norm -> fc 16 relu -> fc 8 relu -> fc 1 -> "
               "sigmoid; data_norm statistics random, embedding show / click columns counts",
               True),
    "nlp_lod_v2": (build_nlp_lod_v2,
                   "an old fluid NLP program over LoD sequences: word ids [-1,1] with one "
                   "LoD level (sentences of 5/2/7/3 words) -> lookup_table v1 -> fc -> lstm "
                   "(peepholes; dynamic_lstm's op) -> fc -> gru (reverse, origin_mode; "
                   "dynamic_gru's op), both appended as 1.x wrote them (no 2.6 API emits "
                   "them) -> sequence_pool max (gru) and last (lstm) -> concat -> fc -> "
                   "softmax; fetches the softmax and the pooled features; saved with "
                   "clip_extra=False (a clipped gru cannot run)", False),
}
#: Parameter values a model needs beyond `randomize_params` (name -> function of program,
#: scope, place, rng), applied after it.
ADJUST_PARAMS = {"ctr_v2": ctr_counts}
#: Fixed per model (a new model never changes another's weights): append new names.
SEEDS = {name: 2000 + i for i, name in enumerate(
    ("fc_mlp_v2", "cnn_v2", "transformer_v2", "misc_v2", "cond_v2", "decoder_v2", "math_v2",
     "vision_v2", "ctr_v2"))} | {"nlp_lod_v2": 2008}  # exported alongside ctr_v2, with its seed


def blank_callstacks(pdmodel_path):
    """Empty every op's op_callstack (source paths and line numbers) in the saved file.

    Keeps the attribute (type STRINGS) so the file has the same shape as a
    real export, but makes it independent of where this script lives.
    """
    desc = framework_pb2.ProgramDesc()
    with open(pdmodel_path, "rb") as f:
        desc.ParseFromString(f.read())
    for block in desc.blocks:
        for op in block.ops:
            for attr in op.attrs:
                if attr.name == "op_callstack":
                    del attr.strings[:]
    with open(pdmodel_path, "wb") as f:
        f.write(desc.SerializeToString(deterministic=True))


# --------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------

def build(name, dtype="float32"):
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = SEEDS[name]
    paddle.seed(SEEDS[name])
    with paddle.static.program_guard(main, startup), unique_name.guard():
        feeds, fetches, make_inputs = MODELS[name][0](dtype)
    return main, startup, feeds, fetches, make_inputs


def export_model(name, out_root):
    place = paddle.CPUPlace()
    out_dir = os.path.join(out_root, name)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    prefix = os.path.join(out_dir, "model")
    clip_extra = MODELS[name][2]

    main, startup, feeds, fetches, make_inputs = build(name)
    test_prog = main.clone(for_test=True)
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(place)
        exe.run(startup)
        randomize_params(main, scope, place, SEEDS[name], "float32")
        if name in ADJUST_PARAMS:
            ADJUST_PARAMS[name](main, scope, place, np.random.default_rng(SEEDS[name] + 1))
        # Paddle 2.x appends a scale(1.0) op per fetch named save_infer_model/scale_N.tmp_M;
        # a fresh name generator keeps those names independent of --only / model order.
        with unique_name.guard():
            paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=test_prog,
                                               clip_extra=clip_extra)
    blank_callstacks(prefix + ".pdmodel")

    batches = make_batches(make_inputs, SEEDS[name], "float32")
    described = record_references(prefix, batches, out_dir)
    meta = {
        "name": name,
        "description": MODELS[name][1],
        "paddle_version": paddle.__version__,
        "paddle_commit": getattr(paddle.version, "commit", None),
        "format": "legacy ProgramDesc (Paddle 2.6 default), paddle.static.save_inference_model",
        "clip_extra": clip_extra,
        "op_callstack": "emptied after saving (kept as an empty STRINGS attr)",
        "seed": SEEDS[name],
        "batch_sizes": list(BATCHES),
        "files": [*sorted(os.listdir(out_dir)), "meta.json"],
        **described,
    }
    write_json(os.path.join(out_dir, "meta.json"), meta)
    print(f"exported {name:<15s} ops={described['op_counts']}")
    return meta


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--only", nargs="+", choices=sorted(MODELS))
    ap.add_argument("--measure", action="store_true",
                    help="Paddle fp32 vs fp64 on the saved inputs")
    ap.add_argument("--verify", action="store_true", help="rerun saved models, diff stored outputs")
    args = ap.parse_args()
    names = list(args.only) if args.only else list(MODELS)
    out_root = os.path.abspath(args.out)
    if args.measure:
        for name in names:
            batches = saved_batches(os.path.join(out_root, name))
            if batches is None:
                batches = make_batches(build(name)[4], SEEDS[name], "float32")
            measure(name, partial(build, name), SEEDS[name], batches, ADJUST_PARAMS.get(name))
        return 0
    if args.verify:
        for name in names:
            verify(name, os.path.join(out_root, name))
        return 0
    os.makedirs(out_root, exist_ok=True)
    for name in names:
        export_model(name, out_root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
