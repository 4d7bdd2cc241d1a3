"""Export legacy-format *training* programs with real Paddle 3.3.1, and Paddle's own run of
them, for fluidphi's step-by-step training tests (Paddle is a test-time tool only).

    python tests/conformance/export_train.py [--only NAME...]

Per program, tests/fixtures/train/NAME/ holds:
  state.pdmodel / state.pdparams / state.pdopt  paddle.static.save right after the startup
                                                program ran: the main program (forward,
                                                backward and optimizer ops) and the initial
                                                parameters and optimizer state (pickles)
  startup.pdmodel  the startup program (initializer ops) that made that initial state
  paddle_save.pdparams  the same initial state as paddle.save(main.state_dict()) writes it
  steps.npz      the feeds of every step: key `{step}/{feed name}`
  expected.npz   Paddle's results: `{step}/{fetch}` per step, `param:{name}` after the last
  meta.json      feeds, fetches, steps, persistable names, paddle version, `lods` (the
                 LoD of each LoD feed, `{step}/{feed}`), and `fused`:
                 per buffer a startup `coalesce_tensor` made (an RNN layer's flat weight),
                 the parameters it holds in order (Paddle's parameters alias it, so the
                 buffer's final value is their concatenation; the main program never names
                 the link)

Beside them, tests/fixtures/train/initializers.pdmodel is the startup program of layers with
Paddle's default initializers (Linear: uniform_random, Conv2D: gaussian_random, Embedding,
BatchNorm, LayerNorm: fill_constant), and initializers.npz the values Paddle drew (for shapes,
dtypes and exact constants; random draws are never bit-identical).

Generation is deterministic (fixed seeds, unique_name.guard, fixed zip timestamps).
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import shutil

import numpy as np
import paddle
import paddle.nn.functional as F
from export_common import save_npz
from export_train_controlflow import controlflow_programs
from paddle import nn
from paddle.base import unique_name
from paddle.base.layer_helper import LayerHelper

paddle.enable_static()


def _legacy_op(op_type, inputs, attrs=None):
    """One legacy op through LayerHelper; returns its Out. Paddle 3.3.1 routes
    paddle.matmul / F.gelu / paddle.sqrt / paddle.maximum to _C_ops even in legacy static
    mode (its generated tensor-method patch), which refuses legacy Variables; this appends
    the op those functions emit in a legacy program."""
    helper = LayerHelper(op_type)
    first = next(iter(inputs.values()))
    out = helper.create_variable_for_type_inference(first.dtype)
    helper.append_op(type=op_type, inputs=inputs, outputs={"Out": out}, attrs=attrs or {})
    return out


# ClipGradByGlobalNorm calls these two (paddle/nn/clip.py)
paddle.sqrt = lambda x, name=None: _legacy_op("sqrt", {"X": x})
paddle.maximum = lambda x, y, name=None: _legacy_op("elementwise_max", {"X": x, "Y": y},
                                                    {"axis": -1})
# cond's false branch condition (paddle/static/nn/control_flow.py)
paddle.logical_not = lambda x, out=None, name=None: _legacy_op("logical_not", {"X": x})

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "fixtures", "train")
STEPS = 4
#: programs Paddle runs right only once per executor: Paddle 3.3.1's while_grad gives garbage
#: (1e26, then NaN) for the gradient of a tensor array the loop reads from its second run on
ONE_STEP = {"while_rnn_embed_sgd"}
BATCH = 6


def _mlp(optimizer):
    def build():
        x = paddle.static.data("x", [-1, 8], "float32")
        y = paddle.static.data("y", [-1, 1], "int64")
        h = F.relu(nn.Linear(8, 16)(x))
        logits = nn.Linear(16, 4)(h)
        loss = paddle.mean(F.cross_entropy(logits, y))
        optimizer().minimize(loss)

        def feeds(rng):
            return {"x": rng.standard_normal((BATCH, 8)).astype("float32"),
                    "y": rng.integers(0, 4, size=(BATCH, 1)).astype("int64")}

        return feeds, [loss]

    return build


def _cnn_bn_adam():
    """conv -> batch_norm -> relu -> max pool -> depthwise conv -> batch_norm (+ the pooled
    input: its gradient is summed from two @RENAME@ parts) -> relu -> adaptive avg pool ->
    flatten -> Linear; softmax cross entropy, mean; Adam."""
    def build():
        x = paddle.static.data("image", [-1, 3, 12, 12], "float32")
        y = paddle.static.data("label", [-1, 1], "int64")
        # no conv bias before batch_norm: its true gradient is 0, and Adam would blow the
        # rounding noise of that 0 up to +-lr steps (different noise in every engine)
        h = F.relu(nn.BatchNorm2D(8)(nn.Conv2D(3, 8, 3, padding=1, bias_attr=False)(x)))
        pooled = F.max_pool2d(h, kernel_size=2, stride=2)
        dw = nn.BatchNorm2D(8, momentum=0.8)(
            nn.Conv2D(8, 8, 3, padding=1, groups=8, bias_attr=False)(pooled))
        h = F.relu(dw + pooled)
        h = paddle.flatten(F.adaptive_avg_pool2d(h, 1), 1)
        logits = nn.Linear(8, 5)(h)
        loss = paddle.mean(F.cross_entropy(logits, y))
        paddle.optimizer.Adam(learning_rate=0.01).minimize(loss)

        def feeds(rng):
            return {"image": rng.standard_normal((BATCH, 3, 12, 12)).astype("float32"),
                    "label": rng.integers(0, 5, size=(BATCH, 1)).astype("int64")}

        return feeds, [loss]

    return build

def _lstm_momentum():
    """Dense time-major input (lookup_table_v2_grad, slice_grad and transpose2_grad are not on
    main yet: no embedding, no batch-major transposes, no last-step slice)."""
    steps, features, hidden, classes = 5, 8, 6, 4
    l2 = paddle.regularizer.L2Decay
    x = paddle.static.data("x", [steps, -1, features], "float32")
    y = paddle.static.data("y", [-1, 1], "int64")
    out, _ = nn.LSTM(features, hidden, num_layers=2, direction="bidirect", time_major=True)(x)
    head = nn.Linear(2 * hidden, classes, weight_attr=paddle.ParamAttr(regularizer=l2(5e-3)))
    logits = head(paddle.mean(out, axis=0))
    loss = paddle.mean(F.cross_entropy(logits, y))
    paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9,
                              weight_decay=l2(1e-3)).minimize(loss)

    def feeds(rng):
        return {"x": rng.standard_normal((steps, BATCH, features)).astype("float32"),
                "y": rng.integers(0, classes, size=(BATCH, 1)).astype("int64")}

    return feeds, [loss]


def _gru_nesterov():
    """Variable-length sequences (SequenceLength fed, int64) through a bidirectional GRU."""
    steps, features, hidden, classes = 5, 8, 6, 4
    x = paddle.static.data("x", [steps, -1, features], "float32")
    lens = paddle.static.data("lens", [-1], "int64")
    y = paddle.static.data("y", [-1, 1], "int64")
    out, _ = nn.GRU(features, hidden, direction="bidirect", time_major=True)(
        x, sequence_length=lens)
    logits = nn.Linear(2 * hidden, classes)(paddle.mean(out, axis=0))
    loss = paddle.mean(F.cross_entropy(logits, y))
    paddle.optimizer.Momentum(learning_rate=0.05, momentum=0.9, use_nesterov=True,
                              weight_decay=paddle.regularizer.L2Decay(1e-3)).minimize(loss)

    def feeds(rng):
        return {"x": rng.standard_normal((steps, BATCH, features)).astype("float32"),
                "lens": rng.integers(1, steps + 1, size=BATCH).astype("int64"),
                "y": rng.integers(0, classes, size=(BATCH, 1)).astype("int64")}

    return feeds, [loss]


def _transformer_adamw():
    """One pre-norm transformer block over token ids, mean-pooled into a classifier."""
    vocab, seq, dim, hidden, classes = 16, 5, 8, 16, 3

    def build():
        ids = paddle.static.data("ids", [-1, seq], "int64")
        y = paddle.static.data("y", [-1, 1], "int64")
        x = nn.Embedding(vocab, dim, padding_idx=0)(ids)
        h = nn.LayerNorm(dim)(x)
        # no key bias: it shifts every score of a query alike, so softmax cancels it and its
        # true gradient is 0; AdamW would turn that 0's rounding noise into +-lr steps
        # that differ between engines
        q, v = nn.Linear(dim, dim)(h), nn.Linear(dim, dim)(h)
        k = nn.Linear(dim, dim, bias_attr=False)(h)
        scores = _legacy_op("matmul_v2", {"X": q, "Y": k}, {"trans_x": False, "trans_y": True})
        attn = F.dropout(F.softmax(paddle.scale(scores, dim ** -0.5), axis=-1), p=0.1)
        ctx = _legacy_op("matmul_v2", {"X": attn, "Y": v}, {"trans_x": False, "trans_y": False})
        x = x + nn.Linear(dim, dim)(ctx)
        h = nn.LayerNorm(dim)(x)
        ffn = nn.Linear(hidden, dim)(_legacy_op("gelu", {"X": nn.Linear(dim, hidden)(h)},
                                                {"approximate": False}))
        x = x + F.dropout(ffn, p=0.1)
        logits = nn.Linear(dim, classes)(paddle.mean(x, axis=1))
        loss = paddle.mean(F.cross_entropy(logits, y))
        paddle.optimizer.AdamW(
            learning_rate=0.01, weight_decay=0.05,
            apply_decay_param_fun=lambda n: n.endswith(".w_0") and "layer_norm" not in n,
            grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5)).minimize(loss)

        def feeds(rng):
            return {"ids": rng.integers(0, vocab, size=(BATCH, seq)).astype("int64"),
                    "y": rng.integers(0, classes, size=(BATCH, 1)).astype("int64")}

        return feeds, [loss]

    return build


def _seq_conv_pool_sgd():
    """Token ids as a 1-level LoD tensor (one sequence per example, 1..5 tokens): embedding,
    sequence_conv (context 3, centered) + bias + tanh, sequence_pool MAX, Linear to one
    logit; sigmoid_cross_entropy_with_logits against 0/1 labels, the v1 mean; SGD."""
    vocab, dim, filters = 20, 8, 6

    def build():
        ids = paddle.static.data("ids", [-1], "int64", lod_level=1)
        label = paddle.static.data("label", [-1, 1], "float32")
        emb = paddle.static.nn.embedding(ids, size=[vocab, dim])
        conv = paddle.static.nn.sequence_lod.sequence_conv(emb, num_filters=filters,
                                                           filter_size=3, act="tanh")
        pooled = paddle.static.nn.sequence_lod.sequence_pool(conv, "max")
        logits = paddle.static.nn.fc(pooled, 1)
        per_example = _legacy_op("sigmoid_cross_entropy_with_logits",
                                 {"X": logits, "Label": label})
        loss = _legacy_op("mean", {"X": per_example})
        paddle.optimizer.SGD(learning_rate=0.5).minimize(loss)

        def feeds(rng):
            lengths = rng.integers(1, 6, size=BATCH)
            offsets = np.concatenate([[0], np.cumsum(lengths)]).tolist()
            return {"ids": LoDFeed(rng.integers(0, vocab, size=offsets[-1]).astype("int64"),
                                   [offsets]),
                    "label": rng.integers(0, 2, size=(BATCH, 1)).astype("float32")}

        return feeds, [loss]

    return build


def _seq_lstm_sgd():
    """Token ids as a 1-level LoD tensor (one sequence per example, 1..5 tokens): embedding,
    fc to the 4D gate projections, fluid's LoD lstm (peepholes, training: its BatchGate /
    BatchCellPreAct feed lstm_grad; appended by hand, no 3.x API emits it), sequence_pool
    MAX, fc to 3 classes; softmax_with_cross_entropy, mean; SGD. D = 5: no multiple of 8,
    so Paddle's CPU lstm kernels take their plain C++ path."""
    vocab, dim, d, classes = 20, 6, 5, 3

    def build():
        ids = paddle.static.data("ids", [-1], "int64", lod_level=1)
        label = paddle.static.data("label", [-1, 1], "int64")
        emb = paddle.static.nn.embedding(ids, size=[vocab, dim])
        proj = paddle.static.nn.fc(emb, 4 * d)
        helper = LayerHelper("lstm")
        uniform = paddle.ParamAttr(initializer=nn.initializer.Uniform(-0.5, 0.5))
        weight = helper.create_parameter(uniform, [d, 4 * d], "float32")
        bias = helper.create_parameter(uniform, [1, 7 * d], "float32", is_bias=True)
        outs = {slot: helper.create_variable_for_type_inference("float32")
                for slot in ("Hidden", "Cell", "BatchGate", "BatchCellPreAct")}
        helper.append_op(type="lstm", inputs={"Input": proj, "Weight": weight, "Bias": bias},
                         outputs=outs, attrs={"use_peepholes": True, "is_reverse": False,
                                              "is_test": False})
        pooled = paddle.static.nn.sequence_lod.sequence_pool(outs["Hidden"], "max")
        logits = paddle.static.nn.fc(pooled, classes)
        loss = _legacy_op("mean", {"X": F.softmax_with_cross_entropy(logits, label)})
        paddle.optimizer.SGD(learning_rate=0.5).minimize(loss)

        def feeds(rng):
            lengths = rng.integers(1, 6, size=BATCH)
            offsets = np.concatenate([[0], np.cumsum(lengths)]).tolist()
            return {"ids": LoDFeed(rng.integers(0, vocab, size=offsets[-1]).astype("int64"),
                                   [offsets]),
                    "label": rng.integers(0, classes, size=(BATCH, 1)).astype("int64")}

        return feeds, [loss]

    return build


def _seq_gru_sgd():
    """Token ids as a 1-level LoD tensor (1..5 tokens per example): embedding, fc to the 3
    * hidden gate projections, fluid's LoD `gru` (appended by hand: no Paddle 3.3.1 API
    emits it; hidden 5, no multiple of 8, so Paddle's CPU kernels take their plain C++
    path), sequence_pool AVERAGE, fc to the classes; softmax_with_cross_entropy, mean;
    SGD."""
    vocab, dim, hidden, classes = 20, 8, 5, 3

    def build():
        ids = paddle.static.data("ids", [-1], "int64", lod_level=1)
        label = paddle.static.data("label", [-1, 1], "int64")
        emb = paddle.static.nn.embedding(ids, size=[vocab, dim])
        gates = paddle.static.nn.fc(emb, 3 * hidden)
        helper = LayerHelper("gru")
        weight = helper.create_parameter(attr=paddle.ParamAttr(name="gru_0.w_0"),
                                         shape=[hidden, 3 * hidden], dtype="float32")
        bias = helper.create_parameter(attr=paddle.ParamAttr(name="gru_0.b_0"),
                                       shape=[1, 3 * hidden], dtype="float32", is_bias=True)
        outs = {slot: helper.create_variable_for_type_inference("float32")
                for slot in ("BatchGate", "BatchResetHiddenPrev", "BatchHidden", "Hidden")}
        helper.append_op(type="gru", inputs={"Input": gates, "Weight": weight, "Bias": bias},
                         outputs=outs, attrs={"activation": "tanh",
                                              "gate_activation": "sigmoid",
                                              "is_reverse": False, "origin_mode": False})
        pooled = paddle.static.nn.sequence_lod.sequence_pool(outs["Hidden"], "average")
        logits = paddle.static.nn.fc(pooled, classes)
        loss = paddle.mean(F.softmax_with_cross_entropy(logits, label))
        paddle.optimizer.SGD(learning_rate=0.5).minimize(loss)

        def feeds(rng):
            lengths = rng.integers(1, 6, size=BATCH)
            offsets = np.concatenate([[0], np.cumsum(lengths)]).tolist()
            return {"ids": LoDFeed(rng.integers(0, vocab, size=offsets[-1]).astype("int64"),
                                   [offsets]),
                    "label": rng.integers(0, classes, size=(BATCH, 1)).astype("int64")}

        return feeds, [loss]

    return build


PROGRAMS = {
    "mlp_sgd": (_mlp(lambda: paddle.optimizer.SGD(learning_rate=0.1)),
                "2-layer MLP (Linear, relu), softmax cross entropy, mean; SGD lr 0.1"),
    "mlp_adam": (_mlp(lambda: paddle.optimizer.Adam(learning_rate=0.01)),
                 "the same MLP; Adam lr 0.01"),
    "cnn_bn_adam": (_cnn_bn_adam(),
                    "conv2d + batch_norm + relu + max pool, depthwise conv + batch_norm + "
                    "residual + relu, adaptive avg pool, flatten, Linear; softmax cross "
                    "entropy, mean; Adam lr 0.01"),
    "lstm_momentum": (_lstm_momentum,
                      "2-layer bidirectional LSTM (time-major dense input, 5 steps, hidden 6), "
                      "mean over time, Linear (own L2Decay 5e-3), softmax cross entropy, mean; "
                      "Momentum lr 0.1 mu 0.9 with L2Decay 1e-3 (both fused into the momentum "
                      "ops as regularization_method l2_decay)"),
    "gru_nesterov": (_gru_nesterov,
                     "bidirectional GRU over time-major dense input with per-sequence lengths "
                     "(1..5 of 5 steps), mean over time, Linear, softmax cross entropy, mean; "
                     "Momentum lr 0.05 mu 0.9, use_nesterov, L2Decay 1e-3"),
    "transformer_adamw": (_transformer_adamw(),
                          "embedding (padding_idx 0), pre-norm attention block (layer_norm, "
                          "q/k/v Linear (no key bias), matmul, scale, softmax, dropout 0.1), "
                          "FFN with exact gelu and dropout, residuals, mean pool, Linear; "
                          "softmax cross entropy, mean; AdamW lr 0.01, weight decay 0.05 on "
                          "non-norm weights only (with_decay per parameter), "
                          "ClipGradByGlobalNorm 0.5"),
}
PROGRAMS.update({
    "mlp_adamax": (_mlp(lambda: paddle.optimizer.Adamax(learning_rate=0.02)),
                   "the same MLP; Adamax lr 0.02 (adamax ops, beta1 pow advanced by scale ops)"),
    "mlp_adadelta": (_mlp(lambda: paddle.optimizer.Adadelta(learning_rate=1.0, rho=0.9)),
                     "the same MLP; Adadelta lr 1.0 rho 0.9"),
    "mlp_amsgrad": (_mlp(lambda: paddle.optimizer.Adam(learning_rate=0.01, amsgrad=True)),
                    "the same MLP; Adam lr 0.01 with amsgrad (Moment2Max)"),
    "mlp_adamw_amsgrad": (_mlp(lambda: paddle.optimizer.AdamW(
        learning_rate=0.01, weight_decay=0.05, amsgrad=True)),
        "the same MLP; AdamW lr 0.01, weight decay 0.05 on every parameter, with amsgrad "
        "(Moment2Max)"),
    "seq_conv_pool_sgd": (_seq_conv_pool_sgd(),
                          "LoD token ids (1..5 per example): embedding, sequence_conv "
                          "(context 3) + bias + tanh, sequence_pool MAX, Linear; "
                          "sigmoid_cross_entropy_with_logits, the v1 mean; SGD lr 0.5"),
    "seq_lstm_sgd": (_seq_lstm_sgd(),
                     "LoD token ids (1..5 per example): embedding, fc to 4D, fluid's LoD lstm "
                     "(D 5, peepholes; lstm_grad from its BatchGate / BatchCellPreAct), "
                     "sequence_pool MAX, fc; softmax_with_cross_entropy, the v1 mean; SGD "
                     "lr 0.5"),
})
SEEDS = {"mlp_sgd": 3000, "mlp_adam": 3001, "cnn_bn_adam": 3002, "lstm_momentum": 3003,
         "gru_nesterov": 3004, "transformer_adamw": 3005, "mlp_adamax": 3006,
         "mlp_adadelta": 3007, "mlp_amsgrad": 3008, "seq_conv_pool_sgd": 3009,
         "seq_lstm_sgd": 3010}
PROGRAMS["seq_gru_sgd"] = (_seq_gru_sgd(),
                          "LoD token ids (1..5 per example): embedding, fc to the gate "
                          "projections, fluid's LoD gru (hidden 5), sequence_pool AVERAGE, "
                          "fc; softmax_with_cross_entropy, mean; SGD lr 0.5")
SEEDS["seq_gru_sgd"] = 3012
SEEDS["mlp_adamw_amsgrad"] = 3013


def _stn_upsample_sgd():
    """A spatial-transformer head over an upsampled feature map: conv + relu, bilinear
    upsampling (half-pixel), pixel_unshuffle, channel_shuffle, theta from a pooled Linear,
    affine_grid, grid_sampler (bilinear, border; built by LayerHelper: F.grid_sample wants a
    PIR Value), adaptive avg pool, Linear; softmax cross entropy, mean; SGD."""
    def build():
        x = paddle.static.data("image", [-1, 3, 8, 8], "float32")
        y = paddle.static.data("label", [-1, 1], "int64")
        h = F.relu(nn.Conv2D(3, 4, 3, padding=1)(x))
        up = F.interpolate(h, scale_factor=2, mode="bilinear", align_corners=False)
        d = F.channel_shuffle(F.pixel_unshuffle(up, 2), 4)
        theta = paddle.reshape(
            nn.Linear(16, 6)(paddle.flatten(F.adaptive_avg_pool2d(d, 1), 1)), [-1, 2, 3])
        grid = F.affine_grid(theta, [BATCH, 16, 6, 6], align_corners=False)
        helper = LayerHelper("grid_sampler")
        sampled = helper.create_variable_for_type_inference("float32")
        helper.append_op(type="grid_sampler", inputs={"X": d, "Grid": grid},
                         outputs={"Output": sampled},
                         attrs={"mode": "bilinear", "padding_mode": "border",
                                "align_corners": False})
        logits = nn.Linear(16, 5)(paddle.flatten(F.adaptive_avg_pool2d(sampled, 1), 1))
        loss = paddle.mean(F.cross_entropy(logits, y))
        paddle.optimizer.SGD(learning_rate=0.1).minimize(loss)

        def feeds(rng):
            return {"image": rng.standard_normal((BATCH, 3, 8, 8)).astype("float32"),
                    "label": rng.integers(0, 5, size=(BATCH, 1)).astype("int64")}

        return feeds, [loss]

    return build


PROGRAMS["stn_upsample_sgd"] = (_stn_upsample_sgd(),
                               "conv2d + relu, bilinear_interp_v2 x2 (half-pixel), "
                               "pixel_unshuffle, channel_shuffle, theta = Linear of the "
                               "pooled map, affine_grid, grid_sampler (bilinear, border), "
                               "adaptive avg pool, Linear; softmax cross entropy, mean; SGD "
                               "lr 0.1")
SEEDS["stn_upsample_sgd"] = 3040


def _einsum_sgd():
    """einsum in a training program: a per-step projection 'bti,ij->btj' by a parameter,
    tanh, a sum over the steps 'btj->bj' (one operand), a bilinear score 'bj,jk,bk->b'
    (paddle.einsum splits it into two-operand ops), Linear; softmax cross entropy, mean;
    SGD."""
    def build():
        x = paddle.static.data("x", [-1, 3, 4], "float32")
        y = paddle.static.data("y", [-1, 1], "int64")
        w = paddle.create_parameter([4, 5], "float32")
        m = paddle.create_parameter([5, 5], "float32")
        h = _legacy_op("tanh", {"X": paddle.einsum("bti,ij->btj", x, w)})
        pooled = paddle.einsum("btj->bj", h)
        score = paddle.einsum("bj,jk,bk->b", pooled, m, pooled)
        feat = paddle.concat([pooled, paddle.unsqueeze(score, 1)], axis=1)
        logits = nn.Linear(6, 3)(feat)
        loss = paddle.mean(F.cross_entropy(logits, y))
        paddle.optimizer.SGD(learning_rate=0.05).minimize(loss)

        def feeds(rng):
            return {"x": rng.standard_normal((BATCH, 3, 4)).astype("float32"),
                    "y": rng.integers(0, 3, size=(BATCH, 1)).astype("int64")}

        return feeds, [loss]

    return build


PROGRAMS["einsum_sgd"] = (_einsum_sgd(),
                         "einsum 'bti,ij->btj' by a parameter, tanh, einsum 'btj->bj', a "
                         "bilinear einsum 'bj,jk,bk->b' (two einsum ops), concat, Linear; "
                         "softmax cross entropy, mean; SGD lr 0.05")
SEEDS["einsum_sgd"] = 3060


PROGRAMS.update(controlflow_programs(_legacy_op, BATCH))
SEEDS.update({"while_tanh_sgd": 3050, "cond_branches_sgd": 3051, "while_rnn_sgd": 3052,
              "while_rnn_embed_sgd": 3053})


class LoDFeed:
    """A feed with a LoD (offsets per level): fed to Paddle as a LoD tensor; steps.npz holds
    its values and meta.json `lods` its LoD (`{step}/{feed}`)."""

    def __init__(self, array, lod):
        self.array, self.lod = array, lod

    def tensor(self):
        t = paddle.base.core.DenseTensor()
        t.set(self.array, paddle.CPUPlace())
        t.set_lod(self.lod)
        return t


def _fused_buffers(startup):
    """{FusedOutput: [Output...]} of the startup program's coalesce_tensor ops."""
    fused = {}
    for op in startup.global_block().ops:
        if op.type == "coalesce_tensor":
            assert not op.attr("use_align"), "aligned fused buffers are not recorded"
            fused[op.output("FusedOutput")[0]] = op.output("Output")
    return fused


def export(name):
    build, description = PROGRAMS[name]
    seed = SEEDS[name]
    n_steps = 1 if name in ONE_STEP else STEPS
    paddle.seed(seed)
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = seed
    with paddle.static.program_guard(main, startup), unique_name.guard():
        make_feeds, fetches = build()
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    out_dir = os.path.join(OUT, name)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        paddle.static.save(main, os.path.join(out_dir, "state"))
        with open(os.path.join(out_dir, "startup.pdmodel"), "wb") as f:
            f.write(startup.desc.serialize_to_string())
        paddle.save(main.state_dict(), os.path.join(out_dir, "paddle_save.pdparams"))
        rng = np.random.default_rng(seed)
        steps, expected, lods = {}, {}, {}
        for step in range(n_steps):
            feeds = make_feeds(rng)
            steps.update({f"{step}/{k}": getattr(v, "array", v) for k, v in feeds.items()})
            lods.update({f"{step}/{k}": v.lod for k, v in feeds.items()
                         if isinstance(v, LoDFeed)})
            values = exe.run(main, feed={k: v.tensor() if isinstance(v, LoDFeed) else v
                                         for k, v in feeds.items()}, fetch_list=fetches)
            expected.update({f"{step}/{f.name}": np.asarray(v) for f, v in zip(fetches, values)})
        persistables = sorted(v.name for v in main.list_vars() if v.persistable
                              and scope.find_var(v.name) is not None
                              and scope.find_var(v.name).get_tensor()._is_initialized())
        for pname in persistables:
            expected[f"param:{pname}"] = np.array(scope.find_var(pname).get_tensor())
    save_npz(os.path.join(out_dir, "steps.npz"), steps)
    save_npz(os.path.join(out_dir, "expected.npz"), expected)
    meta = {"description": description, "paddle_version": paddle.__version__, "seed": seed,
            "steps": n_steps, "feeds": sorted({k.split("/", 1)[1] for k in steps}),
            "fetches": [f.name for f in fetches], "persistables": persistables,
            "op_types": sorted({op.type for op in main.global_block().ops}),
            "startup_op_types": sorted({op.type for op in startup.global_block().ops}),
            "fused": _fused_buffers(startup), **({"lods": lods} if lods else {})}
    with open(os.path.join(out_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"exported {name}: {len(main.global_block().ops)} ops, {meta['steps']} steps")


def export_initializers():
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = 3100
    with paddle.static.program_guard(main, startup), unique_name.guard():
        x = paddle.static.data("x", [-1, 4, 4, 4], "float32")
        h = nn.BatchNorm2D(16)(nn.Conv2D(4, 16, 3)(x))
        h = nn.LayerNorm(32)(nn.Linear(16 * 2 * 2, 32)(paddle.flatten(h, 1)))
        nn.Embedding(50, 24)(paddle.static.data("ids", [-1, 1], "int64"))
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        paddle.static.Executor(paddle.CPUPlace()).run(startup)
        values = {v.name: np.array(scope.find_var(v.name).get_tensor())
                  for v in startup.list_vars() if v.persistable}
    with open(os.path.join(OUT, "initializers.pdmodel"), "wb") as f:
        f.write(startup.desc.serialize_to_string())
    save_npz(os.path.join(OUT, "initializers.npz"), values)
    print(f"exported initializers: {sorted({op.type for op in startup.global_block().ops})}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=sorted(PROGRAMS))
    args = parser.parse_args()
    for name in args.only or sorted(PROGRAMS):
        export(name)
    if not args.only:
        export_initializers()


if __name__ == "__main__":
    main()
