"""Generate conformance fixtures with real PaddlePaddle (CPU, legacy ProgramDesc).

Test-time tool only; it needs a separate venv with paddlepaddle==3.3.1:

    python3 -m venv paddle-venv && . paddle-venv/bin/activate
    pip install paddlepaddle==3.3.1 numpy
    python tests/conformance/export.py [--out DIR] [--only NAME ...] [--large]
    python tests/conformance/export.py --measure   # fp32-vs-fp64 error report

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
from export_census_models import MODELS as CENSUS_MODELS
from export_common import (  # this folder: the script runs as a file
    BATCHES,
    MAX_VARIANTS,
    image_inputs,
    legacy_op,
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
# models
# Each builder runs inside program_guard + unique_name.guard and returns
# (feed_vars, fetch_vars, make_inputs) where make_inputs(rng, batch) -> dict.
# `dtype` is float32 for fixtures; --measure rebuilds them in float64.
# --------------------------------------------------------------------------


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
}
MODELS.update(FAMILY_MODELS)
MODELS.update(CENSUS_MODELS)
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
     "select_route", "fft_frontend", "linalg_head", "mobilenet_v2", "resnet50",
     "beam_decoder"))}


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
