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
import io
import json
import math
import shutil
import sys
import zipfile
from collections import Counter

import numpy as np
import paddle
import paddle.nn.functional as F
from paddle import nn
from paddle.base import core, unique_name
from paddle.base.framework import OpProtoHolder

paddle.enable_static()

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(REPO, "tests", "fixtures", "models")
BATCHES = (1, 4)
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


def save_npz(path, arrays):
    """np.savez-compatible archive with fixed timestamps (byte-deterministic)."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for key in arrays:
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(arrays[key]), allow_pickle=False)
            info = zipfile.ZipInfo(key + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, buf.getvalue())


def jsonable(v):
    if isinstance(v, (bool, int, str)) or v is None:
        return v
    if isinstance(v, float):
        if math.isinf(v) or math.isnan(v):
            return repr(v)
        return v
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, np.generic):
        return jsonable(v.item())
    if isinstance(v, np.ndarray):
        return jsonable(v.tolist())
    if hasattr(v, "idx") and hasattr(v, "ops"):  # sub-block
        return {"block_idx": v.idx}
    return repr(v)


def dtype_name(var_dtype):
    s = str(var_dtype)
    return s.rsplit(".", maxsplit=1)[-1].lower()


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


def build_lenet(dtype):
    x = paddle.static.data("image", [-1, 1, 28, 28], dtype)
    m = paddle.vision.models.LeNet(num_classes=10)
    m.eval()
    y = m(x)
    return [x], [y], image_inputs("image", (1, 28, 28), dtype)


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


def build_resnet18_small(dtype):
    x = paddle.static.data("image", [-1, 3, 32, 32], dtype)
    m = NarrowResNet18(base=16, num_classes=10)
    m.eval()
    y = m(x)
    return [x], [y], image_inputs("image", (3, 32, 32), dtype)


def build_resnet18(dtype):
    x = paddle.static.data("image", [-1, 3, 224, 224], dtype)
    m = paddle.vision.models.resnet18(num_classes=1000)
    m.eval()
    y = m(x)
    return [x], [y], image_inputs("image", (3, 224, 224), dtype)


def build_mobilenetv2(dtype):
    x = paddle.static.data("image", [-1, 3, 64, 64], dtype)
    m = paddle.vision.models.MobileNetV2(scale=0.25, num_classes=10)
    m.eval()
    y = m(x)
    return [x], [y], image_inputs("image", (3, 64, 64), dtype)


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
}
LARGE_MODELS = {
    "resnet18": (
        build_resnet18,
        "paddle.vision.models.resnet18 (full width, 1000 classes); feed image [-1,3,224,224]",
    ),
}
ALL_MODELS = {**MODELS, **LARGE_MODELS}
SEEDS = {name: 1000 + i for i, name in enumerate(ALL_MODELS)}


# --------------------------------------------------------------------------
# parameter initialisation (non-trivial values, fixed seed)
# --------------------------------------------------------------------------


def param_roles(program):
    roles = {}
    for block in program.blocks:
        for op in block.ops:
            for slot in op.input_names:
                for arg in op.input(slot):
                    roles.setdefault(arg, (op.type, slot))
    return roles


def init_value(role, shape, rng):
    op_type, slot = role
    shape = tuple(shape)
    if op_type in ("batch_norm", "layer_norm") and slot == "Scale":
        return rng.uniform(0.5, 1.5, shape)
    if op_type in ("batch_norm", "layer_norm") and slot == "Bias":
        return rng.uniform(-0.3, 0.3, shape)
    if op_type == "batch_norm" and slot == "Mean":
        return rng.uniform(-0.3, 0.3, shape)
    if op_type == "batch_norm" and slot == "Variance":
        return rng.uniform(0.5, 2.0, shape)
    if op_type in ("conv2d", "depthwise_conv2d") and slot == "Filter":
        fan_in = int(np.prod(shape[1:]))
        return rng.standard_normal(shape) * math.sqrt(2.0 / fan_in)
    if op_type == "matmul_v2" and slot == "Y":
        return rng.standard_normal(shape) * math.sqrt(1.5 / shape[0])
    if op_type == "lookup_table_v2" and slot == "W":
        return rng.standard_normal(shape) * 0.5
    if op_type == "elementwise_add":  # biases
        return rng.uniform(-0.2, 0.2, shape)
    return rng.standard_normal(shape) * 0.1


def randomize_params(program, scope, place, seed, dtype):
    rng = np.random.default_rng(seed)
    roles = param_roles(program)
    values = {}
    for var in sorted(program.list_vars(), key=lambda v: v.name):
        if not var.persistable or var.name in ("feed", "fetch"):
            continue
        if var.name not in roles:
            continue
        sv = scope.find_var(var.name)
        if sv is None:
            continue
        shape = tuple(np.array(sv.get_tensor()).shape)
        arr = init_value(roles[var.name], shape, rng)
        values[var.name] = arr
        sv.get_tensor().set(arr.astype(dtype), place)
    return values


# --------------------------------------------------------------------------
# program introspection
# --------------------------------------------------------------------------

SKIP_ATTR_VALUES = {"op_callstack"}
MAX_VARIANTS = 16


def describe_ops(program):
    counts = Counter()
    info = {}
    variants = {}
    for block in program.blocks:
        for op in block.ops:
            counts[op.type] += 1
            seen = variants.setdefault(op.type, {})
            for a in op.attr_names:
                if a in SKIP_ATTR_VALUES:
                    continue
                try:
                    v = jsonable(op.attr(a))
                except Exception:  # pragma: no cover
                    continue
                vals = seen.setdefault(a, [])
                if v not in vals and len(vals) < MAX_VARIANTS:
                    vals.append(v)
            if op.type in info:
                continue
            attrs, types = {}, {}
            for a in sorted(op.attr_names):
                types[a] = str(op.desc.attr_type(a)).split(".")[-1]
                if a in SKIP_ATTR_VALUES:
                    attrs[a] = "<omitted: %d source-location strings>" % len(op.attr(a))
                else:
                    try:
                        attrs[a] = jsonable(op.attr(a))
                    except Exception as e:  # pragma: no cover
                        attrs[a] = f"<unreadable: {type(e).__name__}>"
            info[op.type] = {
                "attrs": attrs,
                "attr_types": types,
                "inputs": {s: list(op.input(s)) for s in op.input_names},
                "outputs": {s: list(op.output(s)) for s in op.output_names},
            }
    for t, v in variants.items():
        # distinct values seen for each attribute, over all occurrences
        info[t]["attr_values_seen"] = {a: vals for a, vals in sorted(v.items())}
    return dict(sorted(counts.items())), dict(sorted(info.items()))


# --------------------------------------------------------------------------
# export one model
# --------------------------------------------------------------------------


def build(name, dtype="float32"):
    builder = ALL_MODELS[name][0]
    main, startup = paddle.static.Program(), paddle.static.Program()
    main.random_seed = startup.random_seed = SEEDS[name]
    with paddle.static.program_guard(main, startup), unique_name.guard():
        feeds, fetches, make_inputs = builder(dtype)
    return main, startup, feeds, fetches, make_inputs


def make_batches(make_inputs, seed):
    rng = np.random.default_rng(seed + 7)
    b4 = make_inputs(rng, 4)
    # batch-1 input is the first sample of the batch-4 input
    return {1: {k: v[:1].copy() for k, v in b4.items()}, 4: b4}


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
        randomize_params(main, paddle.static.global_scope(), place, SEEDS[name], "float32")
        paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=test_prog)

    # Reference outputs come from the saved files, in a fresh scope.
    batches = make_batches(make_inputs, SEEDS[name])
    scope2 = paddle.static.Scope()
    with paddle.static.scope_guard(scope2):
        exe = paddle.static.Executor(place)
        prog, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
        fetch_names = [v.name for v in fetch_targets]
        outs_by_batch = {}
        for b, inputs in batches.items():
            assert sorted(inputs) == sorted(feed_names), (inputs.keys(), feed_names)
            outs = exe.run(prog, feed=inputs, fetch_list=fetch_targets, return_numpy=True)
            outs_by_batch[b] = {n: np.asarray(o) for n, o in zip(fetch_names, outs)}
            save_npz(os.path.join(out_dir, "inputs_b%d.npz" % b), inputs)
            save_npz(os.path.join(out_dir, "outputs_b%d.npz" % b), outs_by_batch[b])
        gblock = prog.global_block()
        feed_meta = [
            {
                "name": n,
                "shape": list(gblock.var(n).shape),
                "dtype": dtype_name(gblock.var(n).dtype),
            }
            for n in feed_names
        ]
        fetch_meta = [
            {
                "name": n,
                "shape": list(gblock.var(n).shape),
                "dtype": dtype_name(gblock.var(n).dtype),
            }
            for n in fetch_names
        ]
        params = {
            v.name: {"shape": list(v.shape), "dtype": dtype_name(v.dtype)}
            for v in sorted(prog.list_vars(), key=lambda v: v.name)
            if v.persistable and v.name not in ("feed", "fetch")
        }
        counts, ops = describe_ops(prog)
        op_sequence = [op.type for op in gblock.ops]

    stats = {}
    for b, outs in outs_by_batch.items():
        for n, o in outs.items():
            stats["b%d/%s" % (b, n)] = {
                "shape": list(o.shape),
                "dtype": str(o.dtype),
                "min": float(o.min()),
                "max": float(o.max()),
                "mean_abs": float(np.abs(o).mean()),
                "finite": bool(np.isfinite(o).all()),
            }
            assert np.isfinite(o).all(), (name, n)
    files = [*sorted(os.listdir(out_dir)), "meta.json"]
    meta = {
        "name": name,
        "description": ALL_MODELS[name][1],
        "paddle_version": paddle.__version__,
        "paddle_commit": getattr(paddle.version, "commit", None),
        "format": "legacy ProgramDesc (FLAGS_enable_pir_api=0), save_inference_model",
        "seed": SEEDS[name],
        "batch_sizes": list(BATCHES),
        "files": files,
        "feeds": feed_meta,
        "fetches": fetch_meta,
        "num_params": len(params),
        "num_param_elements": int(sum(int(np.prod(p["shape"])) for p in params.values())),
        "params": params,
        "op_counts": counts,
        "op_sequence": op_sequence,
        "ops": ops,
        "output_stats": stats,
    }
    with open(os.path.join(out_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=False)
        f.write("\n")
    print("exported %-16s ops=%s" % (name, counts))
    return meta


# --------------------------------------------------------------------------
# union files
# --------------------------------------------------------------------------


def proto_entry(op_type):
    holder = OpProtoHolder.instance()
    if op_type not in holder.op_proto_map:
        return {"registered": False}
    proto = holder.get_op_proto(op_type)
    try:
        defaults = dict(core.get_op_attrs_default_value(op_type.encode()))
    except Exception:
        defaults = {}
    try:
        extra_defaults = dict(core.get_op_extra_attrs(op_type))
    except Exception:
        extra_defaults = {}

    def var_list(vs):
        return [
            {
                "name": v.name,
                "duplicable": v.duplicable,
                "intermediate": v.intermediate,
                "dispensable": v.dispensable,
                "extra": v.extra,
                "quant": v.quant,
            }
            for v in vs
        ]

    from paddle.base.proto import framework_pb2

    attrs = []
    for a in proto.attrs:
        e = {
            "name": a.name,
            "type": framework_pb2.AttrType.Name(a.type),
            "generated": a.generated,
            "extra": a.extra,
            "quant": a.quant,
            "support_tensor": a.support_tensor,
        }
        if a.name in defaults:
            e["default"] = jsonable(defaults[a.name])
        elif a.name in extra_defaults:
            e["default"] = jsonable(extra_defaults[a.name])
        else:
            e["default"] = "<none registered>"
        attrs.append(e)
    # extra attrs known to the runtime but absent from the proto
    proto_names = {a.name for a in proto.attrs}
    runtime_extra = {
        k: jsonable(v) for k, v in sorted(extra_defaults.items()) if k not in proto_names
    }
    return {
        "registered": True,
        "inputs": var_list(proto.inputs),
        "outputs": var_list(proto.outputs),
        "attrs": attrs,
        "runtime_extra_attrs": runtime_extra,
    }


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
    with open(os.path.join(out_root, "op_attrs.json"), "w") as f:
        json.dump(
            {"paddle_version": paddle.__version__, "ops": dict(sorted(union.items()))}, f, indent=1
        )
        f.write("\n")
    protos = {t: proto_entry(t) for t in sorted(used | set(EXTRA_PROTO_OPS))}
    with open(os.path.join(out_root, "op_protos.json"), "w") as f:
        json.dump(
            {
                "paddle_version": paddle.__version__,
                "note": "from OpProtoHolder + core.get_op_attrs_default_value/"
                "get_op_extra_attrs; proto comments omitted",
                "ops": protos,
            },
            f,
            indent=1,
        )
        f.write("\n")
    print("wrote op_attrs.json (%d ops), op_protos.json (%d ops)" % (len(union), len(protos)))


# --------------------------------------------------------------------------
# --measure: fp32 Paddle vs fp64 Paddle on the same weights and inputs
# --------------------------------------------------------------------------


def run_direct(name, dtype, batches):
    place = paddle.CPUPlace()
    prev = paddle.get_default_dtype()
    paddle.set_default_dtype(dtype)
    try:
        paddle.seed(SEEDS[name])
        main, startup, _feeds, fetches, _make_inputs = build(name, dtype)
    finally:
        paddle.set_default_dtype(prev)
    test_prog = main.clone(for_test=True)
    scope = paddle.static.Scope()
    res = {}
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(place)
        exe.run(startup)
        randomize_params(main, paddle.static.global_scope(), place, SEEDS[name], dtype)
        for b, inputs in batches.items():
            feed = {k: (v.astype(dtype) if v.dtype.kind == "f" else v) for k, v in inputs.items()}
            res[b] = [np.asarray(o) for o in exe.run(test_prog, feed=feed, fetch_list=fetches)]
    return res


def measure(names, out_root):
    report = {}
    for name in names:
        # inputs from the saved fixture if present, else regenerate
        batches = {}
        for b in BATCHES:
            p = os.path.join(out_root, name, "inputs_b%d.npz" % b)
            if os.path.exists(p):
                with np.load(p) as z:
                    batches[b] = {k: z[k] for k in z.files}
        if len(batches) != len(BATCHES):
            _, _, _, _, mk = build(name)
            batches = make_batches(mk, SEEDS[name])
        r32 = run_direct(name, "float32", batches)
        r64 = run_direct(name, "float64", batches)
        rep = {}
        for b in BATCHES:
            for i, (a, t) in enumerate(zip(r32[b], r64[b])):
                err = np.abs(a.astype(np.float64) - t)
                rep["b%d/out%d" % (b, i)] = {
                    "max_abs_err": float(err.max()),
                    "max_abs_ref": float(np.abs(t).max()),
                    "rel_err_normwise": float(err.max() / max(np.abs(t).max(), 1e-30)),
                    "max_elementwise_rel": float((err / (np.abs(t) + 1e-6)).max()),
                }
            # also: saved-fixture reference vs fp64
            p = os.path.join(out_root, name, "outputs_b%d.npz" % b)
            if os.path.exists(p):
                with np.load(p) as z:
                    for i, k in enumerate(z.files):
                        err = np.abs(z[k].astype(np.float64) - r64[b][i])
                        rep["b%d/fixture_vs_fp64/%s" % (b, k)] = {
                            "max_abs_err": float(err.max()),
                            "rel_err_normwise": float(
                                err.max() / max(np.abs(r64[b][i]).max(), 1e-30)
                            ),
                        }
        report[name] = rep
        print(name, json.dumps(rep, indent=1))
    return report


def verify(names, out_root):
    """Re-run the saved models with the current OMP setting; report diff vs stored outputs."""
    place = paddle.CPUPlace()
    worst = {}
    for name in names:
        d = os.path.join(out_root, name)
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe = paddle.static.Executor(place)
            prog, _feed_names, fetch_targets = paddle.static.load_inference_model(
                os.path.join(d, "model"), exe
            )
            for b in BATCHES:
                with np.load(os.path.join(d, "inputs_b%d.npz" % b)) as z:
                    feed = {k: z[k] for k in z.files}
                with np.load(os.path.join(d, "outputs_b%d.npz" % b)) as z:
                    ref = {k: z[k] for k in z.files}
                outs = exe.run(prog, feed=feed, fetch_list=fetch_targets)
                for v, o in zip(fetch_targets, outs):
                    err = float(np.abs(np.asarray(o, np.float64) - ref[v.name]).max())
                    rel = err / max(float(np.abs(ref[v.name]).max()), 1e-30)
                    worst["%s/b%d/%s" % (name, b, v.name)] = (err, rel)
    for k, (e, r) in worst.items():
        print("%-50s max_abs=%.3e normwise_rel=%.3e" % (k, e, r))
    return worst


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--only", nargs="+", choices=sorted(ALL_MODELS))
    ap.add_argument(
        "--large", action="store_true", help="also export the full resnet18 (not committed)"
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
        measure(names, out_root)
        return 0
    if args.verify:
        verify(names, out_root)
        return 0
    os.makedirs(out_root, exist_ok=True)
    for name in names:
        export_model(name, out_root)
    write_union(out_root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
